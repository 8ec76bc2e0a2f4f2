import LayersIcon from '@mui/icons-material/Layers';
import { IconButton, Menu, MenuItem, Paper } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_STYLES, type MapStyleId } from './map-styles';

/** Choice of base map; Mapbox styles are offered only when an access token is configured. */
export const MapStyleSwitcher = ({ value, hasMapboxToken, onChange }: { value: MapStyleId; hasMapboxToken: boolean; onChange: (id: MapStyleId) => void }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choices = MAP_STYLES.filter((id) => hasMapboxToken || !id.startsWith('mapbox'));
  return (
    <Paper sx={{ position: 'absolute', top: 150, right: 10, zIndex: 1 }}>
      <IconButton size="small" aria-label={t('mapLayer')} onClick={(event) => setAnchor(event.currentTarget)}>
        <LayersIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {choices.map((id) => (
          <MenuItem
            key={id}
            selected={id === value}
            onClick={() => {
              setAnchor(null);
              onChange(id);
            }}
          >
            {t(`map${id[0]!.toUpperCase()}${id.slice(1)}`)}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
};

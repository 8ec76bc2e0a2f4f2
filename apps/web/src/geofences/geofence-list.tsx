import { LinearProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { Geofence } from '@tracklane/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RemoveDialog } from '../settings/components/remove-dialog';
import { RowMenu } from '../settings/components/row-menu';

export interface GeofenceListProps {
  geofences: Geofence[] | undefined;
  selectedId: number | undefined;
  onSelect(id: number | undefined): void;
}

/** The user's geofences by name; picking one shows it on the map, its menu edits or removes it. */
export const GeofenceList = ({ geofences, selectedId, onSelect }: GeofenceListProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<number>();

  if (!geofences) return <LinearProgress />;
  return (
    <>
      {geofences.length === 0 && <Typography color="text.secondary" sx={{ p: 2 }}>{t('geofenceDrawHint')}</Typography>}
      <List dense data-testid="geofence-list">
        {geofences.map((geofence) => {
          // a geofence saved straight from the drawing has no name yet
          const label = geofence.name.trim() || t('geofenceUnnamed', { id: geofence.id });
          return (
            <ListItem key={geofence.id} disablePadding secondaryAction={<RowMenu label={label} onEdit={() => void navigate(`/geofence/${geofence.id}`)} onRemove={() => setRemoving(geofence.id)} />}>
              <ListItemButton selected={geofence.id === selectedId} onClick={() => onSelect(geofence.id === selectedId ? undefined : geofence.id)}>
                <ListItemText primary={label} slotProps={{ primary: { noWrap: true, color: geofence.name ? undefined : 'text.secondary' } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <RemoveDialog
        resource="geofences"
        itemId={removing}
        onClose={(removed) => {
          if (removed && removing === selectedId) onSelect(undefined);
          setRemoving(undefined);
        }}
      />
    </>
  );
};

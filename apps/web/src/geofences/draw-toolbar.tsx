import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import NearMeIcon from '@mui/icons-material/NearMe';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import PolylineIcon from '@mui/icons-material/Polyline';
import { Divider, IconButton, Paper, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawMode } from './draw-features';

const TOOLS: { mode: DrawMode; label: string; icon: ReactNode }[] = [
  { mode: 'select', label: 'geofenceDrawSelect', icon: <NearMeIcon /> },
  { mode: 'polygon', label: 'geofenceDrawPolygon', icon: <PentagonOutlinedIcon /> },
  { mode: 'linestring', label: 'geofenceDrawLine', icon: <PolylineIcon /> },
  { mode: 'circle', label: 'geofenceDrawCircle', icon: <CircleOutlinedIcon /> },
];

export interface DrawToolbarProps {
  mode: DrawMode;
  onModeChange(mode: DrawMode): void;
  /** Undefined while nothing saved is selected. */
  onDelete?: () => void;
}

/** The drawing tools over the map: select and edit, polygon, line, circle, and delete the selected shape. */
export const DrawToolbar = ({ mode, onModeChange, onDelete }: DrawToolbarProps) => {
  const { t } = useTranslation();
  return (
    <Paper sx={{ position: 'absolute', top: 10, left: 10, zIndex: 1, display: 'flex', flexDirection: 'column' }} role="toolbar" aria-label={t('geofenceDrawTools')}>
      <ToggleButtonGroup orientation="vertical" exclusive size="small" value={mode} onChange={(_, value: DrawMode | null) => value && onModeChange(value)}>
        {TOOLS.map((tool) => (
          <Tooltip key={tool.mode} title={t(tool.label)} placement="right">
            <ToggleButton value={tool.mode} aria-label={t(tool.label)} sx={{ border: 0 }}>
              {tool.icon}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <Divider />
      <Tooltip title={t('geofenceDeleteSelected')} placement="right">
        {/* a disabled button fires no events, so the tooltip needs a wrapper to listen */}
        <span>
          <IconButton aria-label={t('geofenceDeleteSelected')} disabled={!onDelete} onClick={onDelete} sx={{ borderRadius: 0, width: '100%' }}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
};

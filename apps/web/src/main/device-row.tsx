import BatteryFull from '@mui/icons-material/BatteryFull';
import { ListItemButton, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import type { Device } from '@tracklane/domain';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { batteryColor, formatPercent, statusColor } from '../common/formatters';
import { useLiveStore } from '../store/live-store';

dayjs.extend(relativeTime);

export interface DeviceRowProps {
  items: Device[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

const STATUS_KEYS = { online: 'deviceStatusOnline', offline: 'deviceStatusOffline', unknown: 'deviceStatusUnknown' } as const;

export const DeviceRow = ({ index, style, items, selectedId, onSelect }: DeviceRowProps & { index: number; style: CSSProperties }) => {
  const { t } = useTranslation();
  const device = items[index]!;
  // each row follows only its own battery, so position bursts re-render just the rows they change
  const battery = useLiveStore((state) => state.positions[device.id]?.attributes.batteryLevel);
  const status = device.status ?? 'offline';
  return (
    <ListItemButton style={style} selected={selectedId === device.id} onClick={() => onSelect(device.id)} data-testid={`device-${device.id}`}>
      <ListItemText
        primary={device.name}
        secondary={
          <Typography component="span" variant="body2" color={`${statusColor(status)}.main`} data-status={status}>
            {t(STATUS_KEYS[status])} · {device.lastUpdate ? dayjs(device.lastUpdate).fromNow() : t('deviceNever')}
          </Typography>
        }
      />
      {typeof battery === 'number' && (
        <Tooltip title={`${t('positionBatteryLevel')} ${formatPercent(battery)}`}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <BatteryFull fontSize="small" color={batteryColor(battery) === 'disabled' ? 'disabled' : batteryColor(battery)} data-battery={batteryColor(battery)} />
          </Stack>
        </Tooltip>
      )}
    </ListItemButton>
  );
};

import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from 'react-window';
import { useLiveStore } from '../store/live-store';
import { filterDevices } from './device-filter';
import { DeviceRow, type DeviceRowProps } from './device-row';

export const DEVICE_ROW_HEIGHT = 72;
export const DEVICE_LIST_OVERSCAN = 10;

export const DeviceList = ({ keyword }: { keyword: string }) => {
  const { t } = useTranslation();
  const devices = useLiveStore((state) => state.devices);
  const selectedId = useLiveStore((state) => state.selectedId);
  const select = useLiveStore((state) => state.select);
  const items = useMemo(() => filterDevices(Object.values(devices), keyword), [devices, keyword]);

  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('sharedNoDevices')}
      </Typography>
    );
  }
  return (
    <Box sx={{ flex: 1, minHeight: 0 }}>
      <List<DeviceRowProps>
        rowComponent={DeviceRow}
        rowCount={items.length}
        rowHeight={DEVICE_ROW_HEIGHT}
        overscanCount={DEVICE_LIST_OVERSCAN}
        rowProps={{ items, selectedId, onSelect: select }}
        style={{ height: '100%' }}
      />
    </Box>
  );
};

import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Button, Card, CardActions, CardContent, CardHeader, Dialog, DialogActions, DialogTitle, IconButton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteDevice } from '../api/devices';
import { useCatch } from '../common/use-catch';
import { formatCourse, formatDistance, formatPercent, formatSpeed } from '../common/formatters';
import { usePreferences } from '../common/use-preferences';
import { useLiveStore } from '../store/live-store';

/** The protocol whose cameras stream live video (JT808 terminals, over JT1078). */
const LIVE_VIDEO_PROTOCOL = 'jt808';

const STATUS_KEYS = { online: 'deviceStatusOnline', offline: 'deviceStatusOffline', unknown: 'deviceStatusUnknown' } as const;

/** The selected device: status, speed, battery, distance, course, and what to do with it. */
export const DevicePopup = ({ offsetLeft = 0 }: { offsetLeft?: number }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { speedUnit, distanceUnit } = usePreferences();
  const selectedId = useLiveStore((state) => state.selectedId);
  const device = useLiveStore((state) => (selectedId === undefined ? undefined : state.devices[selectedId]));
  const position = useLiveStore((state) => (selectedId === undefined ? undefined : state.positions[selectedId]));
  const select = useLiveStore((state) => state.select);
  const removeDevice = useLiveStore((state) => state.removeDevice);
  const [confirming, setConfirming] = useState(false);
  // a refused or failed delete keeps the device and says why in the error snackbar
  const remove = useCatch(
    useCallback(async () => {
      if (selectedId === undefined) return;
      setConfirming(false);
      await deleteDevice(selectedId);
      removeDevice(selectedId);
    }, [selectedId, removeDevice]),
  );
  if (!device) return null;

  const rows: [string, string][] = [[t('deviceStatus'), t(STATUS_KEYS[device.status ?? 'offline'])]];
  if (position) {
    rows.push([t('positionSpeed'), formatSpeed(position.speed, speedUnit)]);
    if (typeof position.attributes.batteryLevel === 'number') rows.push([t('positionBatteryLevel'), formatPercent(position.attributes.batteryLevel)]);
    if (typeof position.attributes.totalDistance === 'number') rows.push([t('positionDistance'), formatDistance(position.attributes.totalDistance, distanceUnit)]);
    rows.push([t('positionCourse'), formatCourse(position.course)]);
  }

  return (
    <>
      <Card sx={{ position: 'absolute', bottom: 16, left: `calc(50% + ${offsetLeft / 2}px)`, transform: 'translateX(-50%)', width: 320 }} data-testid="device-popup">
        <CardHeader title={device.name} action={<IconButton aria-label={t('sharedCancel')} onClick={() => select(undefined)}><CloseIcon /></IconButton>} />
        <CardContent sx={{ py: 0 }}>
          <Table size="small">
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell>{label}</TableCell>
                  <TableCell align="right">{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
        <CardActions>
          <Button size="small" disabled={!position} onClick={() => position && navigate(`/position/${position.id}`)}>
            {t('sharedInfoTitle')}
          </Button>
          <IconButton aria-label={t('sharedHistory')} onClick={() => navigate('/replay')}><ReplayIcon /></IconButton>
          <IconButton aria-label={t('deviceCommand')} onClick={() => navigate(`/settings/device/${device.id}/command`)}><SendIcon /></IconButton>
          {position?.protocol === LIVE_VIDEO_PROTOCOL && <IconButton aria-label={t('videoTitle')} onClick={() => navigate(`/video/${device.id}`)}><VideocamIcon /></IconButton>}
          <IconButton aria-label={t('sharedEdit')} onClick={() => navigate(`/device/${device.id}`)}><EditIcon /></IconButton>
          <IconButton aria-label={t('sharedRemove')} color="error" onClick={() => setConfirming(true)}><DeleteIcon /></IconButton>
        </CardActions>
      </Card>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('sharedRemoveConfirm')}</DialogTitle>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('sharedCancel')}</Button>
          <Button color="error" onClick={remove}>{t('sharedRemove')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

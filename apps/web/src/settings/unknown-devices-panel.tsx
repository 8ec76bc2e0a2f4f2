import AddIcon from '@mui/icons-material/Add';
import { Alert, AlertTitle, Button, Table, TableBody, TableCell, TableRow } from '@mui/material';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnknownDevices } from '../api/unknown-devices';
import { useLiveStore } from '../store/live-store';

dayjs.extend(relativeTime);

/** Trackers knocking with identifiers no device has, each one click from being added. */
export const UnknownDevicesPanel = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const administrator = useLiveStore((state) => state.user?.administrator ?? false);
  const unknown = useUnknownDevices(administrator).data ?? [];
  if (unknown.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mx: 2, mt: 2 }} data-testid="unknown-devices">
      <AlertTitle>{t('deviceUnknownTrackers')}</AlertTitle>
      <Table size="small">
        <TableBody>
          {unknown.map((entry) => (
            <TableRow key={entry.uniqueId}>
              <TableCell>{entry.uniqueId}</TableCell>
              <TableCell>{entry.protocol}</TableCell>
              <TableCell>{dayjs(entry.lastSeen).fromNow()}</TableCell>
              <TableCell align="right">
                <Button size="small" startIcon={<AddIcon />} onClick={() => navigate(`/device?uniqueId=${encodeURIComponent(entry.uniqueId)}`)}>
                  {t('sharedAdd')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Alert>
  );
};

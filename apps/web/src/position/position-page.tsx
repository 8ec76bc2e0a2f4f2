import { Container, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTopBar } from '../common/components/page-top-bar';
import { fetchDevice } from '../api/devices';
import { fetchPosition } from '../api/positions';
import { usePreferences } from '../common/use-preferences';
import { PositionValue } from './position-value';

/** Every non-object field and attribute of one position, as label and formatted value; files the tracker sent as links. */
export default function PositionPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const preferences = usePreferences();
  const { data: position } = useQuery({ queryKey: ['position', id], queryFn: () => fetchPosition(Number(id)), enabled: Boolean(id) });
  const deviceId = position?.deviceId;
  const { data: device } = useQuery({ queryKey: ['device', deviceId], queryFn: () => fetchDevice(deviceId!), enabled: deviceId !== undefined });

  const label = (key: string) => t(`position${key[0]!.toUpperCase()}${key.slice(1)}`, { defaultValue: t('sharedAttribute') + `: ${key}` });
  const rows = position
    ? [
        ...Object.entries(position).filter(([key, value]) => key !== 'attributes' && (value === null || typeof value !== 'object')),
        ...Object.entries(position.attributes).filter(([, value]) => value === null || typeof value !== 'object'),
      ]
    : [];

  return (
    <>
      <PageTopBar title={t('positionTitle')} />
      <Container maxWidth="sm" sx={{ py: 2 }}>
        <Paper>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('stateName')}</TableCell>
                <TableCell>{t('stateValue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell>{label(key)}</TableCell>
                  <TableCell data-key={key}>
                    <PositionValue name={key} value={value} uniqueId={device?.uniqueId} preferences={preferences} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      </Container>
    </>
  );
}

import { Autocomplete, TextField } from '@mui/material';
import { EVENT_TYPES, type Event } from '@tracklane/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '../api/resource-api';
import { eventLabel } from '../common/event-label';
import { ReportFilter } from './components/report-filter';
import { ReportGrid, type ReportColumn } from './components/report-grid';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** An event row as the spec lists it: a server may send its server time beside the event time. */
type EventRow = Event & { serverTime?: string | null };

// the spec's first column is the server time; Tracklane's server sends only eventTime (when it
// happened), which stands in until a reply carries serverTime
const serverTimeOf = (row: EventRow) => row.serverTime ?? row.eventTime;

/** /reports/event: events of the chosen types, with their geofence's name. */
export default function EventReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const report = useReport<EventRow>('events');
  const geofences = useResourceList('geofences').data;
  const [types, setTypes] = useState<string[]>([]);
  const columns = useMemo((): ReportColumn<EventRow>[] => {
    const geofenceName = (row: EventRow) => (row.geofenceId ? (geofences?.find((geofence) => geofence.id === row.geofenceId)?.name ?? '') : '');
    return [
      { field: 'serverTime', header: t('positionServerTime'), value: (row) => format.time(serverTimeOf(row)), sortBy: serverTimeOf, flex: 1.4 },
      { field: 'type', header: t('sharedType'), value: (row) => eventLabel(t, row.type) },
      { field: 'geofenceId', header: t('sharedGeofence'), value: geofenceName, sortBy: geofenceName },
      { field: 'maintenanceId', header: t('sharedMaintenance'), value: (row) => (row.maintenanceId ? String(row.maintenanceId) : '') },
    ];
  }, [t, format, geofences]);
  return (
    <>
      <ReportFilter onRun={(params, mode) => void report.run(params, mode)} loading={report.loading} extra={{ types }}>
        <Autocomplete
          multiple
          sx={{ minWidth: 220 }}
          options={[...EVENT_TYPES]}
          value={types}
          getOptionLabel={(type) => eventLabel(t, type)}
          onChange={(_, chosen) => setTypes(chosen)}
          renderInput={(params) => <TextField {...params} label={t('reportEventTypes')} placeholder={types.length ? undefined : t('eventAllEvents')} />}
        />
      </ReportFilter>
      <ReportGrid {...report} columns={columns} />
    </>
  );
}

import { Autocomplete, TextField } from '@mui/material';
import { EVENT_TYPES, type Event } from '@tracklane/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourceList } from '../api/resource-api';
import { eventLabel } from '../common/event-label';
import { ReportFilter } from './components/report-filter';
import { ReportGrid } from './components/report-grid';
import { useReportFormat } from './use-report-format';
import { useReport } from './use-report';

/** /reports/event: events of the chosen types, with their geofence's name. */
export default function EventReportPage() {
  const { t } = useTranslation();
  const format = useReportFormat();
  const report = useReport<Event>('events');
  const geofences = useResourceList('geofences').data ?? [];
  const maintenances = useResourceList('maintenance').data ?? [];
  const [types, setTypes] = useState<string[]>([]);
  const geofenceName = (id: number) => (id ? (geofences.find((geofence) => geofence.id === id)?.name ?? '') : '');
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
      <ReportGrid
        {...report}
        columns={[
          { field: 'eventTime', header: t('positionServerTime'), value: (row) => format.time(row.eventTime) },
          { field: 'type', header: t('sharedType'), value: (row) => eventLabel(t, row.type) },
          { field: 'geofenceId', header: t('sharedGeofence'), value: (row) => geofenceName(row.geofenceId) },
          { field: 'maintenanceId', header: t('sharedMaintenance'), value: (row) => (row.maintenanceId ? (maintenances.find((item) => item.id === row.maintenanceId)?.name ?? String(row.maintenanceId)) : '') },
        ]}
      />
    </>
  );
}

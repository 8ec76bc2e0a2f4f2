import { formatCoordinate } from '@tracklane/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration, formatSpeed, formatTime, formatVolume } from '../common/formatters';
import { usePreferences } from '../common/use-preferences';

/**
 * Report values in the user's units and time zone. The same object until a preference or the
 * language changes, so the grid's columns stay put (and keep the widths the user gave them).
 */
export const useReportFormat = () => {
  const { t } = useTranslation();
  const { timezone, distanceUnit, speedUnit, volumeUnit, coordinateFormat } = usePreferences();
  return useMemo(() => {
    const durationLabels = { hours: t('sharedHourAbbreviation'), minutes: t('sharedMinuteAbbreviation') };
    return {
      time: (value: string | null | undefined) => formatTime(value, timezone),
      date: (value: string | null | undefined) => formatTime(value, timezone, 'YYYY-MM-DD'),
      distance: (metres: number | null | undefined) => (metres === null || metres === undefined ? '' : formatDistance(metres, distanceUnit)),
      speed: (knots: number | null | undefined) => (knots === null || knots === undefined ? '' : formatSpeed(knots, speedUnit)),
      duration: (milliseconds: number | null | undefined) => (milliseconds ? formatDuration(milliseconds, durationLabels) : ''),
      volume: (litres: number | null | undefined) => (litres === null || litres === undefined ? '' : formatVolume(litres, volumeUnit)),
      coordinate: (value: number, axis: 'latitude' | 'longitude') => formatCoordinate(value, axis, coordinateFormat, 6),
      yesNo: (value: unknown) => (value === undefined || value === null ? '' : value ? t('sharedYes') : t('sharedNo')),
    };
  }, [t, timezone, distanceUnit, speedUnit, volumeUnit, coordinateFormat]);
};

export type ReportFormat = ReturnType<typeof useReportFormat>;

import { formatCoordinate } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { formatDistance, formatDuration, formatSpeed, formatTime, formatVolume } from '../common/formatters';
import { usePreferences } from '../common/use-preferences';

/** Report values in the user's units and time zone. */
export const useReportFormat = () => {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const durationLabels = { hours: t('sharedHourAbbreviation'), minutes: t('sharedMinuteAbbreviation') };
  return {
    time: (value: string | null | undefined) => formatTime(value, preferences.timezone),
    date: (value: string | null | undefined) => formatTime(value, preferences.timezone, 'YYYY-MM-DD'),
    distance: (metres: number | null | undefined) => (metres === null || metres === undefined ? '' : formatDistance(metres, preferences.distanceUnit)),
    speed: (knots: number | null | undefined) => (knots === null || knots === undefined ? '' : formatSpeed(knots, preferences.speedUnit)),
    duration: (milliseconds: number | null | undefined) => (milliseconds ? formatDuration(milliseconds, durationLabels) : ''),
    volume: (litres: number | null | undefined) => (litres === null || litres === undefined ? '' : formatVolume(litres, preferences.volumeUnit)),
    coordinate: (value: number, axis: 'latitude' | 'longitude') => formatCoordinate(value, axis, preferences.coordinateFormat, 6),
    yesNo: (value: unknown) => (value === undefined || value === null ? '' : value ? t('sharedYes') : t('sharedNo')),
  };
};

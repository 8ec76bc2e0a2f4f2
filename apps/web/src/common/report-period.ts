import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import timezonePlugin from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezonePlugin);
dayjs.extend(isoWeek);

export const PERIODS = ['today', 'yesterday', 'thisWeek', 'previousWeek', 'thisMonth', 'previousMonth', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** The value format of a datetime-local input. */
export const LOCAL_INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

export interface TimeRange {
  from: Date;
  to: Date;
}

/** Custom periods start as the last hour up to now. */
export const defaultCustomRange = (now: Date = new Date()) => ({
  from: dayjs(now).subtract(1, 'hour').format(LOCAL_INPUT_FORMAT),
  to: dayjs(now).format(LOCAL_INPUT_FORMAT),
});

const span = (start: Dayjs, unit: 'day' | 'isoWeek' | 'month'): TimeRange => ({ from: start.startOf(unit).toDate(), to: start.endOf(unit).toDate() });

/**
 * The instants a period covers: whole days, ISO weeks (Monday first) or months in the user's time
 * zone (the browser's when none is set); custom uses the entered local times.
 */
export const periodRange = (period: Period, custom: { from: string; to: string }, timezone?: string, now: Date = new Date()): TimeRange => {
  const today = timezone ? dayjs(now).tz(timezone) : dayjs(now);
  switch (period) {
    case 'today':
      return span(today, 'day');
    case 'yesterday':
      return span(today.subtract(1, 'day'), 'day');
    case 'thisWeek':
      return span(today, 'isoWeek');
    case 'previousWeek':
      return span(today.subtract(1, 'week'), 'isoWeek');
    case 'thisMonth':
      return span(today, 'month');
    case 'previousMonth':
      return span(today.subtract(1, 'month'), 'month');
    case 'custom': {
      const parse = (value: string) => (timezone ? dayjs.tz(value, LOCAL_INPUT_FORMAT, timezone) : dayjs(value, LOCAL_INPUT_FORMAT));
      return { from: parse(custom.from).toDate(), to: parse(custom.to).toDate() };
    }
  }
};

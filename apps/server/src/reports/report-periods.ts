import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A period of a report, epoch milliseconds, both ends inclusive. */
export interface ReportWindow {
  from: number;
  to: number;
}

/** The zone if the runtime knows it, else UTC. */
export const validTimeZone = (zone: string | null | undefined): string => {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/** The first midnight in `zone` strictly after `instant`. */
export const nextMidnight = (instant: number, zone: string): number => {
  const localDate = dayjs(instant).tz(zone).format('YYYY-MM-DD');
  const nextDate = dayjs.utc(localDate).add(1, 'day').format('YYYY-MM-DD');
  return dayjs.tz(nextDate, zone).valueOf();
};

/**
 * The period cut at the midnights of `zone`: from `from` to the next midnight, then whole days,
 * then the last midnight to `to`.
 * @see reference/processing.md §5.5 (daily)
 */
export const dailyWindows = (from: number, to: number, zone: string): ReportWindow[] => {
  const windows: ReportWindow[] = [];
  let start = from;
  for (;;) {
    const midnight = nextMidnight(start, zone);
    if (midnight >= to) {
      windows.push({ from: start, to });
      return windows;
    }
    windows.push({ from: start, to: midnight });
    start = midnight;
  }
};

/** Wall-clock offset of `zone` at `instant`, in milliseconds (for spreadsheets, which have no zones). */
export const zoneOffset = (instant: number, zone: string): number => dayjs(instant).tz(zone).utcOffset() * 60_000;

const QUARTER_HOUR = 900_000;

/**
 * zoneOffset for many instants of one zone, remembered per quarter hour: zones change offset only at
 * whole quarter hours, and asking the time-zone database for every cell of a long export is slow.
 */
export const zoneOffsets = (zone: string): ((instant: number) => number) => {
  const known = new Map<number, number>();
  return (instant) => {
    const quarter = Math.floor(instant / QUARTER_HOUR);
    let offset = known.get(quarter);
    if (offset === undefined) {
      offset = zoneOffset(quarter * QUARTER_HOUR, zone);
      known.set(quarter, offset);
    }
    return offset;
  };
};

/** `YYYY-MM-DD HH:mm:ss` in `zone`. */
export const formatLocal = (instant: number, zone: string, pattern = 'YYYY-MM-DD HH:mm:ss'): string => dayjs(instant).tz(zone).format(pattern);

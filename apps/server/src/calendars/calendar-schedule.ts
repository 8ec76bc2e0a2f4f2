import ICAL from 'ical.js';

/** Occurrences looked at per event before giving up (a daily rule over 200 years). */
const MAX_OCCURRENCES = 75_000;

type Wall = number;

/** A wall-clock time as one sortable number: yyyyMMddHHmmss. */
const wallOf = (t: { year: number; month: number; day: number; hour: number; minute: number; second: number }): Wall =>
  ((((t.year * 100 + t.month) * 100 + t.day) * 100 + t.hour) * 100 + t.minute) * 100 + t.second;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in an IANA time zone; undefined when the zone is unknown. */
const wallIn = (instant: number, zone: string | undefined): Wall | undefined => {
  const key = zone ?? '';
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      });
    } catch {
      return undefined;
    }
    formatters.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]));
  return wallOf({ year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! });
};

/** The zone a VEVENT's times are written in: UTC for `Z` times, its TZID, or the server's zone for floating times. */
const zoneOf = (event: ICAL.Event): string | undefined => {
  if (event.startDate.zone?.tzid === 'UTC') return 'UTC';
  const tzid = event.component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
};

const contains = (event: ICAL.Event, instant: number): boolean => {
  const target = wallIn(instant, zoneOf(event)) ?? wallIn(instant, 'UTC')!;
  const iterator = event.iterator();
  for (let count = 0; count < MAX_OCCURRENCES; count++) {
    const occurrence = iterator.next();
    if (!occurrence) return false;
    const { startDate, endDate } = event.getOccurrenceDetails(occurrence);
    const start = wallOf(startDate);
    if (start > target) return false;
    const end = wallOf(endDate);
    if (target < (end > start ? end : start + (startDate.isDate ? 1_000_000 : 1))) return true;
    if (!event.isRecurring()) return false;
  }
  return false;
};

/**
 * A calendar's iCalendar data, ready to tell whether an instant falls inside one of its events
 * (recurrence rules and exceptions included). Times are compared on the wall clock of the zone
 * each event is written in, so "09:00–18:00 Asia/Kolkata every weekday" means just that.
 */
export const parseCalendar = (data: string): { contains(instant: number): boolean } => {
  const text = /BEGIN:VCALENDAR/i.test(data) ? data : Buffer.from(data, 'base64').toString('utf8');
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { contains: (instant) => events.some((event) => contains(event, instant)) };
};

/** Parsed calendars by their data, so each is parsed once. */
export const createCalendarCache = (capacity = 200) => {
  const cache = new Map<string, ReturnType<typeof parseCalendar>>();
  return (data: string) => {
    let calendar = cache.get(data);
    if (!calendar) {
      calendar = parseCalendar(data);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      cache.set(data, calendar);
    }
    return calendar;
  };
};

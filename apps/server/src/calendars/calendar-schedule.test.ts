import { describe, expect, it } from 'vitest';
import { createCalendarCache, parseCalendar } from './calendar-schedule.js';

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tracklane//test//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', `UID:${Math.random()}`, e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');

describe(parseCalendar.name, () => {
  it('follows a weekday rule on the wall clock of the event time zone', () => {
    const workHours = parseCalendar(calendar('DTSTART;TZID=Asia/Kolkata:20240101T090000\r\nDTEND;TZID=Asia/Kolkata:20240101T180000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'));
    // Wednesday 2025-03-05: 09:00 IST is 03:30 UTC, 18:00 IST is 12:30 UTC
    expect(workHours.contains(Date.UTC(2025, 2, 5, 3, 29))).toBe(false);
    expect(workHours.contains(Date.UTC(2025, 2, 5, 3, 30))).toBe(true);
    expect(workHours.contains(Date.UTC(2025, 2, 5, 12, 29))).toBe(true);
    expect(workHours.contains(Date.UTC(2025, 2, 5, 12, 30))).toBe(false);
    // Saturday
    expect(workHours.contains(Date.UTC(2025, 2, 8, 6, 0))).toBe(false);
  });

  it('takes a single UTC event and nothing before or after it', () => {
    const once = parseCalendar(calendar('DTSTART:20250101T100000Z\r\nDTEND:20250101T120000Z'));
    expect(once.contains(Date.UTC(2025, 0, 1, 11))).toBe(true);
    expect(once.contains(Date.UTC(2025, 0, 1, 9, 59))).toBe(false);
    expect(once.contains(Date.UTC(2025, 0, 2, 11))).toBe(false);
  });

  it('covers whole days of all-day events and skips excluded dates', () => {
    const days = parseCalendar(calendar('DTSTART;VALUE=DATE:20250106\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEXDATE;VALUE=DATE:20250108'));
    const utc = new Date(Date.UTC(2025, 0, 7, 23, 59));
    expect(days.contains(utc.getTime() + utc.getTimezoneOffset() * 60_000)).toBe(true);
    const excluded = new Date(Date.UTC(2025, 0, 8, 12));
    expect(days.contains(excluded.getTime() + excluded.getTimezoneOffset() * 60_000)).toBe(false);
  });

  it('reads the base64 form calendars are stored in', () => {
    const data = Buffer.from(calendar('DTSTART:20250101T100000Z\r\nDTEND:20250101T120000Z')).toString('base64');
    expect(createCalendarCache()(data).contains(Date.UTC(2025, 0, 1, 10, 30))).toBe(true);
  });
});

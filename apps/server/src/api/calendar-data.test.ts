import { describe, expect, it } from 'vitest';
import { assertCalendarData } from './calendar-data.js';

const encode = (text: string) => Buffer.from(text).toString('base64');

describe('assertCalendarData', () => {
  it('accepts a base64 iCalendar file', () => {
    expect(() => assertCalendarData({ data: encode('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nDTSTART:20240101T080000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n') })).not.toThrow();
  });

  it.each([
    ['plain text', 'BEGIN:VCALENDAR'],
    ['base64 of something else', encode('hello world')],
    ['an unterminated calendar', encode('BEGIN:VCALENDAR\nVERSION:2.0')],
    ['a number', 42],
  ])('refuses %s', (_name, data) => {
    expect(() => assertCalendarData({ data })).toThrow(/iCalendar/);
  });
});

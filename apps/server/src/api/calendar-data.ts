import { badRequest } from '../errors.js';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/** Calendar `data` is an iCalendar file in base64; anything else is refused when saved, not when used. */
export const assertCalendarData = (body: Record<string, unknown>): void => {
  const data = body.data;
  if (typeof data !== 'string' || !BASE64.test(data)) throw badRequest('data must be an iCalendar file encoded in base64');
  const text = Buffer.from(data, 'base64').toString('utf8');
  if (!/^\s*BEGIN:VCALENDAR\b/i.test(text) || !/\bEND:VCALENDAR\s*$/i.test(text)) throw badRequest('data is not an iCalendar file');
};

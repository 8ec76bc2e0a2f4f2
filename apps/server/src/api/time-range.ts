import { parseZonedInstant } from '@tracklane/domain';
import { Type } from 'typebox';
import { badRequest } from '../errors.js';

export const ZonedDateTime = Type.String({ maxLength: 64, description: 'ISO-8601 date-time with Z or an offset' });

/** Parses `from`/`to` query values; a malformed or inverted range is a 400. */
export const parseRange = (from: string, to: string): { from: number; to: number } => {
  const start = parseZonedInstant(from);
  const end = parseZonedInstant(to);
  if (start === undefined) throw badRequest('from must be an ISO date-time with Z or an offset');
  if (end === undefined) throw badRequest('to must be an ISO date-time with Z or an offset');
  if (start > end) throw badRequest('from must not be after to');
  return { from: start, to: end };
};

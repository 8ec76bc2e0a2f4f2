/** The zone of a device's clock: turns the wall-clock time it reports (read as if it were UTC) into UTC. */
export interface DeviceTimeZone {
  toUtc(wallClockAsUtc: number): number;
}

export const fixedOffset = (offsetMs: number): DeviceTimeZone => ({ toUtc: (wallClock) => wallClock - offsetMs });

export const UTC_ZONE = fixedOffset(0);

// `GMT+8`, `UTC-03:30`, `+0545`: Java's custom zone IDs, which Traccar's `decoder.timezone` accepts
const OFFSET = /^(?:GMT|UTC)?([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const MAX_OFFSET_HOURS = 14;

const fixedOffsetOf = (match: RegExpExecArray): DeviceTimeZone | undefined => {
  const [, sign, hours, minutes = '0'] = match;
  if (Number(hours) > MAX_OFFSET_HOURS || Number(minutes) >= 60) return undefined;
  return fixedOffset((sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000);
};

/** Milliseconds the zone's wall clock is ahead of UTC at `utcMs`. */
const offsetAt = (format: Intl.DateTimeFormat, utcMs: number): number => {
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(utcMs)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(utcMs / 1000) * 1000;
};

/** A named zone with its daylight saving: the offset is looked up twice, the second time at the first guess. */
const namedZone = (name: string): DeviceTimeZone | undefined => {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  } catch {
    return undefined;
  }
  return {
    toUtc: (wallClock) => {
      const guess = wallClock - offsetAt(format, wallClock);
      return wallClock - offsetAt(format, guess);
    },
  };
};

const parsed = new Map<string, DeviceTimeZone | undefined>();

/**
 * A `decoder.timezone` value: `UTC`, an offset (`GMT+8`, `UTC-03:30`, `+05:45`) or a zone name
 * (`Europe/Moscow`); undefined when it is none of these. Parsed once per text.
 */
export const parseTimeZone = (text: string): DeviceTimeZone | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!parsed.has(trimmed)) {
    const offset = OFFSET.exec(trimmed);
    parsed.set(trimmed, /^(GMT|UTC|Z)$/i.test(trimmed) ? UTC_ZONE : offset ? fixedOffsetOf(offset) : namedZone(trimmed));
  }
  return parsed.get(trimmed);
};

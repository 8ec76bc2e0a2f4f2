import { describe, expect, it } from 'vitest';
import { context, position, T0 } from '../../../test/helpers/processing-fixtures.js';
import { emptyDeviceState, type DeviceState } from '../device-state.js';
import type { PipelinePosition } from '../pipeline-position.js';
import type { ProcessingConfig } from '../settings/processing-config.js';
import { filterStage } from '../stages/filter.stage.js';
import { parseCalendar } from '../../calendars/calendar-schedule.js';
import { accuracyFilter } from './accuracy.filter.js';
import { calendarFilter } from './calendar.filter.js';
import { approximateFilter } from './approximate.filter.js';
import { dailyLimitFilter, dayOf } from './daily-limit.filter.js';
import { distanceFilter } from './distance.filter.js';
import { duplicateFilter } from './duplicate.filter.js';
import { futureFilter } from './future.filter.js';
import { invalidFilter } from './invalid.filter.js';
import { maxSpeedFilter } from './max-speed.filter.js';
import { minPeriodFilter } from './min-period.filter.js';
import { outdatedFilter } from './outdated.filter.js';
import { pastFilter } from './past.filter.js';
import { skipFiltering } from './skip-rules.js';
import { staticFilter } from './static.filter.js';
import { zeroFilter } from './zero.filter.js';

const input = (config: ProcessingConfig, current: PipelinePosition, last?: PipelinePosition, state: DeviceState = emptyDeviceState(), now = T0) => ({
  position: current,
  last,
  context: context({ config }),
  state: { ...state, last },
  now,
});

const STRICT: ProcessingConfig = {
  'filter.invalid': true, 'filter.zero': true, 'filter.duplicate': true, 'filter.approximate': true, 'filter.static': true,
  'filter.distance': 10, 'filter.maxSpeed': 500, 'filter.skipLimit': 10, 'filter.skipAttributes': 'alarm,result',
};

describe(filterStage.name, () => {
  const fix = (fields: Partial<PipelinePosition> = {}) => position({ latitude: 10, longitude: 10, speed: 10, ...fields });

  it('keeps a valid position at the current time, strict or not', () => {
    expect(filterStage(input(STRICT, fix()))).toEqual([]);
    expect(filterStage(input({}, fix()))).toEqual([]);
  });

  it('gives every kept position the same empty list, which no caller can add to', () => {
    const kept = filterStage(input(STRICT, fix()));
    expect(filterStage(input(STRICT, fix({ speed: 20 })))).toBe(kept);
    expect(() => (kept as string[]).push('Invalid')).toThrow(TypeError);
    expect(filterStage(input(STRICT, fix({ valid: false })))).toEqual(['Invalid']);
  });

  it('drops a fix at the end of time even without settings (filter.future defaults to a day)', () => {
    const farFuture = fix({ fixTime: Number(9223372036854775807n) });
    expect(filterStage(input(STRICT, farFuture))).toContain('Future');
    expect(filterStage(input({}, farFuture))).toEqual(['Future']);
  });

  it('drops an invalid position only when filter.invalid is on', () => {
    expect(filterStage(input(STRICT, fix({ valid: false })))).toEqual(['Invalid']);
    expect(filterStage(input({}, fix({ valid: false })))).toEqual([]);
  });

  it('keeps a standing position that raises an alarm: the static filter stands down', () => {
    expect(filterStage(input(STRICT, fix({ speed: 0, attributes: { alarm: 'general' } })))).toEqual([]);
    expect(filterStage(input(STRICT, fix({ speed: 0 })))).toEqual(['Static']);
  });

  it('does nothing at all with filter.enable=false', () => {
    expect(filterStage(input({ ...STRICT, 'filter.enable': false }, fix({ valid: false, speed: 0 })))).toEqual([]);
  });
});

describe(invalidFilter.name, () => {
  it('drops invalid fixes and out-of-range coordinates', () => {
    const on = { 'filter.invalid': true };
    expect(invalidFilter.matches(input(on, position({ valid: false })))).toBe(true);
    expect(invalidFilter.matches(input(on, position({ latitude: 91 })))).toBe(true);
    expect(invalidFilter.matches(input(on, position({ longitude: -180.5 })))).toBe(true);
    expect(invalidFilter.matches(input(on, position({ latitude: 45, longitude: 180 })))).toBe(false);
  });
});

describe(zeroFilter.name, () => {
  it('drops 0, 0 but not a point on the equator', () => {
    const on = { 'filter.zero': true };
    expect(zeroFilter.matches(input(on, position({ latitude: 0, longitude: 0 })))).toBe(true);
    expect(zeroFilter.matches(input(on, position({ latitude: 0, longitude: 0.1 })))).toBe(false);
  });
});

describe(outdatedFilter.name, () => {
  it('drops positions without a location of their own', () => {
    expect(outdatedFilter.matches(input({ 'filter.outdated': true }, position({ outdated: true })))).toBe(true);
    expect(outdatedFilter.matches(input({}, position({ outdated: true })))).toBe(false);
  });
});

describe(futureFilter.name, () => {
  it('drops fixes more than filter.future seconds ahead', () => {
    expect(futureFilter.matches(input({}, position({ fixTime: T0 + 86_401_000 })))).toBe(true);
    expect(futureFilter.matches(input({}, position({ fixTime: T0 + 86_400_000 })))).toBe(false);
    expect(futureFilter.matches(input({ 'filter.future': 60 }, position({ fixTime: T0 + 61_000 })))).toBe(true);
  });
});

describe(pastFilter.name, () => {
  it('drops fixes more than filter.past seconds old; 0 is off', () => {
    expect(pastFilter.matches(input({ 'filter.past': 3600 }, position({ fixTime: T0 - 3_601_000 })))).toBe(true);
    expect(pastFilter.matches(input({ 'filter.past': 3600 }, position({ fixTime: T0 - 3_599_000 })))).toBe(false);
    expect(pastFilter.matches(input({ 'filter.past': 0 }, position({ fixTime: 0 })))).toBe(false);
  });
});

describe(accuracyFilter.name, () => {
  it('drops inaccurate fixes but lets unknown accuracy pass', () => {
    expect(accuracyFilter.matches(input({ 'filter.accuracy': 50 }, position({ accuracy: 51 })))).toBe(true);
    expect(accuracyFilter.matches(input({ 'filter.accuracy': 50 }, position({ accuracy: 0 })))).toBe(false);
  });
});

describe(approximateFilter.name, () => {
  it('drops approximate positions', () => {
    expect(approximateFilter.matches(input({ 'filter.approximate': true }, position({ attributes: { approximate: true } })))).toBe(true);
    expect(approximateFilter.matches(input({ 'filter.approximate': true }, position()))).toBe(false);
  });
});

describe(duplicateFilter.name, () => {
  const on = { 'filter.duplicate': true };
  const last = position({ attributes: { sat: 5, batteryLevel: 80 } });
  it('drops a repeat of the last fix time whose attribute keys the last one already had', () => {
    expect(duplicateFilter.matches(input(on, position({ attributes: { sat: 7 } }), last))).toBe(true);
  });
  it('keeps a repeat carrying a new attribute key, and a new fix time', () => {
    expect(duplicateFilter.matches(input(on, position({ attributes: { ignition: true } }), last))).toBe(false);
    expect(duplicateFilter.matches(input(on, position({ time: T0 + 1000, attributes: { sat: 5 } }), last))).toBe(false);
  });
});

describe(staticFilter.name, () => {
  it('drops speed exactly 0', () => {
    expect(staticFilter.matches(input({ 'filter.static': true }, position({ speed: 0 })))).toBe(true);
    expect(staticFilter.matches(input({ 'filter.static': true }, position({ speed: 0.1 })))).toBe(false);
  });
});

describe(distanceFilter.name, () => {
  it('drops moves shorter than filter.distance, only when there is a last position', () => {
    const on = { 'filter.distance': 10 };
    expect(distanceFilter.matches(input(on, position({ attributes: { distance: 9 } }), position()))).toBe(true);
    expect(distanceFilter.matches(input(on, position({ attributes: { distance: 10 } }), position()))).toBe(false);
    expect(distanceFilter.matches(input(on, position({ attributes: { distance: 0 } })))).toBe(false);
  });
});

describe(maxSpeedFilter.name, () => {
  it('drops jumps faster than filter.maxSpeed knots', () => {
    const on = { 'filter.maxSpeed': 100 };
    const last = position();
    // 1 km in 10 s = 100 m/s ≈ 194 kn
    expect(maxSpeedFilter.matches(input(on, position({ time: T0 + 10_000, attributes: { distance: 1000 } }), last))).toBe(true);
    // 1 km in 60 s ≈ 32 kn
    expect(maxSpeedFilter.matches(input(on, position({ time: T0 + 60_000, attributes: { distance: 1000 } }), last))).toBe(false);
    expect(maxSpeedFilter.matches(input(on, position({ time: T0, attributes: { distance: 1000 } }), last))).toBe(false);
  });
});

describe(minPeriodFilter.name, () => {
  it('drops positions closer in time than filter.minPeriod seconds', () => {
    const on = { 'filter.minPeriod': 30 };
    expect(minPeriodFilter.matches(input(on, position({ time: T0 + 29_000 }), position()))).toBe(true);
    expect(minPeriodFilter.matches(input(on, position({ time: T0 + 30_000 }), position()))).toBe(false);
    expect(minPeriodFilter.matches(input(on, position({ time: T0 }), position()))).toBe(false);
  });
});

describe(dailyLimitFilter.name, () => {
  const today = { ...emptyDeviceState(), day: dayOf(T0), dayCount: 3 };
  it('drops once the day’s count reaches the limit', () => {
    expect(dailyLimitFilter.matches(input({ 'filter.dailyLimit': 3 }, position(), position({ time: T0 - 1000 }), today))).toBe(true);
    expect(dailyLimitFilter.matches(input({ 'filter.dailyLimit': 4 }, position(), position({ time: T0 - 1000 }), today))).toBe(false);
  });
  it('still keeps one position per interval past the limit, and counts afresh on a new day', () => {
    const config = { 'filter.dailyLimit': 3, 'filter.dailyLimitInterval': 600 };
    expect(dailyLimitFilter.matches(input(config, position({ time: T0 }), position({ time: T0 - 600_000 }), today))).toBe(false);
    expect(dailyLimitFilter.matches(input(config, position({ time: T0 }), position({ time: T0 - 599_000 }), today))).toBe(true);
    expect(dailyLimitFilter.matches(input({ 'filter.dailyLimit': 3 }, position(), position(), today, T0 + 86_400_000))).toBe(false);
  });
});

describe(dayOf.name, () => {
  it('names the server-local calendar day, changing at local midnight whichever way time moves', () => {
    const midnight = new Date(2026, 10, 25).getTime();
    expect(dayOf(midnight - 1)).toBe('2026-11-24');
    expect(dayOf(midnight)).toBe('2026-11-25');
    expect(dayOf(midnight + 86_399_999)).toBe('2026-11-25');
    expect(dayOf(new Date(2026, 10, 26).getTime())).toBe('2026-11-26');
    expect(dayOf(midnight - 1)).toBe('2026-11-24');
    expect(dayOf(new Date(2027, 0, 1, 12).getTime())).toBe('2027-1-1');
  });
});

describe(skipFiltering.name, () => {
  it('stands down after filter.skipLimit seconds of silence', () => {
    const last = position({ serverTime: T0 - 11_000 });
    expect(skipFiltering(input({ 'filter.skipLimit': 10 }, position(), last))).toBe(true);
    expect(skipFiltering(input({ 'filter.skipLimit': 10 }, position(), position({ serverTime: T0 - 9_000 })))).toBe(false);
  });
  it('stands down when a listed attribute changed, not when it repeats', () => {
    const config = { 'filter.skipAttributes': 'alarm, result' };
    expect(skipFiltering(input(config, position({ attributes: { alarm: 'sos' } }), position()))).toBe(true);
    expect(skipFiltering(input(config, position({ attributes: { alarm: 'sos' } }), position({ attributes: { alarm: 'sos' } })))).toBe(false);
  });
});

describe(calendarFilter.name, () => {
  // weekdays 09:00–17:00 UTC, from Monday 2026-01-05
  const calendar = parseCalendar(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tracklane//test//EN', 'BEGIN:VEVENT', 'UID:office-hours', 'DTSTART:20260105T090000Z', 'DTEND:20260105T170000Z', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n'));
  const withCalendar = (fixTime: number) => ({ ...input({}, position({ fixTime })), context: { ...context({}), calendar } });

  it('keeps fixes inside the device calendar and drops those outside it', () => {
    expect(calendarFilter.matches(withCalendar(Date.UTC(2026, 0, 7, 10)))).toBe(false); // Wednesday 10:00
    expect(calendarFilter.matches(withCalendar(Date.UTC(2026, 0, 7, 18)))).toBe(true); // Wednesday 18:00
    expect(calendarFilter.matches(withCalendar(Date.UTC(2026, 0, 10, 10)))).toBe(true); // Saturday
  });

  it('filters nothing for a device without a calendar', () => {
    expect(calendarFilter.matches(input({}, position({ fixTime: Date.UTC(2026, 0, 10, 10) })))).toBe(false);
  });
});

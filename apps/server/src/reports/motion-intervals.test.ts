import { describe, expect, it } from 'vitest';
import { fix, minuteOf, newLogic } from '../../test/helpers/report-fixtures.js';
import { createIntervalDetector, detectIntervals, intervalsFromEvents } from './motion-intervals.js';

const span = (intervals: { start: { fixTime: number }; end: { fixTime: number }; maxSpeed: number }[]) => intervals.map((i) => [minuteOf(i.start.fixTime), minuteOf(i.end.fixTime), i.maxSpeed]);

describe(intervalsFromEvents.name, () => {
  const first = fix(0, 0, { speed: 8, attributes: { motion: true } });
  const stopped = fix(12, 0, { attributes: { motion: false } });
  const moving = fix(18, 0, { speed: 3, attributes: { motion: true } });
  const last = fix(25, 0, { speed: 9, attributes: { motion: true } });
  const events = [{ type: 'deviceStopped' as const, position: stopped }, { type: 'deviceMoving' as const, position: moving }];

  it('trips: opened by the first position when it moves, then paired from stored events, the last one closed at the end; maxSpeed 0', () => {
    expect(span(intervalsFromEvents('trips', first, events, last, 0.01))).toEqual([[0, 12, 0], [18, 25, 0]]);
  });

  it('stops: the first position opens nothing when it moves', () => {
    expect(span(intervalsFromEvents('stops', first, events, last, 0.01))).toEqual([[12, 18, 0]]);
  });

  it('a still first position opens a stop, and a later opening event replaces the open start', () => {
    const still = fix(0, 0, { attributes: { motion: false } });
    const again = [{ type: 'deviceStopped' as const, position: fix(3, 0) }, ...events];
    expect(span(intervalsFromEvents('stops', still, again, last, 0.01))).toEqual([[12, 18, 0]]);
  });

  it('nothing without positions in the period', () => {
    expect(intervalsFromEvents('trips', undefined, events, undefined, 0.01)).toEqual([]);
  });
});

describe(createIntervalDetector.name, () => {
  it('fed one position at a time, gives what the whole list gives, with maxSpeed since the previous event', () => {
    const positions = [0, 0, 0, 100, 220, 0, 60, 320].map((metres, minute) => fix(minute, metres, { speed: minute }));
    const detector = createIntervalDetector('trips', newLogic(200, 180));
    const found = positions.flatMap((position) => detector.push(position));
    // the trip closed at 00:06 saw speeds up to 6; the one opened at 00:07 has seen nothing since its event
    expect(span([...found, ...detector.finish()])).toEqual([[2, 6, 6], [7, 7, 0]]);
    expect(span(detectIntervals('trips', positions, newLogic(200, 180)))).toEqual([[2, 6, 6], [7, 7, 0]]);
  });
});

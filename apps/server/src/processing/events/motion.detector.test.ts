import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { at, context, metresEast, pipelineHarness, position } from '../../../test/helpers/processing-fixtures.js';
import type { MotionPlace, MotionPoint } from '../device-state.js';
import { detectMotion } from './motion.detector.js';
import { processNewMotion } from './motion/new-motion.processor.js';
import { motionWindowOf, nextMotionWindow, nextPackedMotionWindow, type MotionWindow } from './motion/motion-window.js';
import { processOldMotion } from './motion/old-motion.processor.js';

const point = (minute: number, metres: number, distance?: number): MotionPoint =>
  position({ time: at(minute), longitude: metresEast(metres), attributes: distance === undefined ? {} : { distance } });
const settings = { minDistance: 500, minDuration: 300_000, stopGap: 3_600_000 };
const minutesOf = (window: MotionWindow) => window.toArray().map((p) => (p.fixTime - at(0)) / 60_000);
const summary = (transitions: { type: string; point: MotionPoint }[]) => transitions.map((t) => [t.type, (t.point.fixTime - at(0)) / 60_000]);

describe(processNewMotion.name, () => {
  it('moves once 600 m from where it stopped', () => {
    const window = [point(0, 0), point(2, 0), point(4, 0)];
    const result = processNewMotion(false, window[0]!, motionWindowOf(window), point(5, 600), settings);
    expect(result.moving).toBe(true);
    expect(summary(result.transitions)).toEqual([['deviceMoving', 4]]);
  });

  it('stops at the position that confirms the stop, not before the minimal duration', () => {
    const confirmed = processNewMotion(true, point(0, 0), motionWindowOf([point(0, 0), point(2, 100), point(4, 100)]), point(6, 100), settings);
    expect(summary(confirmed.transitions)).toEqual([['deviceStopped', 6]]);
    expect(confirmed.moving).toBe(false);
    const early = processNewMotion(true, point(0, 0), motionWindowOf([point(0, 0), point(1, 100)]), point(2, 100), settings);
    expect(early.transitions).toEqual([]);
    expect(early.moving).toBe(true);
  });

  it('moves after a 1200 m jump from a stop', () => {
    expect(processNewMotion(false, point(0, 0), motionWindowOf([point(0, 0)]), point(10, 1200), settings).moving).toBe(true);
  });

  it('turns a long gap that covered distance into its own trip', () => {
    const fromMoving = processNewMotion(true, point(0, 0), motionWindowOf([point(0, 0)]), point(120, 0, 13_000), settings);
    expect(summary(fromMoving.transitions)).toEqual([['deviceStopped', 0], ['deviceMoving', 0], ['deviceStopped', 120]]);
    expect(fromMoving.moving).toBe(false);
    const fromStopped = processNewMotion(false, point(0, 0), motionWindowOf([point(0, 0)]), point(120, 0, 13_000), settings);
    expect(summary(fromStopped.transitions)).toEqual([['deviceMoving', 0], ['deviceStopped', 120]]);
    const short = processNewMotion(true, point(0, 0), motionWindowOf([point(0, 0)]), point(120, 0, 100), settings);
    expect(summary(short.transitions)).toEqual([['deviceStopped', 120]]);
  });

  it('dates the departure back to the last still position', () => {
    const window = [point(0, 0), point(1, 0), point(2, 0), point(3, 120), point(4, 300)];
    const result = processNewMotion(false, window[0]!, motionWindowOf(window), point(5, 600), settings);
    expect(summary(result.transitions)).toEqual([['deviceMoving', 2]]);
  });
});

/** One step of the window, packed as the live detector keeps it or whole as the reports do. */
const stepWindow = (window: MotionWindow, position: MotionPlace, minDuration: number, packed = false): MotionWindow =>
  packed ? nextPackedMotionWindow(window, position, minDuration) : nextMotionWindow(window, position, minDuration);

describe(nextMotionWindow.name, () => {
  const stored = (minute: number, id: number, attributes: Record<string, unknown> = {}): MotionPoint => ({ ...point(minute, 0), id, attributes });
  const place = (p: MotionPlace): MotionPlace => ({ id: p.id, fixTime: p.fixTime, latitude: p.latitude, longitude: p.longitude });

  it('packed, keeps the new position whole and of each stored one only its id, time and place', () => {
    const previous = stored(3, 42, { totalDistance: 1234, ignition: true, io5: 'x' });
    const current = point(5, 100);
    const next = stepWindow(motionWindowOf([stored(0, 41), previous]), current, 180_000, true).toArray();
    expect(next.at(-1)).toBe(current);
    expect(next.at(-2)).toEqual(place(previous));
    expect(next.at(0)).toEqual(place(stored(0, 41)));
    expect(stepWindow(motionWindowOf([stored(0, 41), previous]), current, 180_000).toArray().at(-2)).toBe(previous);
  });

  it('packed, keeps a position whole until it is stored, then packs it with its id', () => {
    const first = point(1, 0);
    const second = point(2, 0);
    // both in one write: neither has its id when the next position of the device comes
    const window = stepWindow(stepWindow(motionWindowOf([]), first, 180_000, true), second, 180_000, true);
    const beforeWrite = stepWindow(window, point(3, 0), 180_000, true);
    expect(beforeWrite.at(0)).toBe(first);
    first.id = 7;
    second.id = 8;
    const afterWrite = stepWindow(beforeWrite, point(4, 0), 180_000, true);
    expect(afterWrite.at(0)).not.toBe(first);
    expect(afterWrite.toArray().map((p) => p.id)).toEqual([7, 8, 0, 0]);
    expect(minutesOf(beforeWrite)).toEqual([1, 2, 3]);
  });

  it('keeps what is within the minimal duration plus the newest point at least that old', () => {
    const window = [point(0, 0), point(1, 0), point(2, 0), point(3, 0)];
    expect(minutesOf(stepWindow(motionWindowOf(window), point(5, 0), 180_000))).toEqual([2, 3, 5]);
    expect(minutesOf(stepWindow(motionWindowOf(window), point(5, 0), 180_000, true))).toEqual([2, 3, 5]);
  });

  it.each([false, true])('leaves every earlier window as it was, also when a window is stepped from twice (packed: %s)', (packed) => {
    const first = stepWindow(motionWindowOf([stored(0, 1), stored(1, 2)]), stored(2, 3), 180_000, packed);
    const second = stepWindow(first, stored(3, 4), 180_000, packed);
    // a step whose commit failed is taken again from the same window, with another position
    const retried = stepWindow(first, stored(4, 5), 180_000, packed);
    const third = stepWindow(second, stored(5, 6), 180_000, packed);
    expect(minutesOf(first)).toEqual([0, 1, 2]);
    expect(minutesOf(second)).toEqual([0, 1, 2, 3]);
    expect(minutesOf(retried)).toEqual([1, 2, 4]);
    expect(minutesOf(third)).toEqual([2, 3, 5]);
    expect(minutesOf(stepWindow(retried, stored(6, 7), 180_000, packed))).toEqual([2, 4, 6]);
    expect(stepWindow(retried, stored(6, 7), 180_000, packed).toArray().map((p) => p.id)).toEqual([3, 5, 7]);
  });

  it('leaves a branch that was given up as it was when its window is stepped from again, wherever the chunks were passed', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    for (let branchAt = 0; branchAt < 40; branchAt++) {
      let window: MotionWindow = motionWindowOf([]);
      for (let minute = 0; minute < branchAt; minute++) window = stepWindow(window, stored(minute, minute + 1), 180_000, true);
      // three steps taken and stored, then given up; the same three taken again with other positions
      const branch = (offset: number) => {
        let next = window;
        for (let step = 0; step < 3; step++) next = stepWindow(next, stored(branchAt + step + offset, 1000 * offset + step), 180_000, true);
        return next;
      };
      const givenUp = branch(100);
      const before = minutesOf(givenUp);
      expect(minutesOf(branch(200))).toEqual(before.map((minute) => (minute >= branchAt + 100 ? minute + 100 : minute)));
      expect(minutesOf(givenUp)).toEqual(before);
    }
    vi.restoreAllMocks();
  });

  it('cuts by age, not by place, when a late fix arrived out of order', () => {
    const window = motionWindowOf([point(0, 0), point(1, 0), point(5, 0), point(3, 0)]);
    expect(minutesOf(stepWindow(window, point(6, 0), 180_000))).toEqual([3, 6]);
    const ordered = stepWindow(motionWindowOf([point(0, 0), point(1, 0)]), point(3, 0), 180_000);
    const late = stepWindow(ordered, point(2, 0), 180_000);
    expect(minutesOf(stepWindow(late, point(5, 0), 180_000))).toEqual([2, 5]);
  });

  it.each([false, true])('keeps a day of one-second reports to the minimal duration (packed: %s)', (packed) => {
    let window: MotionWindow = motionWindowOf([]);
    for (let second = 0; second < 86_400; second++) {
      window = stepWindow(window, { ...stored(0, second + 1), fixTime: at(0) + second * 1000 }, 300_000, packed);
    }
    expect(window.length).toBe(301);
    expect((window.at(300).fixTime - window.at(0).fixTime) / 1000).toBe(300);
    expect(window.toArray().map((p) => p.id)).toEqual(Array.from({ length: 301 }, (_, i) => 86_100 + i));
  });

  it('reads the same places and times from packed and whole windows', () => {
    const points = [0, 1, 2, 3, 4].map((minute) => ({ ...stored(minute, minute + 1), latitude: 10 + minute / 1000, longitude: 20 - minute / 1000 }));
    const packed = points.reduce((window, p) => stepWindow(window, p, 600_000, true), motionWindowOf<MotionPlace>([]));
    const kept = points.reduce((window, p) => stepWindow(window, p, 600_000), motionWindowOf<MotionPlace>([]));
    for (let i = 0; i < points.length; i++) {
      expect([packed.fixTimeAt(i), packed.latitudeAt(i), packed.longitudeAt(i)]).toEqual([points[i]!.fixTime, points[i]!.latitude, points[i]!.longitude]);
      expect(kept.at(i)).toBe(points[i]);
    }
    expect(packed.somePlace((latitude) => latitude === 10.003)).toBe(true);
    expect(packed.somePlace((latitude) => latitude >= 10.004)).toBe(true);
    expect(packed.somePlace((latitude) => latitude > 10.004)).toBe(false);
  });

  /** Math.random made repeatable: the chunk sizes' random part. */
  const seededRandom = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  it('a fleet reporting in step takes window memory as the points come, never in bursts, and holds little more than its windows', () => {
    vi.spyOn(Math, 'random').mockImplementation(seededRandom(7));
    const fleet = 1000;
    let windows: MotionWindow[] = Array.from({ length: fleet }, () => motionWindowOf([]));
    const heldByFleet = () => windows.reduce((sum, window) => sum + window.heldPoints, 0);
    let mostTakenInASecond = 0;
    for (let second = 0; second < 600; second++) {
      const held = heldByFleet();
      // three reports a second, as the tracker benchmark's fleet at 30,000 positions/s
      for (let report = 0; report < 3; report++) {
        const fix = { ...stored(0, second * 3 + report + 1), fixTime: at(0) + second * 1000 + report * 333 };
        windows = windows.map((window) => stepWindow(window, fix, 180_000, true));
      }
      mostTakenInASecond = Math.max(mostTakenInASecond, heldByFleet() - held);
    }
    vi.restoreAllMocks();
    // a second brings 3 points a device; arrays doubling as they filled took 10-17 a device a second for tens of seconds
    expect(mostTakenInASecond).toBeLessThan(fleet * 10);
    const windowPoints = windows.reduce((sum, window) => sum + window.length, 0);
    expect(windowPoints).toBe(fleet * 541);
    expect(heldByFleet()).toBeLessThan(windowPoints * 1.4);
  });

  it("keeps a fleet's window points in the JavaScript heap, not in array buffers (V8 starts a mark-compact for every 64 MB of those)", () => {
    const fleet = 1000;
    // what earlier tests left is collected first, so that it cannot offset what this one takes; array
    // buffers are freed while the collector sweeps, which the next collection waits for
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collectGarbage = () => {
      gc();
      gc();
    };
    collectGarbage();
    const arrayBuffersBefore = process.memoryUsage().arrayBuffers;
    let windows: MotionWindow[] = Array.from({ length: fleet }, () => motionWindowOf([]));
    for (let report = 1; report <= 200; report++) {
      const fix = { ...stored(0, report), fixTime: at(0) + report * 1000 };
      windows = windows.map((window) => stepWindow(window, fix, 180_000, true));
    }
    collectGarbage();
    const taken = process.memoryUsage().arrayBuffers - arrayBuffersBefore;
    // as typed arrays, these 181,000 points of six numbers took 10 MB of array buffers
    expect(windows.reduce((sum, window) => sum + window.length, 0)).toBe(fleet * 181);
    expect(taken).toBeLessThan(1_000_000);
  });

  it('gives back the memory of a device that reported every second once it reports every five minutes', () => {
    let window: MotionWindow = motionWindowOf([]);
    let time = at(0);
    const report = (id: number, every: number) => (window = stepWindow(window, { ...stored(0, id), fixTime: (time += every) }, 180_000, true));
    for (let id = 1; id <= 400; id++) report(id, 1000);
    expect(window.heldPoints).toBeGreaterThan(181);
    for (let id = 401; id <= 406; id++) report(id, 300_000);
    expect(window.length).toBe(2);
    expect(window.heldPoints).toBeLessThanOrEqual(16);
    expect(window.toArray().map((p) => p.id)).toEqual([405, 406]);
  });

  it('packed windows read the same as whole ones through chunks passed, retried steps and writes that lag', () => {
    vi.spyOn(Math, 'random').mockImplementation(seededRandom(11));
    const random = seededRandom(5);
    const pending: MotionPoint[] = [];
    let committed: { packed: MotionWindow; whole: MotionWindow } = { packed: motionWindowOf([]), whole: motionWindowOf([]) };
    const earlier: { window: MotionWindow; points: MotionPlace[] }[] = [];
    let nextId = 1;
    for (let step = 0; step < 3000; step++) {
      // seconds apart, with now and then a gap longer than the minimal duration
      const fixTime = at(0) + step * 1000 + (step % 700 === 699 ? 600_000 : 0);
      const position = { ...point(0, 0), id: 0, fixTime, latitude: random(), longitude: random(), attributes: { totalDistance: step } };
      const next = { packed: stepWindow(committed.packed, position, 60_000, true), whole: stepWindow(committed.whole, position, 60_000) };
      expect(next.packed.toArray().map(place)).toEqual(next.whole.toArray().map(place));
      earlier.push({ window: next.packed, points: next.packed.toArray() });
      // one step in ten fails its commit: the next one is taken again from the committed window
      if (random() < 0.1) continue;
      committed = next;
      pending.push(position);
      // the write lags: a position gets its id a step or two after it was committed
      while (pending.length > (step % 3)) pending.shift()!.id = nextId++;
    }
    vi.restoreAllMocks();
    for (const { window, points } of earlier.slice(-200)) {
      expect(window.toArray().map((p) => [p.fixTime, p.latitude, p.longitude])).toEqual(points.map((p) => [p.fixTime, p.latitude, p.longitude]));
    }
  });
});

describe(detectMotion.name, () => {
  const run = (config: Record<string, unknown>, steps: [minute: number, metres: number, speed?: number][]) => {
    const harness = pipelineHarness(context({ config }));
    return steps.flatMap(([minute, metres, speed]) =>
      harness.feed(position({ time: at(minute), longitude: metresEast(metres), speed: speed ?? 0 })).events.map((event) => [event.type, minute, (event.eventTime - at(0)) / 60_000]));
  };

  it('chronological example (200 m, 180 s): moving, stopped, moving', () => {
    const harness = pipelineHarness(context({ config: { 'report.trip.minDistance': 200, 'report.trip.minDuration': 180 } }));
    const offsets = [0, 0, 0, 100, 220, 0, 60, 320];
    const results = offsets.map((metres, minute) => harness.feed(position({ time: at(minute), longitude: metresEast(metres) })));
    const events = results.flatMap((result) => result.events.map((event) => ({ type: event.type, time: (event.eventTime - at(0)) / 60_000, processedAt: (result.position.fixTime - at(0)) / 60_000 })));
    expect(events).toEqual([
      { type: 'deviceMoving', time: 2, processedAt: 4 },
      { type: 'deviceStopped', time: 6, processedAt: 6 },
      { type: 'deviceMoving', time: 7, processedAt: 7 },
    ]);
  });

  it('points the moving event at the earlier departure position', () => {
    const harness = pipelineHarness(context({ config: { 'report.trip.minDistance': 200, 'report.trip.minDuration': 180 } }));
    const stored = [0, 0, 0, 100, 220].map((metres, minute) => harness.feed(position({ time: at(minute), longitude: metresEast(metres) })));
    const [moving] = stored[4]!.events;
    expect(moving).toMatchObject({ type: 'deviceMoving', positionId: stored[2]!.position.id });
  });

  it('worked illustration: still for 10 minutes, 600 m a minute for 10, then still — trip 00:09 → 00:23', () => {
    const steps: [number, number][] = Array.from({ length: 30 }, (_, minute) => [minute, minute < 10 ? 0 : Math.min(minute - 9, 10) * 600]);
    const harness = pipelineHarness(context());
    const events = steps.flatMap(([minute, metres]) => harness.feed(position({ time: at(minute), longitude: metresEast(metres) })).events);
    expect(events.map((event) => [event.type, (event.eventTime - at(0)) / 60_000])).toEqual([['deviceMoving', 9], ['deviceStopped', 23]]);
  });

  it('old logic, reference data A: moving at 00:02 (known at 00:03), stopped at 00:05 (known at 00:15)', () => {
    const config = { 'report.trip.newLogic': false, 'report.trip.minimalTripDistance': 500, 'report.trip.minimalTripDuration': 300, 'report.trip.minimalParkingDuration': 180, 'report.trip.minimalNoDataDuration': 900 };
    expect(run(config, [[0, 0, 0], [1, 0, 0], [2, 0, 10], [3, 1000, 10], [4, 2000, 10], [5, 3000, 0], [15, 3000, 0], [25, 3000, 0]])).toEqual([
      ['deviceMoving', 3, 2],
      ['deviceStopped', 15, 5],
    ]);
  });
});

describe(processOldMotion.name, () => {
  const oldSettings = { minimalTripDistance: 500, minimalTripDuration: 300_000, minimalParkingDuration: 300_000, minimalNoDataDuration: 3_600_000, useIgnition: false };
  const flagged = (minute: number, motion: boolean, extra: Record<string, unknown> = {}) => position({ time: at(minute), attributes: { motion, totalDistance: 0, ...extra } });

  it('ignores a blip back to the confirmed state', () => {
    let state = { streak: true, raw: true, candidate: undefined as MotionPoint | undefined };
    for (const [minute, motion] of [[0, false], [1, true], [2, true], [10, true]] as const) state = processOldMotion(state, undefined, flagged(minute, motion), oldSettings).state;
    expect(state).toMatchObject({ streak: true, candidate: undefined });
  });

  it('ends a trip at the last position after a long silence, and confirms a stop by ignition off', () => {
    const last = flagged(0, true);
    const gap = processOldMotion({ streak: true, raw: true, candidate: undefined }, last, flagged(61, true), oldSettings);
    expect(gap.transitions).toEqual([{ type: 'deviceStopped', point: last, eventTime: last.deviceTime }]);
    const candidate = flagged(0, false);
    const ignition = processOldMotion({ streak: true, raw: false, candidate }, undefined, flagged(1, false, { ignition: false }), { ...oldSettings, useIgnition: true });
    expect(ignition.transitions).toEqual([{ type: 'deviceStopped', point: candidate, eventTime: candidate.fixTime }]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEVICE, at, metresEast, oldLogic, reportSettings } from '../../test/helpers/report-fixtures.js';
import type { ReportPosition } from './report-position.js';
import { detectStops } from './stop-detector.js';
import { summarize } from './summary-calculator.js';
import { detectTrips } from './trip-detector.js';

const STEP = 10; // seconds between fixes
const SPEED = 10; // metres per second while driving
const KNOTS = (SPEED * 3600) / 1852;

/**
 * A day's errand, one fix every 10 s along the equator: parked 10 min, 3 km east in 5 min, a
 * 20-minute stop, 6 km east in 10 min, parked 30 min. totalDistance and motion as the pipeline
 * would store them.
 */
const journey = (): ReportPosition[] => {
  const legs: [seconds: number, moving: boolean][] = [[600, false], [300, true], [1200, false], [600, true], [1800, false]];
  const positions: ReportPosition[] = [];
  let time = 0;
  let metres = 0;
  const add = (moving: boolean, step: number) => {
    positions.push({
      id: positions.length + 1, fixTime: at(0, time), deviceTime: at(0, time), latitude: 0, longitude: metresEast(metres),
      speed: moving ? KNOTS : 0, address: null, attributes: { distance: step, totalDistance: metres, motion: moving },
    });
  };
  add(false, 0);
  for (const [seconds, moving] of legs) {
    for (let elapsed = STEP; elapsed <= seconds; elapsed += STEP) {
      time += STEP;
      const step = moving ? SPEED * STEP : 0;
      metres += step;
      add(moving, step);
    }
  }
  return positions;
};

/** Seconds after the start. */
const seconds = (iso: string) => (Date.parse(iso) - at(0)) / 1000;

describe(detectTrips.name, () => {
  it('a generated journey: two trips, from the last parked fix to the fix that confirms the next stop', () => {
    const trips = detectTrips(journey(), DEVICE, reportSettings());
    // departures at 600 s and 2100 s; arrivals at 900 s and 2700 s, confirmed 180 s later (the
    // first fix whose 190 s window holds nothing 200 m or more away)
    expect(trips.map((t) => [seconds(t.startTime), seconds(t.endTime), t.distance, t.duration / 1000])).toEqual([
      [600, 1080, 3000, 480],
      [2100, 2880, 6000, 780],
    ]);
    expect(trips[0]!.averageSpeed).toBeCloseTo((3000 / 480) * (3600 / 1852), 9);
    expect(trips.map((t) => t.maxSpeed)).toEqual([KNOTS, KNOTS]);
  });

  it('the same journey by the motion-flag method: trips from the first moving fix to the first parked one', () => {
    const trips = detectTrips(journey(), DEVICE, reportSettings(oldLogic()));
    expect(trips.map((t) => [seconds(t.startTime), seconds(t.endTime), t.distance])).toEqual([
      [610, 910, 2900],
      [2110, 2710, 5900],
    ]);
  });
});

describe(detectStops.name, () => {
  it('a generated journey: three stops covering the time between the trips', () => {
    const stops = detectStops(journey(), DEVICE, reportSettings());
    expect(stops.map((s) => [seconds(s.startTime), seconds(s.endTime), s.startOdometer])).toEqual([
      [0, 600, 0],
      [1080, 2100, 3000],
      [2880, 4500, 9000],
    ]);
  });
});

describe(summarize.name, () => {
  it('a generated journey: 9 km at up to 10 m/s over 75 minutes', () => {
    expect(summarize(journey(), DEVICE, reportSettings())).toMatchObject({
      distance: 9000, maxSpeed: KNOTS, startTime: '2025-01-01T00:00:00.000+00:00', endTime: '2025-01-01T01:15:00.000+00:00',
    });
  });
});

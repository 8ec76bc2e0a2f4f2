import { describe, expect, it } from 'vitest';
import { DEVICE, fix, reportSettings } from '../../test/helpers/report-fixtures.js';
import { dailyWindows } from './report-periods.js';
import { summarize, summarizeWindows, summaryItem } from './summary-calculator.js';

const HOUR = 3_600_000;

describe(summarize.name, () => {
  it('distance between the first and last position, highest speed, fuel and the times of both ends', () => {
    const positions = [
      fix(0, 0, { speed: 0, attributes: { totalDistance: 1000, fuel: 50 } }),
      fix(30, 9000, { speed: 33, attributes: { totalDistance: 10_000, fuel: 48 } }),
      fix(60, 20_000, { speed: 12, attributes: { totalDistance: 21_000, fuel: 45 } }),
    ];
    expect(summarize(positions, DEVICE, reportSettings())).toEqual({
      deviceId: 7, deviceName: 'Van', distance: 20_000, averageSpeed: 0, maxSpeed: 33, spentFuel: 5, startOdometer: 1000, endOdometer: 21_000,
      startTime: '2025-01-01T00:00:00.000+00:00', endTime: '2025-01-01T01:00:00.000+00:00', startHours: 0, endHours: 0, engineHours: 0,
    });
  });

  it('with engine hours at both ends: engine hours, and the average speed over them', () => {
    const positions = [fix(0, 0, { attributes: { odometer: 5000, hours: 10 * HOUR } }), fix(120, 0, { attributes: { odometer: 42_040, hours: 11 * HOUR } })];
    const summary = summarize(positions, DEVICE, reportSettings())!;
    expect(summary).toMatchObject({ distance: 37_040, startOdometer: 5000, endOdometer: 42_040, startHours: 10 * HOUR, endHours: 11 * HOUR, engineHours: HOUR });
    // 37.04 km in one engine hour = 20 knots
    expect(summary.averageSpeed).toBeCloseTo(20, 9);
  });

  it('no positions, no item', () => {
    expect(summarize([], DEVICE, reportSettings())).toBeUndefined();
  });
});

describe(summaryItem.name, () => {
  it('the fast method reads only the end positions and reports maxSpeed 0', () => {
    const item = summaryItem(fix(0, 0, { speed: 50, attributes: { totalDistance: 0 } }), fix(3000, 0, { attributes: { totalDistance: 900_000 } }), 0, DEVICE, reportSettings());
    expect(item).toMatchObject({ distance: 900_000, maxSpeed: 0 });
  });
});

describe(summarizeWindows.name, () => {
  it('daily: one item per day with data, a position exactly at midnight counting in both days', () => {
    const from = Date.parse('2025-01-01T12:00:00Z');
    const to = Date.parse('2025-01-04T06:00:00Z');
    const windows = dailyWindows(from, to, 'UTC');
    const positions = [
      fix(12 * 60, 0, { speed: 10, attributes: { totalDistance: 0 } }),
      fix(20 * 60, 0, { speed: 20, attributes: { totalDistance: 4000 } }),
      fix(24 * 60, 0, { speed: 5, attributes: { totalDistance: 5000 } }), // 2025-01-02T00:00 exactly
      fix(30 * 60, 0, { speed: 30, attributes: { totalDistance: 9000 } }),
      fix(75 * 60, 0, { speed: 1, attributes: { totalDistance: 9500 } }), // 2025-01-04T03:00; 2025-01-03 has nothing
    ];
    const items = summarizeWindows(positions, windows, DEVICE, reportSettings());
    expect(items.map((item) => [item.startTime, item.endTime, item.distance, item.maxSpeed])).toEqual([
      ['2025-01-01T12:00:00.000+00:00', '2025-01-02T00:00:00.000+00:00', 5000, 20],
      ['2025-01-02T00:00:00.000+00:00', '2025-01-02T06:00:00.000+00:00', 4000, 30],
      ['2025-01-04T03:00:00.000+00:00', '2025-01-04T03:00:00.000+00:00', 0, 1],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { DEVICE, fix, minuteOf, newLogic, oldLogic, reportSettings, sample } from '../../test/helpers/report-fixtures.js';
import type { ReportPosition } from './report-position.js';
import type { MotionSettings } from './report-settings.js';
import { detectStops, stopItem } from './stop-detector.js';

const stops = (positions: ReportPosition[], motion: MotionSettings) =>
  detectStops(positions, DEVICE, reportSettings(motion)).map((stop) => [minuteOf(stop.startTime), minuteOf(stop.endTime), stop.duration]);

describe(detectStops.name, () => {
  describe('distance/time method (default), reference §5.3 examples', () => {
    it('500 m / 300 s: the stop lasts until the last still position before the departure', () => {
      expect(stops([fix(0, 0), fix(2, 0), fix(4, 0), fix(5, 600)], newLogic(500, 300))).toEqual([[0, 4, 240_000]]);
    });

    it('a confirmed stop at the last position is a stop from there to the end', () => {
      expect(stops([fix(0, 0, { speed: 5 }), fix(2, 100), fix(4, 100), fix(6, 100)], newLogic(500, 300))).toEqual([[6, 6, 0]]);
    });

    it('a 1200 m jump after ten minutes ends the stop at the jump', () => {
      expect(stops([fix(0, 0), fix(10, 1200)], newLogic(500, 300))).toEqual([[0, 10, 600_000]]);
    });

    it('chronological sequence (200 m, 180 s): stops 00:00–00:02 and 00:06–00:07', () => {
      const positions = [0, 0, 0, 100, 220, 0, 60, 320].map((metres, minute) => fix(minute, metres));
      expect(stops(positions, newLogic(200, 180))).toEqual([[0, 2, 120_000], [6, 7, 60_000]]);
    });

    it('worked illustration: stops 00:00–00:09 and 00:23 to the end', () => {
      const positions = Array.from({ length: 31 }, (_, minute) => fix(minute, Math.min(Math.max(minute - 9, 0), 10) * 600));
      expect(stops(positions, newLogic(200, 180))).toEqual([[0, 9, 540_000], [23, 30, 420_000]]);
    });
  });

  describe('motion-flag method, reference §5.3 ReportUtilsTest data', () => {
    const configA = oldLogic({ tripDistance: 500, tripSeconds: 300, parkingSeconds: 180, noDataSeconds: 900 });

    it('data A: stops 00:00 → 00:02 (120 000 ms) and 00:05 → 00:25 (1 200 000 ms), with or without ignition', () => {
      const rows = (ignition?: boolean): Parameters<typeof sample>[0] => [[0, 0, 0], [1, 0, 0], [2, 10, 0], [3, 10, 1000], [4, 10, 2000], [5, 0, 3000, ignition === undefined ? {} : { ignition }], [15, 0, 3000], [25, 0, 3000]];
      expect(stops(sample(rows()), configA)).toEqual([[0, 2, 120_000], [5, 25, 1_200_000]]);
      const withIgnition = oldLogic({ tripDistance: 500, tripSeconds: 300, parkingSeconds: 180, noDataSeconds: 900, useIgnition: true });
      expect(stops(sample(rows(false)), withIgnition)).toEqual([[0, 2, 120_000], [5, 25, 1_200_000]]);
    });

    it('data B (fluctuation): stops 00:00–00:02 and 00:09–00:29', () => {
      const positions = sample([[0, 0, 0], [1, 0, 0], [2, 10, 0], [3, 10, 1000], [4, 10, 2000], [5, 10, 3000], [6, 10, 4000], [7, 0, 5000], [8, 10, 6000], [9, 0, 7000], [19, 0, 7000], [29, 0, 7000]]);
      expect(stops(positions, configA)).toEqual([[0, 2, 120_000], [9, 29, 1_200_000]]);
    });

    it('data C (parking 200 s): speeds 0,0,1,0,1,0 are one stop 00:00–00:05', () => {
      const configC = oldLogic({ tripDistance: 500, tripSeconds: 300, parkingSeconds: 200, noDataSeconds: 900 });
      expect(stops(sample([[0, 0, 0], [1, 0, 0], [2, 1, 0], [3, 0, 0], [4, 1, 0], [5, 0, 0]]), configC)).toEqual([[0, 5, 300_000]]);
    });

    it('data D: 0,0,0,0 then 1, 2 is one stop 00:00–00:05', () => {
      expect(stops(sample([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 1, 0], [5, 2, 0]]), configA)).toEqual([[0, 5, 300_000]]);
    });

    it('data E: 2,1,0 then still at 00:12, 00:22, 00:32 is a stop 00:02–00:32', () => {
      expect(stops(sample([[0, 2, 0], [1, 1, 0], [2, 0, 0], [12, 0, 0], [22, 0, 0], [32, 0, 0]]), configA)).toEqual([[2, 32, 1_800_000]]);
    });

    it('data F: speeds 5,5,3,5,5,5 have no stop', () => {
      expect(stops(sample([[0, 5, 0], [1, 5, 100], [2, 3, 200], [3, 5, 300], [4, 5, 400], [5, 5, 500]]), configA)).toEqual([]);
    });

    it('data G: the stop after the 19-minute gap runs 00:04 → 00:25 (1 260 000 ms)', () => {
      const configG = oldLogic({ tripDistance: 500, tripSeconds: 200, parkingSeconds: 200, noDataSeconds: 900 });
      const positions = sample([[0, 7, 100], [1, 7, 300], [2, 5, 500], [3, 5, 600], [4, 3, 700], [23, 2, 700], [24, 5, 800], [25, 5, 900]]);
      expect(stops(positions, configG)).toEqual([[4, 25, 1_260_000]]);
    });
  });

  describe('stop fields, reference §5.4', () => {
    it('place and address of the start, engine hours and fuel spent, no distance or speeds', () => {
      const start = fix(0, 0, { address: 'Yard', attributes: { hours: 3_600_000, fuel: 40, totalDistance: 900, odometer: 0 } });
      const end = fix(45, 0, { attributes: { hours: 4_500_000, fuel: 38.5, totalDistance: 900 } });
      expect(stopItem({ start, end, maxSpeed: 12 }, DEVICE, reportSettings())).toEqual({
        deviceId: 7, deviceName: 'Van', distance: 0, averageSpeed: 0, maxSpeed: 0, spentFuel: 1.5, startOdometer: 900, endOdometer: 900,
        startTime: '2025-01-01T00:00:00.000+00:00', endTime: '2025-01-01T00:45:00.000+00:00', positionId: start.id, latitude: 0, longitude: 0,
        address: 'Yard', duration: 2_700_000, engineHours: 900_000,
      });
      expect(stopItem({ start, end: fix(45, 0), maxSpeed: 0 }, DEVICE, reportSettings()).engineHours).toBe(0);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DEVICE, fix, minuteOf, newLogic, oldLogic, reportSettings, sample } from '../../test/helpers/report-fixtures.js';
import type { ReportPosition } from './report-position.js';
import type { MotionSettings } from './report-settings.js';
import { detectTrips, tripItem } from './trip-detector.js';

const trips = (positions: ReportPosition[], motion: MotionSettings) =>
  detectTrips(positions, DEVICE, reportSettings(motion)).map((trip) => [minuteOf(trip.startTime), minuteOf(trip.endTime)]);

/** Positions one a minute from minute 0 at the given offsets east (metres), standing still (speed 0). */
const still = (offsets: number[], speed = 0) => offsets.map((metres, minute) => fix(minute, metres, { speed }));

describe(detectTrips.name, () => {
  describe('distance/time method (default), reference §5.3 examples', () => {
    it('500 m / 300 s: a stopped device 600 m away at 00:05 departs from the last still position', () => {
      const positions = [fix(0, 0), fix(2, 0), fix(4, 0), fix(5, 600)];
      expect(trips(positions, newLogic(500, 300))).toEqual([[4, 5]]);
    });

    it('a moving device that stays within 100 m stops at the position that confirms it (00:06)', () => {
      const positions = [fix(0, 0, { speed: 5 }), fix(2, 100), fix(4, 100), fix(6, 100)];
      expect(trips(positions, newLogic(500, 300))).toEqual([[0, 6]]);
    });

    it('120 s of standing is not yet a stop: the trip stays open to the last position', () => {
      const positions = [fix(0, 0, { speed: 5 }), fix(1, 100), fix(2, 100)];
      expect(trips(positions, newLogic(500, 300))).toEqual([[0, 2]]);
    });

    it('a 1200 m jump from a stop starts moving at the jump (nothing later than the reference to walk back to)', () => {
      expect(trips([fix(0, 0), fix(10, 1200)], newLogic(500, 300))).toEqual([[10, 10]]);
    });

    it('a gap over stopGap that covered the distance is a trip of its own, closing the running one', () => {
      const gap = fix(120, 13_000, { attributes: { distance: 13_000 } });
      expect(trips([fix(0, 0, { speed: 5 }), gap], newLogic(500, 300))).toEqual([[0, 0], [0, 120]]);
      expect(trips([fix(0, 0), fix(120, 13_000, { attributes: { distance: 13_000 } })], newLogic(500, 300))).toEqual([[0, 120]]);
    });

    it('a gap that covered only 100 m is just a stop', () => {
      expect(trips([fix(0, 0, { speed: 5 }), fix(120, 0, { attributes: { distance: 100 } })], newLogic(500, 300))).toEqual([[0, 120]]);
    });

    it('dates the departure back to the last still position (00:02)', () => {
      expect(trips(still([0, 0, 0, 120, 300, 600]), newLogic(500, 300))).toEqual([[2, 5]]);
    });

    it('chronological sequence 0,0,0,100,220,0,60,320 (200 m, 180 s): moving 00:02, stopped 00:06, moving 00:07', () => {
      expect(trips(still([0, 0, 0, 100, 220, 0, 60, 320]), newLogic(200, 180))).toEqual([[2, 6], [7, 7]]);
    });

    it('worked illustration: still to 00:09, 600 m a minute to 00:19, then still: trip 00:09 → 00:23 (840 s)', () => {
      const positions = Array.from({ length: 31 }, (_, minute) => fix(minute, Math.min(Math.max(minute - 9, 0), 10) * 600, { speed: minute >= 10 && minute <= 19 ? 19.4 : 0 }));
      const [trip, ...rest] = detectTrips(positions, DEVICE, reportSettings(newLogic(200, 180)));
      expect(rest).toEqual([]);
      expect([minuteOf(trip!.startTime), minuteOf(trip!.endTime), trip!.duration]).toEqual([9, 23, 840_000]);
      expect(trip!.maxSpeed).toBe(19.4);
    });
  });

  describe('motion-flag method (report.trip.newLogic=false), reference §5.3 ReportUtilsTest data', () => {
    const configA = oldLogic({ tripDistance: 500, tripSeconds: 300, parkingSeconds: 180, noDataSeconds: 900 });
    const dataA = (extra: Record<number, Record<string, unknown>> = {}) =>
      sample([[0, 0, 0], [1, 0, 0], [2, 10, 0], [3, 10, 1000], [4, 10, 2000], [5, 0, 3000, extra[5]], [15, 0, 3000], [25, 0, 3000]]);

    it('data A: one trip 00:02 → 00:05, 180 000 ms, 3000 m, 32.4 kn average, 10 kn max', () => {
      const [trip, ...rest] = detectTrips(dataA(), DEVICE, reportSettings(configA));
      expect(rest).toEqual([]);
      expect(trip).toMatchObject({ startTime: '2025-01-01T00:02:00.000+00:00', endTime: '2025-01-01T00:05:00.000+00:00', duration: 180_000, distance: 3000, maxSpeed: 10 });
      expect(trip!.averageSpeed).toBeCloseTo(32.4, 1);
    });

    it('data A with useIgnition and ignition off at 00:05: the same trip', () => {
      const withIgnition = oldLogic({ tripDistance: 500, tripSeconds: 300, parkingSeconds: 180, noDataSeconds: 900, useIgnition: true });
      expect(trips(dataA({ 5: { ignition: false } }), withIgnition)).toEqual([[2, 5]]);
    });

    it('data B (fluctuation): one trip 00:02 → 00:09, 420 000 ms, 7000 m, 32.4 kn, max 10', () => {
      const positions = sample([[0, 0, 0], [1, 0, 0], [2, 10, 0], [3, 10, 1000], [4, 10, 2000], [5, 10, 3000], [6, 10, 4000], [7, 0, 5000], [8, 10, 6000], [9, 0, 7000], [19, 0, 7000], [29, 0, 7000]]);
      const [trip, ...rest] = detectTrips(positions, DEVICE, reportSettings(configA));
      expect(rest).toEqual([]);
      expect([minuteOf(trip!.startTime), minuteOf(trip!.endTime), trip!.duration, trip!.distance, trip!.maxSpeed]).toEqual([2, 9, 420_000, 7000, 10]);
      expect(trip!.averageSpeed).toBeCloseTo(32.4, 1);
    });

    it('data G: a 19-minute gap closes the trip at the last position before it', () => {
      const configG = oldLogic({ tripDistance: 500, tripSeconds: 200, parkingSeconds: 200, noDataSeconds: 900 });
      const positions = sample([[0, 7, 100], [1, 7, 300], [2, 5, 500], [3, 5, 600], [4, 3, 700], [23, 2, 700], [24, 5, 800], [25, 5, 900]]);
      const [trip, ...rest] = detectTrips(positions, DEVICE, reportSettings(configG));
      expect(rest).toEqual([]);
      expect([minuteOf(trip!.startTime), minuteOf(trip!.endTime), trip!.duration, trip!.distance, trip!.maxSpeed]).toEqual([0, 4, 240_000, 600, 7]);
      expect(trip!.averageSpeed).toBeCloseTo(4.86, 2);
    });

    it('data F (always moving) is one trip over the whole period', () => {
      expect(trips(sample([[0, 5, 0], [1, 5, 100], [2, 3, 200], [3, 5, 300], [4, 5, 400], [5, 5, 500]]), configA)).toEqual([[0, 5]]);
    });

    it('reads the flag from speed above event.motion.speedThreshold when a position has none', () => {
      const positions = [[0, 0, 0], [1, 0, 0], [2, 10, 0], [3, 10, 1000], [4, 10, 2000], [5, 0, 3000], [15, 0, 3000]].map(([minute, speed, total]) => fix(minute!, 0, { speed, attributes: { totalDistance: total } }));
      expect(trips(positions, configA)).toEqual([[2, 5]]);
    });
  });

  describe('trip fields, reference §5.4', () => {
    const interval = (start: Record<string, unknown>, end: Record<string, unknown>, maxSpeed = 0) => ({
      start: fix(0, 0, { attributes: start, address: 'Depot' }),
      end: fix(30, 0, { attributes: end, address: 'Client' }),
      maxSpeed,
    });
    const settings = reportSettings();

    it('uses the device odometer when both ends have a non-zero one, else totalDistance', () => {
      expect(tripItem(interval({ odometer: 1000, totalDistance: 50 }, { odometer: 4000, totalDistance: 2050 }), DEVICE, settings)).toMatchObject({ distance: 3000, startOdometer: 1000, endOdometer: 4000 });
      expect(tripItem(interval({ odometer: 0, totalDistance: 50 }, { odometer: 4000, totalDistance: 2050 }), DEVICE, settings)).toMatchObject({ distance: 2000, startOdometer: 50, endOdometer: 2050 });
      expect(tripItem(interval({ odometer: 1000, totalDistance: 50 }, { odometer: 4000, totalDistance: 2050 }), DEVICE, reportSettings(undefined, { ignoreOdometer: true }))).toMatchObject({ distance: 2000 });
    });

    it('spent fuel: fuel 0.7 → 0.5 is 0.2; fuelUsed 10 → 15 is 5; fuelLevel 80 → 60 with capacity 100 is 20', () => {
      expect(tripItem(interval({ fuel: 0.7 }, { fuel: 0.5 }), DEVICE, settings).spentFuel).toBeCloseTo(0.2, 9);
      expect(tripItem(interval({ fuelUsed: 10, fuel: 3 }, { fuelUsed: 15, fuel: 1 }), DEVICE, settings).spentFuel).toBe(5);
      expect(tripItem(interval({ fuelLevel: 80 }, { fuelLevel: 60 }), DEVICE, reportSettings(undefined, { fuelCapacity: 100 })).spentFuel).toBe(20);
      expect(tripItem(interval({ fuelLevel: 80 }, { fuelLevel: 60 }), DEVICE, settings).spentFuel).toBe(0);
    });

    it('carries positions, addresses, the driver of the start (else the end) and the speeds in knots', () => {
      const trip = tripItem(interval({ totalDistance: 0 }, { totalDistance: 18_520, driverUniqueId: 'D-2' }, 41), DEVICE, settings);
      expect(trip).toMatchObject({ deviceId: 7, deviceName: 'Van', startAddress: 'Depot', endAddress: 'Client', driverUniqueId: 'D-2', driverName: null, duration: 1_800_000, maxSpeed: 41 });
      // 18.52 km in half an hour = 37.04 km/h = 20 knots
      expect(trip.averageSpeed).toBeCloseTo(20, 9);
      expect(tripItem(interval({ driverUniqueId: 'D-1' }, { driverUniqueId: 'D-2' }), DEVICE, settings).driverUniqueId).toBe('D-1');
      expect(tripItem(interval({}, {}), DEVICE, settings)).toMatchObject({ driverUniqueId: null, averageSpeed: 0 });
    });
  });
});

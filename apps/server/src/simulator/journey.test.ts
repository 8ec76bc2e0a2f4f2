import { describe, expect, it } from 'vitest';
import { createJourney } from './journey.js';

const drive = (seconds: number, seed = 7) => {
  const journey = createJourney({ origin: { latitude: 28.61, longitude: 77.21 }, seed });
  return Array.from({ length: seconds }, () => journey.step(1));
};

const metresBetween = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
  const dLat = (b.latitude - a.latitude) * 111_320;
  const dLon = (b.longitude - a.longitude) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};

describe(createJourney.name, () => {
  it('repeats exactly for the same seed', () => {
    expect(drive(600, 3)).toEqual(drive(600, 3));
    expect(drive(600, 3)).not.toEqual(drive(600, 4));
  });

  it('moves no further each second than its speed allows, and never faster than a city car', () => {
    const fixes = drive(3600);
    for (let index = 1; index < fixes.length; index++) {
      const moved = metresBetween(fixes[index - 1]!, fixes[index]!);
      const fastest = Math.max(fixes[index - 1]!.speed, fixes[index]!.speed);
      expect(moved).toBeLessThanOrEqual(fastest * (1852 / 3600) + 0.01);
      expect(fixes[index]!.speed).toBeLessThan(30);
    }
  });

  it('drives, halts and parks: an hour has movement, stops, and parking with the ignition off', () => {
    const fixes = drive(3 * 3600, 11);
    expect(fixes.some((fix) => fix.motion && fix.ignition)).toBe(true);
    expect(fixes.some((fix) => !fix.motion && fix.ignition)).toBe(true);
    expect(fixes.some((fix) => !fix.motion && !fix.ignition)).toBe(true);
    expect(fixes.every((fix) => fix.ignition || fix.speed === 0)).toBe(true);
  });

  it('stands parked with the ignition off for the seconds asked, in one place, then sets off', () => {
    const journey = createJourney({ origin: { latitude: 28.61, longitude: 77.21 }, seed: 7, parkedSeconds: 20 });
    const fixes = Array.from({ length: 40 }, () => journey.step(1));
    const parked = fixes.slice(0, 20);
    expect(parked.every((fix) => !fix.ignition && fix.speed === 0 && fix.latitude === 28.61 && fix.longitude === 77.21)).toBe(true);
    expect(fixes[20]).toMatchObject({ ignition: true, motion: true });
    expect(metresBetween(fixes[19]!, fixes[39]!)).toBeGreaterThan(50);
  });

  it('turns only at right angles, like a street grid', () => {
    expect(new Set(drive(3600).map((fix) => fix.course % 90))).toEqual(new Set([0]));
  });

  it('keeps the battery between 5 and 100 %', () => {
    expect(drive(7200).every((fix) => fix.batteryLevel >= 5 && fix.batteryLevel <= 100)).toBe(true);
  });
});

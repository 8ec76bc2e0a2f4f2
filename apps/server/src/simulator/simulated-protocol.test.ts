import { describe, expect, it } from 'vitest';
import { degreesMinutes, simulatedImei, utcFields, vehicleSupplyVolts } from './simulated-protocol.js';

describe('simulated tracker fields', () => {
  it('writes coordinates as degrees and decimal minutes with their hemisphere', () => {
    expect(degreesMinutes(28.6315, 2)).toEqual({ text: '2837.8900', hemisphere: 'N' });
    expect(degreesMinutes(-33.4171, 2)).toEqual({ text: '3325.0260', hemisphere: 'S' });
    expect(degreesMinutes(-70.62, 3)).toEqual({ text: '07037.2000', hemisphere: 'W' });
    expect(degreesMinutes(7.5, 3, 2)).toEqual({ text: '00730.00', hemisphere: 'E' });
  });

  it('carries minutes that round up to 60 into the next degree', () => {
    // 12.9999995° is 12° 59.99997′, which four decimals round to 60′
    expect(degreesMinutes(12.9999995, 2)).toEqual({ text: '1300.0000', hemisphere: 'N' });
  });

  it('gives two-digit UTC fields, IMEIs from 860000000000001 and a charging supply while the engine runs', () => {
    expect(utcFields(new Date(Date.UTC(2026, 0, 5, 7, 8, 9)))).toEqual({ year: '26', month: '01', day: '05', hours: '07', minutes: '08', seconds: '09' });
    expect([simulatedImei(0), simulatedImei(41)]).toEqual(['860000000000001', '860000000000042']);
    const fix = { latitude: 0, longitude: 0, speed: 0, course: 0, motion: false, batteryLevel: 50 };
    expect(vehicleSupplyVolts({ ...fix, ignition: true })).toBeGreaterThan(vehicleSupplyVolts({ ...fix, ignition: false }));
  });
});

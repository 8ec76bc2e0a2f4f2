import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from '../processing/settings/device-settings.js';
import { reportSettingsOf } from './report-settings.js';

const settings = (sources: { device?: Record<string, unknown>; groups?: Record<string, unknown>[]; config?: Record<string, unknown> } = {}) =>
  reportSettingsOf(createDeviceSettings({ device: sources.device ?? {}, groups: sources.groups ?? [], server: {}, config: sources.config ?? {} }));

describe(reportSettingsOf.name, () => {
  it('defaults to the distance/time method: 200 m, 180 s, stopGap 3600 s', () => {
    expect(settings()).toEqual({
      motion: { logic: 'new', speedThreshold: 0.01, parameters: { minDistance: 200, minDuration: 180_000, stopGap: 3_600_000 } },
      ignoreOdometer: false,
      fuelCapacity: 0,
    });
  });

  it('switches to the motion-flag method per device, per group or for the whole server', () => {
    const old = { logic: 'old', parameters: { minimalTripDistance: 500, minimalTripDuration: 300_000, minimalParkingDuration: 300_000, minimalNoDataDuration: 3_600_000, useIgnition: false } };
    expect(settings({ device: { 'report.trip.newLogic': 'false' } }).motion).toMatchObject(old);
    expect(settings({ groups: [{}, { 'report.trip.newLogic': false }] }).motion).toMatchObject(old);
    expect(settings({ config: { 'report.trip.newLogic': false } }).motion).toMatchObject(old);
  });

  it('reads parameters, ignoreOdometer and the tank capacity from device and group attributes', () => {
    const result = settings({ device: { 'report.trip.minDistance': 350, fuelCapacity: 60 }, groups: [{ 'report.trip.stopGap': 600, 'report.ignoreOdometer': true }] });
    expect(result.motion).toMatchObject({ logic: 'new', parameters: { minDistance: 350, minDuration: 180_000, stopGap: 600_000 } });
    expect(result).toMatchObject({ ignoreOdometer: true, fuelCapacity: 60 });
  });
});

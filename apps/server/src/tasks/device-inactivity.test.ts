import { describe, expect, it } from 'vitest';
import type { Device, Group } from '@tracklane/domain';
import { inactivityDue, inactivitySetting } from './device-inactivity.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe(inactivityDue.name, () => {
  const lastUpdate = Date.UTC(2025, 0, 1, 0, 0);

  it('alerts once at the first check after lastUpdate + start', () => {
    const checks = Array.from({ length: 12 }, (_, i) => lastUpdate + i * 15 * MIN + 7 * MIN);
    const due = checks.filter((now) => inactivityDue(lastUpdate, HOUR, 0, now));
    expect(due).toEqual([lastUpdate + 67 * MIN]);
  });

  it('repeats every period while the device stays silent', () => {
    const checks = Array.from({ length: 24 }, (_, i) => lastUpdate + i * 15 * MIN + 7 * MIN);
    const due = checks.filter((now) => inactivityDue(lastUpdate, HOUR, 2 * HOUR, now)).map((now) => (now - lastUpdate) / MIN);
    expect(due).toEqual([67, 187, 307]);
  });

  it('stays quiet without a start value', () => {
    expect(inactivityDue(lastUpdate, 0, HOUR, lastUpdate + HOUR)).toBe(false);
  });
});

describe(inactivitySetting.name, () => {
  const device = (attributes: Record<string, unknown>) => ({ id: 1, groupId: 5, attributes }) as unknown as Device;
  const group = (attributes: Record<string, unknown>) => ({ id: 5, groupId: 0, name: 'g', attributes }) as Group;

  it('falls back to the group when the device value is missing or not positive', () => {
    expect(inactivitySetting(device({ deviceInactivityStart: 1000 }), [group({ deviceInactivityStart: 5000 })], 'deviceInactivityStart')).toBe(1000);
    expect(inactivitySetting(device({ deviceInactivityStart: 0 }), [group({ deviceInactivityStart: 5000 })], 'deviceInactivityStart')).toBe(5000);
    expect(inactivitySetting(device({}), [], 'deviceInactivityPeriod')).toBe(0);
  });
});

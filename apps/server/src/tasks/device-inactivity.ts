import type { Device, Group } from '@tracklane/domain';
import { GROUP_LOOKUP_DEPTH } from '../processing/settings/device-settings.js';

/** How often inactivity is checked; each check covers the window since the previous one. */
export const INACTIVITY_CHECK_PERIOD = 15 * 60_000;

/**
 * Whether a deviceInactive alert is due at a check at `now` (all ms): the first when
 * lastUpdate + start fell within the last check period, then one per `period` while silent.
 * @see reference/processing.md §3.2 (deviceInactive)
 */
export const inactivityDue = (lastUpdate: number, start: number, period: number, now: number, checkPeriod = INACTIVITY_CHECK_PERIOD): boolean => {
  if (start <= 0) return false;
  const first = lastUpdate + start;
  if (now < first) return false;
  if (now - checkPeriod < first) return true;
  if (period <= 0) return false;
  const latestDue = first + Math.floor((now - first - 1) / period) * period;
  return now - checkPeriod < latestDue;
};

const positive = (value: unknown): number => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : 0;
};

/** An inactivity setting: the device's value if > 0, else its groups' (server attributes are not used). */
export const inactivitySetting = (device: Device, groups: readonly Group[], key: 'deviceInactivityStart' | 'deviceInactivityPeriod'): number => {
  for (const attributes of [device.attributes, ...groups.slice(0, GROUP_LOOKUP_DEPTH).map((group) => group.attributes)]) {
    const value = positive(attributes[key]);
    if (value > 0) return value;
  }
  return 0;
};

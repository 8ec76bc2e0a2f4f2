import type { Device } from '@tracklane/domain';
import type { Broadcaster } from '../live/live-message.js';
import type { DeviceCatalog } from '../processing/device-catalog.js';
import type { EventService } from '../processing/events/event-service.js';
import { deviceEvent } from '../processing/events/pending-event.js';
import type { ProcessingConfig } from '../processing/settings/processing-config.js';
import type { Repositories } from '../storage/repositories.js';
import { INACTIVITY_CHECK_PERIOD, inactivityDue, inactivitySetting } from './device-inactivity.js';

/** What the task needs to raise events; without it, statuses change silently. */
export interface StatusEventDeps {
  events: EventService;
  catalog: DeviceCatalog;
  processingConfig: ProcessingConfig;
}

/**
 * Online devices that stay silent longer than the status timeout become `unknown`; each change is
 * announced live so maps grey them out without a reload. With `event.status.enable` the changes
 * raise deviceUnknown / deviceOffline (deviceOnline is raised by the ingest). Every 15 minutes,
 * devices silent past their `deviceInactivityStart` raise deviceInactive.
 * @see reference/processing.md §2, §3.2 (deviceInactive)
 */
export const createDeviceStatusTask = (repos: Repositories, broadcaster: Broadcaster, timeoutSeconds: number, now: () => number = Date.now, deps?: StatusEventDeps) => {
  const statusEvents = deps?.processingConfig['event.status.enable'] === true;

  const announceStatus = async (device: Device, type: 'deviceUnknown' | 'deviceOffline') => {
    broadcaster.publish({ kind: 'device', device });
    if (deps && statusEvents) await deps.events.raise(device, [deviceEvent(type, now())]);
  };

  const sweep = async (): Promise<number> => {
    const stale = await repos.deviceState.markStaleUnknown(now() - timeoutSeconds * 1000);
    for (const id of stale) {
      const device = await repos.devices.findById(id);
      if (device) await announceStatus(device, 'deviceUnknown');
    }
    return stale.length;
  };

  /** A tracker's connection closed (protocols that report disconnects): the device goes offline. */
  const markOffline = async (deviceId: number): Promise<void> => {
    const device = await repos.devices.findById(deviceId);
    if (!device || device.status === 'offline') return;
    await repos.deviceState.updateStatus(deviceId, 'offline');
    await announceStatus({ ...device, status: 'offline' }, 'deviceOffline');
  };

  /** Raises deviceInactive for every device due at this check; returns how many. */
  const checkInactivity = async (): Promise<number> => {
    if (!deps) return 0;
    const time = now();
    let raised = 0;
    for (const device of await repos.devices.list({ sortColumn: 'name' })) {
      if (!device.lastUpdate) continue;
      const groups = await deps.catalog.groupsOf(device);
      const start = inactivitySetting(device, groups, 'deviceInactivityStart');
      const lastUpdate = Date.parse(device.lastUpdate);
      if (!inactivityDue(lastUpdate, start, inactivitySetting(device, groups, 'deviceInactivityPeriod'), time)) continue;
      await deps.events.raise(device, [deviceEvent('deviceInactive', time, { lastUpdate })]);
      raised++;
    }
    return raised;
  };

  const timers: NodeJS.Timeout[] = [];
  const every = (intervalMs: number, work: () => Promise<unknown>) => {
    const timer = setInterval(() => void work().catch(() => undefined), intervalMs);
    timer.unref();
    timers.push(timer);
  };
  return {
    sweep,
    markOffline,
    checkInactivity,
    start: (intervalMs = Math.min(60_000, (timeoutSeconds * 1000) / 2)) => {
      every(intervalMs, sweep);
      every(INACTIVITY_CHECK_PERIOD, checkInactivity);
    },
    stop: () => timers.splice(0).forEach((timer) => clearInterval(timer)),
  };
};

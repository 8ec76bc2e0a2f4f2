import type { Broadcaster } from '../live/live-message.js';
import type { Repositories } from '../storage/repositories.js';

/**
 * Online devices that stay silent longer than the status timeout become `unknown`; each change is
 * announced live so maps grey them out without a reload.
 */
export const createDeviceStatusTask = (repos: Repositories, broadcaster: Broadcaster, timeoutSeconds: number, now: () => number = Date.now) => {
  const sweep = async (): Promise<number> => {
    const stale = await repos.deviceState.markStaleUnknown(now() - timeoutSeconds * 1000);
    for (const id of stale) {
      const device = await repos.devices.findById(id);
      if (device) broadcaster.publish({ kind: 'device', device });
    }
    return stale.length;
  };

  let timer: NodeJS.Timeout | undefined;
  return {
    sweep,
    start: (intervalMs = Math.min(60_000, (timeoutSeconds * 1000) / 2)) => {
      timer = setInterval(() => void sweep().catch(() => undefined), intervalMs);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
};

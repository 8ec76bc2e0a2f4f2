import type { Device } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster } from '../../live/live-message.js';
import type { Repositories } from '../../storage/repositories.js';
import type { UnknownDevices } from './unknown-devices.js';

export interface DeviceResolverOptions {
  repos: Pick<Repositories, 'devices' | 'deviceState'>;
  broadcaster: Broadcaster;
  unknownDevices: UnknownDevices;
  /** Traccar's `database.registerUnknown`: an unknown identifier becomes a new device named after it. */
  registerUnknown: boolean;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * Turns an identifier a tracker announced into its device. Unknown identifiers are logged and
 * remembered in the recent-unknown list, or registered as new devices when REGISTER_UNKNOWN is on.
 */
export const createDeviceResolver = ({ repos, broadcaster, unknownDevices, registerUnknown, log, now }: DeviceResolverOptions) => {
  const register = async (uniqueId: string, protocol: string): Promise<Device | undefined> => {
    try {
      await repos.devices.insert({ name: uniqueId, uniqueId });
      log.info({ protocol, uniqueId }, 'unknown device registered');
      // administrators see the new device; no user is linked to it yet
      broadcaster.publish({ kind: 'device-added' });
    } catch (error) {
      // another connection (or instance) may have registered the same identifier a moment ago
      log.debug({ err: error, protocol, uniqueId }, 'registering unknown device failed; looking it up again');
    }
    return repos.deviceState.findByUniqueId(uniqueId);
  };

  /** The device of the identifier, or of the first of its other forms that has one. */
  const find = async (uniqueId: string, alsoKnownAs: readonly string[]): Promise<Device | undefined> => {
    for (const id of [uniqueId, ...alsoKnownAs]) {
      const device = await repos.deviceState.findByUniqueId(id);
      if (device) return device;
    }
    return undefined;
  };

  return {
    /** The device registered under exactly this identifier, if any; nothing is recorded when there is none. */
    find: (uniqueId: string): Promise<Device | undefined> => repos.deviceState.findByUniqueId(uniqueId),
    /** `alsoKnownAs`: other forms of the identifier a device may be registered under; an unknown one is registered or listed as `uniqueId`. */
    resolve: async (uniqueId: string, protocol: string, remoteAddress: string, alsoKnownAs: readonly string[] = []): Promise<Device | undefined> => {
      const device = (await find(uniqueId, alsoKnownAs)) ?? (registerUnknown ? await register(uniqueId, protocol) : undefined);
      if (device) return device;
      const entry = unknownDevices.record(uniqueId, protocol, remoteAddress, now());
      // one line per identifier and connection burst, not per retry storm
      if (entry.count === 1 || entry.count % 100 === 0) log.warn({ protocol, uniqueId, remoteAddress, count: entry.count }, 'unknown device');
      return undefined;
    },
  };
};

export type DeviceResolver = ReturnType<typeof createDeviceResolver>;

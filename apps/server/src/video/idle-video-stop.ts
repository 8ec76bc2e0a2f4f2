import type { Command } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCommands } from '../commands/device-commands.js';
import type { Repositories } from '../storage/repositories.js';

/** The `videoStop` a stream nobody requests gets, for its channel. */
const stopCommand = (deviceId: number, channel: number): Command => ({
  id: 0,
  deviceId,
  type: 'videoStop',
  textChannel: false,
  description: 'Live video nobody requests',
  attributes: { index: channel },
});

/**
 * Asks the camera of a stream nobody requests to stop (`videoStop`) over the device's connection,
 * here or on the instance holding it; never queued, as a stream that ended needs no stop later.
 */
export const createIdleVideoStop = ({ repos, commands, log }: { repos: Pick<Repositories, 'deviceState'>; commands: Pick<DeviceCommands, 'send' | 'sharesInstances'>; log: FastifyBaseLogger }) =>
  (uniqueId: string, channel: number): Promise<void> =>
    (async () => {
      const device = await repos.deviceState.findByUniqueId(uniqueId);
      if (!device) return;
      const outcome = await commands.send(device, stopCommand(device.id, channel), { askOthers: commands.sharesInstances, queue: false });
      log.info({ deviceId: device.id, channel, sent: outcome.sent }, 'live video nobody requests: asked the camera to stop');
    })().catch((error: unknown) => log.warn({ err: error, uniqueId, channel }, 'live video nobody requests: could not ask the camera to stop'));

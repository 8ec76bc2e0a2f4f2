import type { Command, Device, QueuedCommand } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster } from '../live/live-message.js';
import type { EventService } from '../processing/events/event-service.js';
import { deviceEvent } from '../processing/events/pending-event.js';
import { addressedTo } from '../protocols/command-fields.js';
import type { OutgoingCommand, ProtocolCommands } from '../protocols/protocol-definition.js';
import type { DeviceSession, Reply } from '../protocols/transport/device-session.js';
import type { Repositories } from '../storage/repositories.js';

export interface DeviceCommandsDeps {
  repos: Pick<Repositories, 'commandQueue' | 'devices'>;
  broadcaster: Broadcaster;
  events: Pick<EventService, 'raise'>;
  log: FastifyBaseLogger;
  now: () => number;
}

/** What sending a command amounted to: written to the device's connection, or queued for its next message. */
export type CommandOutcome = { sent: true } | { sent: false; queued: QueuedCommand };

/** A device's endpoint on this instance that its commands go through, with what its protocol takes. */
interface Link {
  session: DeviceSession;
  commands: ProtocolCommands | undefined;
}

/** A command without a password of its own takes the device's (`devicePassword` attribute, as Traccar's commands do). */
const withDevicePassword = (command: Command, device: Device): Command => {
  const password = device.attributes.devicePassword;
  if (command.attributes.devicePassword !== undefined || typeof password !== 'string' || !password) return command;
  return { ...command, attributes: { ...command.attributes, devicePassword: password } };
};

/**
 * Commands to devices over their own connections (Traccar's data channel). A device connected to
 * this instance gets a command at once; any other gets it queued (stored, so a restart keeps it)
 * and sent with its next message, by whichever instance that message reaches: every instance hears
 * of the queuing and keeps the set of devices with commands waiting, so a message costs one set
 * lookup. Each queued command sent raises queuedCommandSent with the command's id.
 */
export const createDeviceCommands = ({ repos, broadcaster, events, log, now }: DeviceCommandsDeps) => {
  const links = new Map<number, Link>();
  const waiting = new Set<number>();
  // the devices with commands waiting from before the start; a message that comes first finds them on its next one
  void repos.commandQueue.waitingDevices().then(
    (ids) => ids.forEach((id) => waiting.add(id)),
    (error: unknown) => log.warn({ err: error }, 'queued commands not loaded'),
  );

  const linkOf = (deviceId: number): Link | undefined => {
    const link = links.get(deviceId);
    if (link && (link.session.closed || link.session.deviceId !== deviceId)) {
      links.delete(deviceId);
      return undefined;
    }
    return link;
  };

  /** Writes the command to the endpoint; false when its protocol does not take the type. */
  const write = ({ session, commands }: Link, command: OutgoingCommand): boolean => {
    const bytes = commands?.encode(addressedTo(command, session.uniqueId!), session.uniqueId!, session.state);
    if (!bytes || !session.reply) return false;
    session.reply(bytes);
    return true;
  };

  const announceSent = async (deviceId: number, sent: readonly QueuedCommand[]) => {
    const device = await repos.devices.findById(deviceId);
    if (device) await events.raise(device, sent.map((command) => deviceEvent('queuedCommandSent', now(), { id: command.id })));
  };

  const deliverQueued = async (deviceId: number): Promise<void> => {
    const link = linkOf(deviceId);
    if (!link) return;
    waiting.delete(deviceId);
    try {
      const queued = await repos.commandQueue.take(deviceId);
      if (queued.length === 0) return;
      for (const command of queued) {
        if (!write(link, command)) log.warn({ deviceId, type: command.type, protocol: link.session.protocol }, 'queued command dropped: the connection does not take it');
      }
      await announceSent(deviceId, queued);
    } catch (error) {
      waiting.add(deviceId);
      log.warn({ err: error, deviceId }, 'queued commands not sent');
    }
  };

  broadcaster.subscribe((message) => {
    if (message.kind !== 'commands-queued') return;
    waiting.add(message.deviceId);
    // a device connected here hears at once, as when the command was sent here
    void deliverQueued(message.deviceId);
  });

  return {
    /**
     * Every message of a bound device: its endpoint becomes the one its commands go through, and the
     * commands waiting for it are sent. One flag and one set lookup when there are none.
     */
    received: (session: DeviceSession, commands: ProtocolCommands | undefined, reply: Reply): void => {
      session.reply = reply;
      if (!session.commandsLinked) {
        links.set(session.deviceId, { session, commands });
        session.commandsLinked = true;
      }
      if (waiting.size > 0 && waiting.has(session.deviceId)) void deliverQueued(session.deviceId);
    },
    /** The protocol of the device's endpoint on this instance, if it has one open. */
    connectedProtocol: (deviceId: number): string | undefined => linkOf(deviceId)?.session.protocol,
    /** Sends the command now where the device is connected here and its protocol takes the type; otherwise queues it. */
    send: async (device: Device, sent: Command): Promise<CommandOutcome> => {
      const command = withDevicePassword(sent, device);
      const link = linkOf(device.id);
      if (link && write(link, command)) return { sent: true };
      const queued: Omit<QueuedCommand, 'id'> = { deviceId: device.id, type: command.type, textChannel: false, attributes: command.attributes };
      const id = await repos.commandQueue.add(queued);
      broadcaster.publish({ kind: 'commands-queued', deviceId: device.id });
      return { sent: false, queued: { id, ...queued } };
    },
    /** The oldest command waiting for the device, taken off the queue (OsmAnd answers a report with one). */
    next: async (deviceId: number): Promise<QueuedCommand | undefined> => {
      if (!waiting.has(deviceId)) return undefined;
      const [command] = await repos.commandQueue.take(deviceId, 1);
      if (!command) {
        waiting.delete(deviceId);
        return undefined;
      }
      await announceSent(deviceId, [command]);
      return command;
    },
  };
};

export type DeviceCommands = ReturnType<typeof createDeviceCommands>;

import { randomUUID } from 'node:crypto';
import type { Command, Device, QueuedCommand } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster } from '../live/live-message.js';
import type { EventService } from '../processing/events/event-service.js';
import { deviceEvent } from '../processing/events/pending-event.js';
import { addressedTo } from '../protocols/command-fields.js';
import type { CommandEndpoints, OutgoingCommand, ProtocolCommands } from '../protocols/protocol-definition.js';
import type { DeviceSession, Reply } from '../protocols/transport/device-session.js';
import type { Repositories } from '../storage/repositories.js';

export interface DeviceCommandsDeps {
  repos: Pick<Repositories, 'commandQueue' | 'devices'>;
  broadcaster: Broadcaster;
  events: Pick<EventService, 'raise'>;
  log: FastifyBaseLogger;
  now: () => number;
  /** How long to wait for another instance to say it wrote a command to the device's connection. */
  elsewhereTimeoutMs?: number;
  /** Where devices are asked to connect to send media, read as each command is written (the listeners start after this). */
  endpoints?: CommandEndpoints;
}

/**
 * What sending a command amounted to: written to the device's connection (here or on another
 * instance), queued for its next message, or neither: a command not to be queued, whose device no
 * instance holds a connection of, or one the connection here does not take in the form its
 * settings give the protocol (`notTaken`: TK103's alternative texts lack some of its types).
 */
export type CommandOutcome =
  | { sent: true; queued?: undefined }
  | { sent: false; queued: QueuedCommand }
  | { sent: false; queued: undefined; notTaken?: boolean };

/** How a command is sent when the device has no connection on this instance. */
export interface SendOptions {
  /** Another instance may hold the device's connection (the device is online and instances share a broadcaster): ask them first. */
  askOthers: boolean;
  /** Queue it when no connection took it (Traccar's noQueue turns this off). */
  queue: boolean;
}

const ELSEWHERE_TIMEOUT_MS = 2000;

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
 * this instance gets a command at once; so does one whose connection another instance holds, which
 * writes it when asked over the broadcaster and answers. Any other gets it queued (stored, so a
 * restart keeps it) and sent with its next message, by whichever instance that message reaches:
 * every instance hears of the queuing and keeps the set of devices with commands waiting, so a
 * message costs one set lookup. Each queued command sent raises queuedCommandSent with the
 * command's id.
 */
export const createDeviceCommands = ({ repos, broadcaster, events, log, now, elsewhereTimeoutMs = ELSEWHERE_TIMEOUT_MS, endpoints }: DeviceCommandsDeps) => {
  const links = new Map<number, Link>();
  const waiting = new Set<number>();
  /** Commands this instance asked the others to write, by request: what to do with the answer. */
  const asked = new Map<string, (sent: boolean) => void>();
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
    const bytes = commands?.encode(addressedTo(command, session.uniqueId!), session.uniqueId!, session.state, session.model, endpoints);
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
      // as Traccar, a command the connection does not take leaves the queue; only those written count as sent
      const written = queued.filter((command) => {
        if (write(link, command)) return true;
        log.warn({ deviceId, type: command.type, protocol: link.session.protocol }, 'queued command dropped: the connection does not take it');
        return false;
      });
      if (written.length > 0) await announceSent(deviceId, written);
    } catch (error) {
      waiting.add(deviceId);
      log.warn({ err: error, deviceId }, 'queued commands not sent');
    }
  };

  /** Resolves whether the instance holding the device's connection wrote the command to it; false when none answers in time. */
  const sendElsewhere = (deviceId: number, command: OutgoingCommand): Promise<boolean> =>
    new Promise((resolve) => {
      const requestId = randomUUID();
      const answered = (sent: boolean) => {
        clearTimeout(timer);
        asked.delete(requestId);
        resolve(sent);
      };
      const timer = setTimeout(() => answered(false), elsewhereTimeoutMs);
      asked.set(requestId, answered);
      broadcaster.publish({ kind: 'command-to-connection', requestId, deviceId, command: { type: command.type, attributes: command.attributes } });
    });

  broadcaster.subscribe((message) => {
    switch (message.kind) {
      case 'commands-queued':
        waiting.add(message.deviceId);
        // a device connected here hears at once, as when the command was sent here
        void deliverQueued(message.deviceId);
        return;
      case 'command-to-connection': {
        // only the instance holding the connection answers
        const link = linkOf(message.deviceId);
        if (link) broadcaster.publish({ kind: 'command-written', requestId: message.requestId, sent: write(link, message.command) });
        return;
      }
      case 'command-written':
        asked.get(message.requestId)?.(message.sent);
        return;
    }
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
    /** Whether other instances may hold the connections of devices: they hear what this one publishes. */
    sharesInstances: broadcaster.shared === true,
    /**
     * Sends the command now where the device is connected, here or (when `askOthers`) on the
     * instance holding its connection, and its protocol takes the type; otherwise queues it, unless
     * it is not to be queued.
     */
    send: async (device: Device, sent: Command, options: SendOptions = { askOthers: false, queue: true }): Promise<CommandOutcome> => {
      const command = withDevicePassword(sent, device);
      const link = linkOf(device.id);
      if (link) return write(link, command) ? { sent: true } : { sent: false, queued: undefined, notTaken: true };
      if (options.askOthers && (await sendElsewhere(device.id, command))) return { sent: true };
      if (!options.queue) return { sent: false, queued: undefined };
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

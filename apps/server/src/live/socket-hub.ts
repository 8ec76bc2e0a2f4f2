import type { WebSocket } from 'ws';
import type { User } from '@tracklane/domain';
import type { AccessPolicy } from '../auth/access-policy.js';
import type { AccessRepository } from '../storage/access.repository.js';
import { positionJsonOf, type Broadcaster, type LiveMessage } from './live-message.js';
import { createSocketBatcher } from './socket-batch.js';

export const KEEPALIVE_MS = 55_000;

const WHOLE_MESSAGE = { fin: true };

interface Connection {
  user: User;
  socket: WebSocket;
  deviceIds: Set<number>;
  /** Live frames held while the latest positions are still going out. */
  waiting?: string[];
}

export interface SocketHubOptions {
  /** Milliseconds between two `{}` keepalive frames to every open socket. */
  keepaliveMs?: number;
}

/** Open browser sockets and which devices each follows; forwards live messages to the allowed ones. */
export const createSocketHub = (broadcaster: Broadcaster, policy: AccessPolicy, access: AccessRepository, options: SocketHubOptions = {}) => {
  const connections = new Set<Connection>();

  const followedDevices = async (user: User) => new Set(await access.idsOf(policy.linkedIds(user.id, 'deviceId')));

  /** `fin: false` for a fragment of a message still being written. */
  const write = (connection: Connection, frame: string, options: { fin: boolean } = WHOLE_MESSAGE) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(frame, options);
  };

  const send = (connection: Connection, frame: string) => {
    if (connection.waiting) connection.waiting.push(frame);
    else write(connection, frame);
  };

  const batcher = createSocketBatcher<Connection>(send);

  // each update is serialised once, by the first socket that gets it, however many follow it
  const forward = (message: LiveMessage) => {
    let json: string | undefined;
    switch (message.kind) {
      case 'position':
        for (const c of connections) if (c.deviceIds.has(message.position.deviceId)) batcher.add(c, 'positions', positionJsonOf(message));
        return;
      case 'device':
        for (const c of connections) if (c.deviceIds.has(message.device.id)) batcher.add(c, 'devices', (json ??= JSON.stringify(message.device)));
        return;
      case 'event':
        for (const c of connections) if (c.user.id === message.userId) batcher.add(c, 'events', (json ??= JSON.stringify(message.event)));
        return;
      default:
        return;
    }
  };

  /**
   * After an access change every socket's device set is read again; updates arriving meanwhile wait
   * and go out under the new sets, so a revoked user gets nothing more about the device.
   */
  let refreshing = false;
  let refreshAgain = false;
  let held: LiveMessage[] = [];
  const refollow = async (): Promise<void> => {
    refreshing = true;
    do {
      refreshAgain = false;
      await Promise.all([...connections].map(async (c) => (c.deviceIds = await followedDevices(c.user)))).catch(() => undefined);
    } while (refreshAgain);
    refreshing = false;
    const waiting = held;
    held = [];
    waiting.forEach(forward);
  };

  // synchronous for the per-position messages: no promise per position and socket
  const deliver = (message: LiveMessage) => {
    if (message.kind === 'access-changed' || message.kind === 'device-added') {
      if (refreshing) refreshAgain = true;
      else void refollow();
      return;
    }
    if (refreshing) held.push(message);
    else forward(message);
  };

  broadcaster.subscribe(deliver);

  const keepalive = setInterval(() => connections.forEach((c) => send(c, '{}')), options.keepaliveMs ?? KEEPALIVE_MS);
  keepalive.unref();

  return {
    /**
     * Registers a signed-in socket and sends it the latest positions first: one message, as Traccar
     * sends, written a page at a time as fragments of it, so neither the reading nor the writing of a
     * large fleet's positions holds the event loop (all at once, 10,000 of them held it for about
     * 190 ms). Live updates arriving meanwhile wait and follow it, so an older latest position never
     * overtakes a newer live one.
     */
    add: async (user: User, socket: WebSocket, latestPages: AsyncIterable<readonly string[]> | Iterable<readonly string[]>): Promise<void> => {
      const connection: Connection = { user, socket, deviceIds: await followedDevices(user), waiting: [] };
      connections.add(connection);
      const forget = () => {
        connections.delete(connection);
        batcher.drop(connection);
      };
      socket.on('close', forget);
      socket.on('error', forget);
      let opening = '{"positions":[';
      try {
        for await (const page of latestPages) {
          if (!connections.has(connection)) return;
          if (page.length === 0) continue;
          write(connection, opening + page.join(','), { fin: false });
          opening = ',';
        }
      } catch (error) {
        // the message is unfinished: nothing more may follow on this socket, which the caller closes
        forget();
        throw error;
      }
      write(connection, opening === ',' ? ']}' : '{"positions":[]}');
      const waiting = connection.waiting ?? [];
      connection.waiting = undefined;
      for (const frame of waiting) write(connection, frame);
    },
    size: () => connections.size,
    close: () => {
      clearInterval(keepalive);
      for (const c of connections) c.socket.close(1001, 'Server shutting down');
      connections.clear();
    },
  };
};

export type SocketHub = ReturnType<typeof createSocketHub>;

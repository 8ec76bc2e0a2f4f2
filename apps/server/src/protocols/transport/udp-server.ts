import dgram from 'node:dgram';
import type { FastifyBaseLogger } from 'fastify';
import type { ProtocolDefinition } from '../protocol-definition.js';
import { createDeviceSession, remoteAddressOf, type DeviceSession } from './device-session.js';
import type { FrameHandler } from './frame-handler.js';
import type { ProtocolServer } from './tcp-server.js';

export interface UdpServerOptions {
  protocol: ProtocolDefinition<unknown>;
  handler: FrameHandler;
  port: number;
  host: string;
  /** Milliseconds without a datagram before a remote address's session is forgotten. */
  idleTimeout: number;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Remote addresses remembered at once; the longest silent is forgotten first beyond this. */
const MAX_SESSIONS = 10_000;
/**
 * Datagrams of one sender waiting for the one before it to be handled, and of all senders: past
 * them a datagram is dropped unanswered, as the kernel drops what overflows the socket's buffer
 * (the tracker sends it again), rather than held in memory for as long as a flood lasts.
 */
export const MAX_WAITING_PER_SENDER = 64;
const MAX_WAITING = 4096;

interface UdpSession {
  session: DeviceSession;
  tail: Promise<void>;
  /** Its datagrams queued or being handled. */
  waiting: number;
  /** Dropping its datagrams since the last one taken (logged once). */
  dropping: boolean;
}

/** Datagram trackers of one protocol: each datagram is one frame; sessions are keyed by remote address. */
export const startUdpServer = async ({ protocol, handler, port, host, idleTimeout, log, now }: UdpServerOptions): Promise<ProtocolServer> => {
  const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
  const sessions = new Map<string, UdpSession>();

  const sessionFor = (remoteAddress: string): UdpSession => {
    const existing = sessions.get(remoteAddress);
    if (existing) {
      // re-insert so the map stays ordered by last activity
      sessions.delete(remoteAddress);
      sessions.set(remoteAddress, existing);
      return existing;
    }
    const created: UdpSession = { session: createDeviceSession(protocol.name, 'udp', remoteAddress, protocol.createState(), now()), tail: Promise.resolve(), waiting: 0, dropping: false };
    sessions.set(remoteAddress, created);
    while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    return created;
  };

  /** Datagrams queued or being handled, of every sender. */
  let waiting = 0;

  /** Whether the sender's datagram may wait its turn; logs the start of each run of drops. */
  const admit = (entry: UdpSession): boolean => {
    const full = entry.waiting >= MAX_WAITING_PER_SENDER || waiting >= MAX_WAITING;
    if (full && !entry.dropping) {
      log.warn({ protocol: protocol.name, remoteAddress: entry.session.remoteAddress, uniqueId: entry.session.uniqueId, waiting: entry.waiting, waitingInAll: waiting }, 'datagrams dropped: more arrive than are handled');
    }
    entry.dropping = full;
    return !full;
  };

  const handle = async (entry: UdpSession, datagram: Buffer, reply: (data: Buffer) => void) => {
    try {
      await handler(entry.session, datagram, reply);
    } catch (error) {
      log.error({ err: error, protocol: protocol.name }, 'datagram handling failed');
    } finally {
      entry.waiting--;
      waiting--;
    }
  };

  socket.on('message', (datagram, remote) => {
    if (datagram.length > protocol.maxFrameLength) {
      log.warn({ protocol: protocol.name, remoteAddress: `${remote.address}:${remote.port}`, size: datagram.length }, 'datagram too large dropped');
      return;
    }
    const entry = sessionFor(remoteAddressOf(remote.address, remote.port));
    if (!admit(entry)) return;
    entry.waiting++;
    waiting++;
    const reply = (data: Buffer) => socket.send(data, remote.port, remote.address, (error) => error && log.debug({ err: error.message }, 'udp reply failed'));
    entry.tail = entry.tail.then(() => handle(entry, datagram, reply));
  });
  socket.on('error', (error) => log.error({ err: error, protocol: protocol.name }, 'udp listener error'));

  const sweep = setInterval(() => {
    const cutoff = now() - idleTimeout;
    for (const [key, entry] of sessions) if (entry.session.lastSeen < cutoff) sessions.delete(key);
  }, Math.max(1000, Math.min(idleTimeout, 60_000)));
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const bound = socket.address().port;
  log.info({ protocol: protocol.name, transport: 'udp', port: bound }, 'protocol listening');

  return {
    protocol: protocol.name,
    transport: 'udp',
    port: bound,
    connections: () => sessions.size,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        sessions.clear();
        socket.close(() => resolve());
      }),
  };
};

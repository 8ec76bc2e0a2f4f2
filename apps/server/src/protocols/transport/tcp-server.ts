import type { FastifyBaseLogger } from 'fastify';
import type { DeviceSettings } from '../../processing/settings/device-settings.js';
import type { ProtocolDefinition } from '../protocol-definition.js';
import { createDeviceSession, type DeviceSession } from './device-session.js';
import { FrameBuffer, FrameBufferOverflow, InvalidStream, ownFrame } from './frame-buffer.js';
import type { FrameHandler } from './frame-handler.js';
import type { ConnectionEvents, TcpIoThread, TrackerConnection } from './tcp-io-thread.js';

export interface TcpServerOptions {
  protocol: ProtocolDefinition<unknown>;
  handler: FrameHandler;
  /** The thread that owns the sockets. */
  io: TcpIoThread;
  port: number;
  host: string;
  /** Milliseconds without data before a connection is closed. */
  idleTimeout: number;
  log: FastifyBaseLogger;
  now: () => number;
  /** A connection ended, after its last frame was handled (the device goes offline, as in Traccar). */
  onDisconnect?(uniqueId: string): void;
  /** The server's settings, for protocols whose framing depends on one (`h02.messageLength`). */
  settings?: DeviceSettings;
}

/** Frames waiting per connection before reading pauses (a tracker may send a whole backlog at once). */
const PAUSE_AT = 64;

/** How often silent connections are looked for: a quarter of the timeout, at most every 5 s. */
const sweepInterval = (idleTimeout: number) => Math.max(10, Math.min(idleTimeout / 4, 5000));

export interface ProtocolServer {
  protocol: string;
  transport: 'tcp' | 'udp';
  port: number;
  /** Open connections (TCP) or remembered sender sessions (UDP). */
  connections(): number;
  close(): Promise<void>;
}

/** Tracker connections of one protocol: one session, one frame buffer and one ordered queue each. */
export const startTcpServer = async ({ protocol, handler, io, port, host, idleTimeout, log, now, onDisconnect, settings }: TcpServerOptions): Promise<ProtocolServer> => {
  /** Open connections, with when each last received data. */
  const connections = new Map<TrackerConnection, { lastRead: number; session: DeviceSession }>();
  /** Each closed connection's last frames and disconnect report, awaited by close(). */
  const finishing = new Set<Promise<void>>();

  const accept = (connection: TrackerConnection): ConnectionEvents => {
    const { remoteAddress } = connection;
    const session = createDeviceSession(protocol.name, 'tcp', remoteAddress, protocol.createState(), now());
    const activity = { lastRead: now(), session };
    connections.set(connection, activity);
    const frames = new FrameBuffer(protocol.createFramer(settings), protocol.maxFrameLength);
    const reply = (data: Buffer) => connection.write(data);
    // this connection's frames, handled strictly one after another
    const waiting: Buffer[] = [];
    let running = false;
    let whenIdle: (() => void) | undefined;

    const handled = () => {
      running = false;
      handleWaiting();
    };
    // made once per connection rather than per frame
    const failedFrame = (error: unknown) => {
      log.error({ err: error, protocol: protocol.name, remoteAddress }, 'frame handling failed');
      handled();
    };
    const handleWaiting = () => {
      while (!running && waiting.length > 0 && !connection.destroyed) {
        let outcome: ReturnType<FrameHandler>;
        try {
          outcome = handler(session, waiting.shift()!, reply);
        } catch (error) {
          log.error({ err: error, protocol: protocol.name, remoteAddress }, 'frame handling failed');
          continue;
        }
        if (outcome instanceof Promise) {
          running = true;
          outcome.then(handled, failedFrame);
        }
      }
      if (running) return;
      // a closed connection cannot acknowledge: its unhandled frames are left for the tracker to resend
      if (connection.destroyed) waiting.length = 0;
      if (connection.paused && waiting.length < PAUSE_AT / 4) connection.resume();
      whenIdle?.();
      whenIdle = undefined;
    };
    const idle = () => (running ? new Promise<void>((resolve) => (whenIdle = resolve)) : Promise.resolve());

    return {
      data: (chunk) => {
        activity.lastRead = now();
        try {
          const before = waiting.length;
          for (const frame of frames.push(chunk)) waiting.push(frame);
          const added = waiting.length - before;
          if (waiting.length >= PAUSE_AT) connection.pause();
          handleWaiting();
          // the chunk's frames decoded by now needed no copy; those still waiting (the last ones) get bytes of their own
          for (let index = waiting.length - Math.min(added, waiting.length); index < waiting.length; index++) waiting[index] = ownFrame(waiting[index]!);
        } catch (error) {
          if (!(error instanceof FrameBufferOverflow || error instanceof InvalidStream)) throw error;
          log.warn({ protocol: protocol.name, remoteAddress, uniqueId: session.uniqueId, reason: error.message }, 'connection closed: unusable stream');
          connection.destroy();
        }
      },
      closed: (error) => {
        if (error !== undefined) log.debug({ protocol: protocol.name, remoteAddress, err: error }, 'connection error');
        connections.delete(connection);
        session.closed = true;
        const finished = idle().then(() => {
          if (session.uniqueId !== undefined) onDisconnect?.(session.uniqueId);
        });
        finishing.add(finished);
        void finished.then(() => finishing.delete(finished));
      },
    };
  };

  // Silent connections are closed by one sweep rather than a timer per socket: Node's socket timeout
  // re-armed its timer at every read and every write, twice per message, which showed in profiles.
  // As Traccar's idle handler, only data from the tracker counts as activity.
  const sweep = setInterval(() => {
    const cutoff = now() - idleTimeout;
    for (const [connection, { lastRead, session }] of connections) {
      if (lastRead >= cutoff) continue;
      log.debug({ protocol: protocol.name, remoteAddress: session.remoteAddress, uniqueId: session.uniqueId }, 'idle connection closed');
      connection.destroy();
    }
  }, sweepInterval(idleTimeout));
  sweep.unref();

  const listener = await io.listen(port, host, accept).catch((error: unknown) => {
    clearInterval(sweep);
    throw error;
  });
  log.info({ protocol: protocol.name, transport: 'tcp', port: listener.port }, 'protocol listening');

  return {
    protocol: protocol.name,
    transport: 'tcp',
    port: listener.port,
    connections: () => connections.size,
    close: async () => {
      clearInterval(sweep);
      await listener.close();
      // then each closed connection's last frames and disconnect report
      await Promise.allSettled([...finishing]);
    },
  };
};

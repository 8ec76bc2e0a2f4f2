import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { ProtocolDefinition } from '../protocol-definition.js';
import { createDeviceSession, remoteAddressOf } from './device-session.js';
import { FrameBuffer, FrameBufferOverflow, InvalidStream } from './frame-buffer.js';
import type { FrameHandler } from './frame-handler.js';

export interface TcpServerOptions {
  protocol: ProtocolDefinition<unknown>;
  handler: FrameHandler;
  port: number;
  host: string;
  /** Milliseconds without data before a connection is closed. */
  idleTimeout: number;
  log: FastifyBaseLogger;
  now: () => number;
  /** A connection ended, after its last frame was handled (the device goes offline, as in Traccar). */
  onDisconnect?(uniqueId: string): void;
}

/** Frames waiting per connection before reading pauses (a tracker may send a whole backlog at once). */
const PAUSE_AT = 64;

export interface ProtocolServer {
  protocol: string;
  transport: 'tcp' | 'udp';
  port: number;
  /** Open connections (TCP) or remembered sender sessions (UDP). */
  connections(): number;
  close(): Promise<void>;
}

/** Tracker connections of one protocol: one session, one frame buffer and one ordered queue each. */
export const startTcpServer = async ({ protocol, handler, port, host, idleTimeout, log, now, onDisconnect }: TcpServerOptions): Promise<ProtocolServer> => {
  const sockets = new Set<net.Socket>();
  /** Each closed connection's last frames and disconnect report, awaited by close(). */
  const finishing = new Set<Promise<void>>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    const remoteAddress = remoteAddressOf(socket.remoteAddress, socket.remotePort);
    const session = createDeviceSession(protocol.name, 'tcp', remoteAddress, protocol.createState(), now());
    const frames = new FrameBuffer(protocol.createFramer(), protocol.maxFrameLength);
    const reply = (data: Buffer) => {
      if (!socket.destroyed && socket.writable) socket.write(data);
    };
    // this connection's frames, handled strictly one after another
    const waiting: Buffer[] = [];
    let running = false;
    let whenIdle: (() => void) | undefined;

    const handled = () => {
      running = false;
      handleWaiting();
    };
    const handleWaiting = () => {
      while (!running && waiting.length > 0 && !socket.destroyed) {
        let outcome: ReturnType<FrameHandler>;
        try {
          outcome = handler(session, waiting.shift()!, reply);
        } catch (error) {
          log.error({ err: error, protocol: protocol.name, remoteAddress }, 'frame handling failed');
          continue;
        }
        if (outcome instanceof Promise) {
          running = true;
          outcome.then(handled, (error: unknown) => {
            log.error({ err: error, protocol: protocol.name, remoteAddress }, 'frame handling failed');
            handled();
          });
        }
      }
      if (running) return;
      // a closed connection cannot acknowledge: its unhandled frames are left for the tracker to resend
      if (socket.destroyed) waiting.length = 0;
      if (socket.isPaused() && waiting.length < PAUSE_AT / 4) socket.resume();
      whenIdle?.();
      whenIdle = undefined;
    };
    const idle = () => (running ? new Promise<void>((resolve) => (whenIdle = resolve)) : Promise.resolve());

    socket.setTimeout(idleTimeout);
    socket.setNoDelay(true);
    socket.on('timeout', () => {
      log.debug({ protocol: protocol.name, remoteAddress, uniqueId: session.uniqueId }, 'idle connection closed');
      socket.destroy();
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of frames.push(chunk)) waiting.push(frame);
        if (waiting.length >= PAUSE_AT) socket.pause();
        handleWaiting();
      } catch (error) {
        if (!(error instanceof FrameBufferOverflow || error instanceof InvalidStream)) throw error;
        log.warn({ protocol: protocol.name, remoteAddress, uniqueId: session.uniqueId, reason: error.message }, 'connection closed: unusable stream');
        socket.destroy();
      }
    });
    socket.on('error', (error) => log.debug({ protocol: protocol.name, remoteAddress, err: error.message }, 'connection error'));
    socket.on('close', () => {
      sockets.delete(socket);
      const finished = idle().then(() => {
        if (session.uniqueId !== undefined) onDisconnect?.(session.uniqueId);
      });
      finishing.add(finished);
      void finished.then(() => finishing.delete(finished));
    });
  });

  server.on('error', (error) => log.error({ err: error, protocol: protocol.name }, 'tcp listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as net.AddressInfo).port;
  log.info({ protocol: protocol.name, transport: 'tcp', port: bound }, 'protocol listening');

  return {
    protocol: protocol.name,
    transport: 'tcp',
    port: bound,
    connections: () => sockets.size,
    close: async () => {
      await new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      // the sockets' close events come a turn later; then their last frames and disconnect reports
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...finishing]);
    },
  };
};

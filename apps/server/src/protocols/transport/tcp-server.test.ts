import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { gt06Location } from '../../simulator/gt06-sender.js';
import { protocolByName } from '../protocol-registry.js';
import type { DeviceSession } from './device-session.js';
import type { FrameHandler } from './frame-handler.js';
import { startTcpServer, type ProtocolServer } from './tcp-server.js';
import type { ConnectionEvents, TcpIoThread, TrackerConnection } from './tcp-io-thread.js';

const fix = (latitude: number) => ({ latitude, longitude: 77.2, speed: 10, course: 90, ignition: true, motion: true, batteryLevel: 90 });
const location = (serial: number) => gt06Location(fix(28 + serial / 100), new Date(Date.UTC(2026, 10, 29, 12, 0, serial)), serial);

/** A thread that hands the listener's `accept` to the test, which plays the connection. */
const fakeIo = () => {
  let accept: ((connection: TrackerConnection) => ConnectionEvents) | undefined;
  const io: TcpIoThread = {
    listen: async (_port, _host, onConnection) => {
      accept = onConnection;
      return { port: 5023, close: async () => undefined };
    },
    close: async () => undefined,
  };
  const connect = (): ConnectionEvents => {
    const connection: TrackerConnection = { remoteAddress: '10.0.0.1:40000', destroyed: false, paused: false, write: () => undefined, pause: () => undefined, resume: () => undefined, destroy: () => undefined };
    return accept!(connection);
  };
  return { io, connect };
};

describe(startTcpServer.name, () => {
  let server: ProtocolServer | undefined;
  afterEach(async () => server?.close());

  it('hands every frame of a read over intact, those that wait behind a frame still being stored included, whatever then becomes of the read’s memory', async () => {
    const frames = [location(1), location(2), location(3)];
    const seen: string[] = [];
    let finishFirst: () => void = () => undefined;
    const handler: FrameHandler = (_session: DeviceSession, frame: Buffer) => {
      seen.push(frame.toString('hex'));
      if (seen.length > 1) return undefined;
      return new Promise<void>((resolve) => (finishFirst = resolve));
    };
    const { io, connect } = fakeIo();
    server = await startTcpServer({ protocol: protocolByName('gt06')!, handler, io, port: 0, host: '127.0.0.1', idleTimeout: 60_000, log: pino({ level: 'silent' }), now: Date.now });
    const events = connect();

    // the three frames in one read, inside a larger batch of reads as the I/O thread sends them
    const batch = Buffer.alloc(4096, 0x55);
    const read = Buffer.concat(frames);
    read.copy(batch, 100);
    events.data(batch.subarray(100, 100 + read.length));
    expect(seen).toEqual([frames[0]!.toString('hex')]);

    batch.fill(0);
    finishFirst();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(frames.map((frame) => frame.toString('hex')));
  });

  it('decodes a read holding one whole frame as it is, and a frame split over two reads once both are in', async () => {
    const seen: string[] = [];
    const handler: FrameHandler = (_session: DeviceSession, frame: Buffer) => void seen.push(frame.toString('hex'));
    const { io, connect } = fakeIo();
    server = await startTcpServer({ protocol: protocolByName('gt06')!, handler, io, port: 0, host: '127.0.0.1', idleTimeout: 60_000, log: pino({ level: 'silent' }), now: Date.now });
    const events = connect();
    const [whole, split] = [location(4), location(5)];
    events.data(whole);
    events.data(split.subarray(0, 10));
    expect(seen).toEqual([whole.toString('hex')]);
    events.data(split.subarray(10));
    expect(seen).toEqual([whole.toString('hex'), split.toString('hex')]);
  });
});

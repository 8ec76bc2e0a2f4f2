import { once } from 'node:events';
import net from 'node:net';
import type { Worker } from 'node:worker_threads';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTcpIoThread, type TcpIoThread, type TrackerConnection, type TrackerListener } from '../../src/protocols/transport/tcp-io-thread.js';
import { startModuleWorker } from '../../src/threads/module-worker.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

interface Seen {
  connection: TrackerConnection;
  data: Buffer[];
  closed: (string | undefined)[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tracker I/O thread', () => {
  let io: TcpIoThread;
  let listener: TrackerListener;
  const seen: Seen[] = [];
  /** What the listener does with a connection's data: echo it back, upper-cased, or obey a command. */
  const respond = (item: Seen, chunk: Buffer) => {
    const text = chunk.toString();
    if (text === 'bye') item.connection.destroy();
    else item.connection.write(Buffer.from(text.toUpperCase()));
  };

  /** Every thread started, to stop one as a crash would. */
  const threads: Worker[] = [];

  beforeAll(async () => {
    io = createTcpIoThread(pino({ level: 'silent' }), {
      startWorker: (data) => {
        const thread = startModuleWorker(new URL('../../src/protocols/transport/tcp-io-thread.ts', import.meta.url).href, 'tcp-io.worker', { workerData: data });
        threads.push(thread);
        return thread;
      },
    });
    listener = await io.listen(0, '127.0.0.1', (connection) => {
      const item: Seen = { connection, data: [], closed: [] };
      seen.push(item);
      return {
        data: (chunk) => {
          item.data.push(Buffer.from(chunk));
          respond(item, chunk);
        },
        closed: (error) => item.closed.push(error),
      };
    });
  });
  afterAll(async () => {
    await listener.close();
    await io.close();
  });

  const latest = () => seen[seen.length - 1]!;

  it('hands over each connection with its address and bytes, and sends back what is written', async () => {
    const tracker = await connectTracker(listener.port);
    tracker.send('hello');
    expect((await tracker.read(5)).toString()).toBe('HELLO');
    const item = latest();
    expect(item.connection.remoteAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(Buffer.concat(item.data).toString()).toBe('hello');
    tracker.close();
    await eventually(async () => (item.closed.length > 0 ? true : undefined), 2000);
    expect(item.closed).toHaveLength(1);
    expect(item.connection.destroyed).toBe(true);
  });

  it('closes the tracker\'s socket on destroy, after what was written before it', async () => {
    const tracker = await connectTracker(listener.port);
    tracker.send('one');
    expect((await tracker.read(3)).toString()).toBe('ONE');
    tracker.send('bye');
    await eventually(async () => (tracker.isClosed() ? true : undefined), 2000);
    expect(tracker.isClosed()).toBe(true);
    await eventually(async () => (latest().closed.length > 0 ? true : undefined), 2000);
    expect(latest().closed).toEqual([undefined]);
  });

  it('delivers nothing of a paused connection until it is resumed, then all of it in order', async () => {
    const tracker = await connectTracker(listener.port);
    tracker.send('a');
    await tracker.read(1);
    const item = latest();
    item.connection.pause();
    await sleep(50);
    tracker.send('b');
    tracker.send('c');
    await sleep(200);
    expect(Buffer.concat(item.data).toString()).toBe('a');
    item.connection.resume();
    await eventually(async () => (Buffer.concat(item.data).toString() === 'abc' ? true : undefined), 2000);
    expect(Buffer.concat(item.data).toString()).toBe('abc');
    tracker.close();
  });

  it('stops reading a tracker that leaves its replies unread, and reads it again once they have gone, nothing lost', async () => {
    const REPLY = Buffer.alloc(16 * 1024, 0x61);
    const SENT = 1000;
    let taken = 0;
    // every byte read asks for 16 KiB of replies, as every frame of a tracker asks for an acknowledgement
    const amplifying = await io.listen(0, '127.0.0.1', (connection) => ({
      data: (chunk) => {
        taken += chunk.length;
        for (let byte = 0; byte < chunk.length; byte++) connection.write(REPLY);
      },
      closed: () => undefined,
    }));
    const tracker = net.connect({ port: amplifying.port, host: '127.0.0.1' });
    try {
      await once(tracker, 'connect');
      tracker.pause();
      for (let sent = 0; sent < SENT; sent += 10) {
        tracker.write(Buffer.alloc(10, 0x62));
        await sleep(2);
      }
      await sleep(300);
      // the kernel's buffers take a few MiB of the 16 MB of replies; the rest is not asked for yet
      expect(taken).toBeLessThan(SENT / 2);

      let received = 0;
      tracker.on('data', (chunk: Buffer) => (received += chunk.length));
      tracker.resume();
      await eventually(async () => (received === SENT * REPLY.length ? true : undefined), 10_000);
      expect(taken).toBe(SENT);
      expect(received).toBe(SENT * REPLY.length);
    } finally {
      tracker.destroy();
      await amplifying.close();
    }
  });

  it('refuses a port already taken, and keeps serving the others', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    await expect(io.listen(port, '127.0.0.1', () => ({ data: () => undefined, closed: () => undefined }))).rejects.toMatchObject({ code: 'EADDRINUSE' });
    taken.close();
    const tracker = await connectTracker(listener.port);
    tracker.send('still');
    expect((await tracker.read(5)).toString()).toBe('STILL');
    tracker.close();
  });

  it('closes a listener with its connections, leaving another listener\'s connections open', async () => {
    const other: Seen[] = [];
    const second = await io.listen(0, '127.0.0.1', (connection) => {
      const item: Seen = { connection, data: [], closed: [] };
      other.push(item);
      return { data: (chunk) => item.data.push(Buffer.from(chunk)), closed: (error) => item.closed.push(error) };
    });
    const onSecond = await connectTracker(second.port);
    const onFirst = await connectTracker(listener.port);
    onSecond.send('x');
    await eventually(async () => (other.length === 1 && other[0]!.data.length > 0 ? true : undefined), 2000);

    await second.close();
    // every connection of the closed listener has had its `closed` by the time close() resolves
    expect(other[0]!.closed).toHaveLength(1);
    await eventually(async () => (onSecond.isClosed() ? true : undefined), 2000);
    expect(onSecond.isClosed()).toBe(true);
    await expect(connectTracker(second.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    onFirst.send('open');
    expect((await onFirst.read(4)).toString()).toBe('OPEN');
    onFirst.close();
  });

  it('should the thread die: closes its connections and listens on the same port again with a new one', async () => {
    const tracker = await connectTracker(listener.port);
    tracker.send('before');
    expect((await tracker.read(6)).toString()).toBe('BEFORE');
    const item = latest();
    await threads[threads.length - 1]!.terminate();

    await eventually(async () => (item.closed.length > 0 ? true : undefined), 2000);
    expect(item.closed).toEqual([expect.stringMatching(/tracker I\/O thread/)]);
    await eventually(async () => (tracker.isClosed() ? true : undefined), 2000);
    expect(tracker.isClosed()).toBe(true);

    const reconnected = await eventually(async () => connectTracker(listener.port).catch(() => undefined), 5000);
    reconnected!.send('after');
    expect((await reconnected!.read(5)).toString()).toBe('AFTER');
    expect(threads).toHaveLength(2);
    reconnected!.close();
  });
});

describe('tracker I/O thread paced by its intake', () => {
  it('leaves what arrives while the intake is full unread until it has room, then reads it in order', async () => {
    let room = true;
    const waiting: (() => void)[] = [];
    const io = createTcpIoThread(pino({ level: 'silent' }), { intake: { hasRoom: () => room, whenRoom: (resume) => waiting.push(resume) } });
    const data: string[] = [];
    const listener = await io.listen(0, '127.0.0.1', (connection) => ({
      data: (chunk) => {
        data.push(chunk.toString());
        connection.write(Buffer.from(chunk.toString().toUpperCase()));
      },
      closed: () => undefined,
    }));
    try {
      const first = await connectTracker(listener.port);
      first.send('one');
      expect((await first.read(3)).toString()).toBe('ONE');

      room = false;
      first.send('two');
      const second = await connectTracker(listener.port);
      second.send('three');
      await eventually(async () => (waiting.length > 0 ? true : undefined), 2000);
      await sleep(100);
      expect(data).toEqual(['one']);

      room = true;
      for (const resume of waiting.splice(0)) resume();
      expect((await first.read(3)).toString()).toBe('TWO');
      expect((await second.read(5)).toString()).toBe('THREE');
      expect(data).toEqual(['one', 'two', 'three']);
      first.close();
      second.close();
    } finally {
      await listener.close();
      await io.close();
    }
  });
});

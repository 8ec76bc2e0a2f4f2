import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { protocolByName } from '../../src/protocols/protocol-registry.js';
import type { FrameHandler } from '../../src/protocols/transport/frame-handler.js';
import { MAX_WAITING_PER_SENDER, startUdpServer } from '../../src/protocols/transport/udp-server.js';
import type { ProtocolServer } from '../../src/protocols/transport/tcp-server.js';
import { eventually, openUdpTracker } from '../helpers/tracker-client.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every datagram a tracker is sent back within `ms`, as text. */
const repliesOf = async (tracker: Awaited<ReturnType<typeof openUdpTracker>>, ms: number): Promise<string[]> => {
  const replies: string[] = [];
  for (let reply = await tracker.receive(ms); reply; reply = await tracker.receive(ms)) replies.push(reply.toString());
  return replies;
};

describe('UDP tracker listener', () => {
  let server: ProtocolServer | undefined;
  afterEach(async () => server?.close());

  it('drops what a sender sends beyond the datagrams waiting for their turn, answers the rest in order, and serves other senders meanwhile', async () => {
    let release!: () => void;
    const commitDone = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    // the first datagram's commit takes its time; the sender's next datagrams wait behind it
    const handler: FrameHandler = async (_session, frame, reply) => {
      const text = frame.toString();
      handled.push(text);
      if (text === 'first') await commitDone;
      reply(Buffer.from(`ack ${text}`));
    };
    const warnings: Record<string, unknown>[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) });
    server = await startUdpServer({ protocol: protocolByName('h02')!, handler, port: 0, host: '127.0.0.1', idleTimeout: 60_000, log, now: Date.now });

    const flooding = await openUdpTracker(server.port);
    const other = await openUdpTracker(server.port);
    try {
      flooding.send('first');
      await eventually(async () => (handled.includes('first') ? true : undefined));
      for (let index = 0; index < 200; index++) flooding.send(`n${index}`);
      await eventually(async () => (warnings.length > 0 ? true : undefined));
      await sleep(100);

      other.send('other');
      expect((await other.receive())?.toString()).toBe('ack other');

      release();
      // the datagram being handled counts among the sender's waiting ones
      const taken = Array.from({ length: MAX_WAITING_PER_SENDER - 1 }, (_, index) => `ack n${index}`);
      expect(await repliesOf(flooding, 300)).toEqual(['ack first', ...taken]);
      expect(warnings).toEqual([expect.objectContaining({ msg: 'datagrams dropped: more arrive than are handled', protocol: 'h02', waiting: MAX_WAITING_PER_SENDER })]);

      // once its queue has room, the sender is answered again
      flooding.send('later');
      expect((await flooding.receive())?.toString()).toBe('ack later');
    } finally {
      release();
      flooding.close();
      other.close();
    }
  });
});

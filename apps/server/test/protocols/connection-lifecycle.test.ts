import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';
import { gt06Packet } from '../../src/protocols/gt06/gt06.encoder.js';
import { gt06Location } from '../../src/simulator/gt06-sender.js';

const ID = '088047365460';
const handshake = `(${ID}BP00${ID}HSO)`;
const login = `(${ID}BP05354188048003342150917A1352.9801N10030.9050E000.0103115265.5600010000L000003F9)`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('tracker connections on $name', (database) => {
  describe('idle timeout', () => {
    // TK103_TIMEOUT in seconds, shortened to 0.3 s for the test
    const app = useProtocolApp(database, 'tk103', ID, (ctx) => ({ ...ctx, config: { ...ctx.config, protocolTimeouts: { ...ctx.config.protocolTimeouts, tk103: 0.3 } } }));

    it('closes a connection that stays silent past the protocol timeout', async () => {
      const tracker = await connectTracker(app.trackers.portOf('tk103'));
      tracker.send(handshake);
      expect((await tracker.read(21)).toString('latin1')).toBe(`(${ID}AP01HSO)`);
      await eventually(async () => (tracker.isClosed() ? true : undefined), 2000);
      expect(tracker.isClosed()).toBe(true);
    });

    it('keeps a connection that keeps talking', async () => {
      const tracker = await connectTracker(app.trackers.portOf('tk103'));
      for (let i = 0; i < 6; i++) {
        tracker.send(handshake);
        await sleep(150);
      }
      expect(tracker.isClosed()).toBe(false);
      tracker.close();
    });
  });

  describe('a backlog sent at once', () => {
    const IMEI = '0358899123456789';
    const app = useProtocolApp(database, 'gt06', IMEI.slice(1));
    // far more frames than a connection queues before it stops reading (64)
    const BACKLOG = 200;

    it('is stored in the order sent and acknowledged frame by frame in that order', async () => {
      const tracker = await connectTracker(app.trackers.portOf('gt06'));
      tracker.send(gt06Packet(0x01, 1, Buffer.from(IMEI, 'hex')));
      expect((await tracker.read(10)).length).toBe(10);
      const firstFix = Date.UTC(2026, 0, 5, 8, 0, 0);
      const frames = Array.from({ length: BACKLOG }, (_, index) =>
        gt06Location({ latitude: 28.6 + index * 0.0001, longitude: 77.2, speed: 10, course: 90, ignition: true, motion: true, batteryLevel: 90 }, new Date(firstFix + index * 1000), index + 2),
      );
      tracker.send(Buffer.concat(frames));

      const acks = await tracker.read(BACKLOG * 10, 20_000);
      const serials = Array.from({ length: acks.length / 10 }, (_, index) => acks.readUInt16BE(index * 10 + 4));
      expect(serials).toEqual(frames.map((_, index) => index + 2));

      const from = new Date(firstFix - 1000).toISOString();
      const to = new Date(firstFix + BACKLOG * 1000).toISOString();
      const stored = (await app.admin.get(`/api/positions?deviceId=${app.deviceId}&from=${from}&to=${to}`)).json() as { id: number; fixTime: string }[];
      expect(stored).toHaveLength(BACKLOG);
      const byId = [...stored].sort((a, b) => a.id - b.id).map((position) => Date.parse(position.fixTime));
      expect(byId).toEqual(frames.map((_, index) => firstFix + index * 1000));
      tracker.close();
    });
  });

  describe('acknowledgement after commit', () => {
    let failing = true;
    // the store refuses the commit (as a full disk or a lost database would) until `failing` clears
    const failingStore = (ctx: AppContext): AppContext => ({
      ...ctx,
      ingest: {
        ...ctx.ingest,
        submit: (position, callbacks) => {
          if (failing) queueMicrotask(() => callbacks.failed(new Error('commit failed')));
          else ctx.ingest.submit(position, callbacks);
        },
      },
    });
    const app = useProtocolApp(database, 'tk103', ID, failingStore);

    it('sends no acknowledgement while the position cannot be committed, and acknowledges the resent one', async () => {
      const tracker = await connectTracker(app.trackers.portOf('tk103'));
      tracker.send(login);
      expect((await tracker.drain(500)).length).toBe(0);
      expect(await latestPosition(app)).toBeUndefined();

      failing = false;
      tracker.send(login);
      expect((await tracker.read(18)).toString('latin1')).toBe(`(${ID}AP05)`);
      const position = await eventually(() => latestPosition(app));
      expect(position).toMatchObject({ protocol: 'tk103', valid: true });
      expect(position?.latitude as number).toBeCloseTo(13.883002, 5);
      tracker.close();
    });
  });
});

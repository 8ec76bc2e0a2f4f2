import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import { crc16X25 } from '../../src/protocols/transport/crc16.js';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// Captured frames (shared/reference/vectors/gt06.json): a login of IMEI 864717003283581 with serial 0009,
// and a GPS+LBS (0x12) location with serial 0x0003.
const LOGIN = Buffer.from('78780d01086471700328358100093f040d0a', 'hex');
const LOCATION = Buffer.from('78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a', 'hex');
const IMEI = '864717003283581';

/** A server acknowledgement: `78 78 05 <type> <serial>` + CRC-16/X-25 + `0D 0A`. */
const expectAck = (ack: Buffer, type: number, serial: number) => {
  expect(ack.subarray(0, 6).toString('hex')).toBe(`787805${type.toString(16).padStart(2, '0')}${serial.toString(16).padStart(4, '0')}`);
  expect(ack.readUInt16BE(6)).toBe(crc16X25(ack.subarray(2, 6)));
  expect(ack.subarray(8).toString('hex')).toBe('0d0a');
};

describe.each(testDatabases())('GT06 over TCP on $name', (database) => {
  let server: TestServer;
  let trackers: ProtocolServers;
  let admin: Client;
  let deviceId: number;

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    deviceId = (await admin.post('/api/devices', { name: 'Van', uniqueId: IMEI })).json().id;
    trackers = await startProtocolServers(server.ctx, [{ protocol: 'gt06', port: 0 }], '127.0.0.1');
  });
  afterAll(async () => {
    await trackers.close();
    await server.close();
  });

  it('acknowledges the login, stores the location, acknowledges it, and serves it through the API', async () => {
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(LOGIN);
    // reference/protocols.md §2: the test login ending `0009 3F04 0D0A` gets `78 78 05 01 00 09 55 94 0D 0A`
    expect((await tracker.read(10)).toString('hex')).toBe('78780501000955940d0a');
    tracker.send(LOCATION);
    expectAck(await tracker.read(10), 0x12, 0x0003);
    const positions = (await admin.get('/api/positions')).json();
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ deviceId, protocol: 'gt06', valid: true });
    expect(positions[0].fixTime).toMatch(/^2011-08-29T17:46:16/);
    expect((await admin.get(`/api/devices/${deviceId}`)).json().status).toBe('online');
    // the tracker hanging up takes its device offline, as Traccar does for connection protocols
    tracker.close();
    await expect.poll(async () => (await admin.get(`/api/devices/${deviceId}`)).json().status).toBe('offline');
  });

  it('sends no acknowledgement to an unknown IMEI and lists it as unknown', async () => {
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(Buffer.from('78780d01012345678901234500018cdd0d0a', 'hex'));
    expect((await tracker.drain(300)).length).toBe(0);
    expect(server.ctx.unknownDevices.list().map((entry) => entry.uniqueId)).toContain('123456789012345');
    tracker.close();
  });

  it('drops garbage and keeps the connection for the frames that follow', async () => {
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(Buffer.concat([Buffer.from('deadbeef', 'hex'), LOGIN]));
    expect((await tracker.read(10)).toString('hex')).toBe('78780501000955940d0a');
    expect(tracker.isClosed()).toBe(false);
    tracker.close();
  });

  it('closes a connection whose frame announces an impossible length', async () => {
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(Buffer.from('7979ffff70', 'hex'));
    expect(await eventually(async () => (tracker.isClosed() ? true : undefined))).toBe(true);
  });
});

describe('GT06 with REGISTER_UNKNOWN', () => {
  let server: TestServer;
  let trackers: ProtocolServers;

  beforeAll(async () => {
    server = await startTestServer(testDatabases()[0]!, { REGISTER_UNKNOWN: 'true' });
    trackers = await startProtocolServers(server.ctx, [{ protocol: 'gt06', port: 0 }], '127.0.0.1');
  });
  afterAll(async () => {
    await trackers.close();
    await server.close();
  });

  it('registers an unknown IMEI as a device named after it and acknowledges its login', async () => {
    const admin = await bootstrapAdmin(server.app);
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(LOGIN);
    expect((await tracker.read(10)).toString('hex')).toBe('78780501000955940d0a');
    const devices = (await admin.get('/api/devices?all=true')).json();
    expect(devices).toEqual([expect.objectContaining({ name: IMEI, uniqueId: IMEI })]);
    tracker.close();
  });
});

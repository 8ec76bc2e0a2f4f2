import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import { crc16X25 } from '../../src/protocols/transport/crc16.js';
import { fetchMedia, latestPositionWith, mediaEvents } from '../helpers/protocol-app.js';
import { bootstrapAdmin, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// Captured frames (shared/reference/vectors/gt06.json): a login of IMEI 864717003283581 with serial 0009,
// and a GPS+LBS (0x12) location with serial 0x0003.
const LOGIN = Buffer.from('78780d01086471700328358100093f040d0a', 'hex');
const LOCATION = Buffer.from('78781f120b081d112e10cc027ac7eb0c46584900148f01cc00287d001fb8000380810d0a', 'hex');
const IMEI = '864717003283581';
// Traccar's test frame: an X1 camera announces photo 0x20E3ACD3 of 0x0CFA = 3322 bytes
const PHOTO_INFO = Buffer.from('78781f3511061a0b24330503107d06084889cb01000100000cfa20e3acd301333fcb0d0a', 'hex');
// what the camera is asked, part by part: 78 78 0F 36, picture id, offset, length, serial 0, CRC-16/X-25
const PHOTO_REQUESTS = [
  '78780f3620e3acd3000000000400000002ba0d0a',
  '78780f3620e3acd3000004000400000012160d0a',
  '78780f3620e3acd3000008000400000023e20d0a',
  '78780f3620e3acd300000c0000fa0000beec0d0a',
];

/** A JPEG of 3322 bytes whose content holds the bytes frames are made of: `0D 0A`, `78 78`, `79 79`. */
const photo = (() => {
  const bytes = Buffer.alloc(3322);
  for (let i = 0; i < bytes.length; i++) bytes[i] = [0x0d, 0x0a, 0x79, 0x79, 0x78, 0x78, i & 0xff][i % 7]!;
  Buffer.from('ffd8ffe0', 'hex').copy(bytes);
  Buffer.from('ffd9', 'hex').copy(bytes, bytes.length - 2);
  return bytes;
})();

/** The camera's answer to a request: `79 79` + length, 0x36, picture id, offset, length, the bytes, serial, CRC-16/X-25, `0D 0A`. */
const photoPart = (offset: number, serial: number): Buffer => {
  const bytes = photo.subarray(offset, offset + 1024);
  const header = Buffer.alloc(15);
  header.writeUInt16BE(0x7979, 0);
  header.writeUInt16BE(1 + 10 + bytes.length + 4, 2);
  header[4] = 0x36;
  header.writeUInt32BE(0x20e3acd3, 5);
  header.writeUInt32BE(offset, 9);
  header.writeUInt16BE(bytes.length, 13);
  const body = Buffer.concat([header, bytes, Buffer.from([serial >> 8, serial & 0xff])]);
  const crc = crc16X25(body.subarray(2));
  return Buffer.concat([body, Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a])]);
};

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

  it('asks an X1 camera for its photo part by part, stores it, and serves it with a media event', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const tracker = await connectTracker(trackers.portOf('gt06'));
    tracker.send(LOGIN);
    expect((await tracker.read(10)).toString('hex')).toBe('78780501000955940d0a');
    tracker.send(PHOTO_INFO);
    for (let index = 0; index < 4; index++) {
      expect((await tracker.read(20)).toString('hex')).toBe(PHOTO_REQUESTS[index]);
      // in two pieces, the first ending inside the bytes on `0D 0A` before `79 79`, as a slow link may deliver them
      const part = photoPart(index * 1024, 0x20 + index);
      const split = part.indexOf(Buffer.from('0d0a7979', 'hex'), 20) + 2;
      tracker.send(part.subarray(0, split));
      await new Promise((resolve) => setTimeout(resolve, 20));
      tracker.send(part.subarray(split));
    }
    // the last part is answered by nothing: the photo is whole
    expect((await tracker.drain(200)).length).toBe(0);

    const app = { server, admin, deviceId };
    const { file: image } = await latestPositionWith(app, 'image');
    expect(image).toMatch(/\.jpg$/);
    const media = await fetchMedia(app, IMEI, image);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.rawPayload.equals(photo)).toBe(true);
    const events = await mediaEvents(app, since);
    expect(events).toEqual([expect.objectContaining({ type: 'media', attributes: expect.objectContaining({ media: 'image', file: image }) })]);
    tracker.close();
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

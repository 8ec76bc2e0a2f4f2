import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { JT808_AUTHENTICATION as authentication, JT808_REGISTRATION as registration } from '../helpers/jt808-terminal.js';
import { connectTracker } from '../helpers/tracker-client.js';

// a captured 0x0200 location of terminal 079042262206 (shared/reference/vectors/jt808.json, already un-escaped)
const location = Buffer.from(loadVectors('jt808').find((v) => v.message.startsWith('7e0200004107904226220608ca'))!.message, 'hex');

/** Escapes a frame's inside as a device does on the wire. */
const escaped = (frame: Buffer): Buffer => {
  const inner = [...frame.subarray(1, -1)].flatMap((byte) => (byte === 0x7e ? [0x7d, 0x02] : byte === 0x7d ? [0x7d, 0x01] : [byte]));
  return Buffer.from([0x7e, ...inner, 0x7e]);
};

/** A sub-packaged message of terminal 079042262206 before escaping: header with packet `index` of `count`, body, XOR. */
const subPackaged = (type: number, serial: number, count: number, index: number, body: Buffer): Buffer => {
  const header = Buffer.alloc(16);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(0x2000 | body.length, 2);
  Buffer.from('079042262206', 'hex').copy(header, 4);
  header.writeUInt16BE(serial, 10);
  header.writeUInt16BE(count, 12);
  header.writeUInt16BE(index, 14);
  const content = Buffer.concat([header, body]);
  return Buffer.from([0x7e, ...content, content.reduce((xor, byte) => xor ^ byte, 0), 0x7e]);
};

const hexOf = async (tracker: Awaited<ReturnType<typeof connectTracker>>, size: number) => (await tracker.read(size)).toString('hex');

describe.each(testDatabases())('JT808 on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('registers, authenticates, stores a location with the general response, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(registration);
    // 0x8100: serial 0, result 0 (success), the device ID as authentication code
    expect(await hexOf(tracker, 29)).toBe('7e8100000e07904226220600000000003739303432323632323036627e');
    tracker.send(authentication);
    expect(await hexOf(tracker, 20)).toBe('7e8001000507904226220600000000010200507e');
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');
    const position = await latestPosition(app);
    // the device clock runs on GMT+8: 2022-12-29 10:03:22 local
    expect(position).toMatchObject({ protocol: 'jt808', fixTime: '2022-12-29T02:03:22.000+00:00' });
    tracker.close();
  });
});

describe.each(testDatabases())('JT808 photo upload on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('assembles a photo sent in three packets, answers with 0x8800, and serves it with its position and media event', async () => {
    // a JPEG's markers around bytes of every value, the delimiter 7E and the escape 7D among them
    const photo = Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 31 + 7) % 256)), Buffer.from('ffd9', 'hex')]);
    // multimedia ID 5, image, JPEG, event code 1, channel 1; then the basic location: positioned, 22.644830 N 114.029380 E, 2020-08-07 18:07:22 GMT+8
    const fields = Buffer.from('0000000500000101' + '00000000000000020159885e06cbf344003200000000200807180722', 'hex');
    const packets = [Buffer.concat([fields, photo.subarray(0, 700)]), photo.subarray(700, 1400), photo.subarray(1400)].map((body, i) => subPackaged(0x0801, 3 + i, 3, i + 1, body));

    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(registration);
    expect(await hexOf(tracker, 29)).toBe('7e8100000e07904226220600000000003739303432323632323036627e');
    tracker.send(authentication);
    expect(await hexOf(tracker, 20)).toBe('7e8001000507904226220600000000010200507e');
    tracker.send(escaped(packets[0]!));
    tracker.send(escaped(packets[1]!));
    // nothing until the last packet, then 8800: multimedia ID 5, no packet to resend
    expect((await tracker.drain(300)).length).toBe(0);
    tracker.send(escaped(packets[2]!));
    expect(await hexOf(tracker, 20)).toBe('7e88000005079042262206000000000005005f7e');
    tracker.close();

    const position = (await latestPosition(app)) as { fixTime: string; latitude: number; attributes: { image?: string } } | undefined;
    expect(position).toMatchObject({ protocol: 'jt808', fixTime: '2020-08-07T10:07:22.000+00:00', latitude: 22.64483 });
    const image = position!.attributes.image!;
    expect(image).toMatch(/\.jpg$/);
    const served = await fetchMedia(app, '79042262206', image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(photo)).toBe(true);

    // the event bears the position's device time, in 2020
    const events = await mediaEvents(app, '2020-01-01T00:00:00.000Z');
    expect(events.map((event) => event.attributes)).toEqual([expect.objectContaining({ media: 'image', file: image })]);
  });
});

describe.each(testDatabases())('JT808 terminal registered with its leading zero on $name', (database) => {
  // Traccar tries the phone number as written too, so a terminal set up there as 079042262206 must work unchanged
  const app = useProtocolApp(database, 'jt808', '079042262206');

  it('finds the device under the number as written and stores the positions there', async () => {
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(authentication);
    expect(await hexOf(tracker, 20)).toBe('7e8001000507904226220600000000010200507e');
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');
    expect(await latestPosition(app)).toMatchObject({ protocol: 'jt808', fixTime: '2022-12-29T02:03:22.000+00:00' });
    tracker.close();
    const unknown = (await app.admin.get('/api/devices/unknown')).json() as { uniqueId: string }[];
    expect(unknown.map((entry) => entry.uniqueId)).not.toContain('79042262206');
  });
});

describe.each(testDatabases())('JT808 terminal whose clock runs on UTC (decoder.timezone) on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('reads its times in the zone the device setting names instead of GMT+8', async () => {
    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, attributes: { 'decoder.timezone': 'UTC' } })).statusCode).toBe(200);
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');
    // the same captured location as above: its clock read 2022-12-29 10:03:22
    expect(await latestPosition(app)).toMatchObject({ protocol: 'jt808', fixTime: '2022-12-29T10:03:22.000+00:00' });
    tracker.close();
  });
});

describe.each(testDatabases())('JT808 terminal whose decoder.timezone changes while it stays connected on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('reads the next location on the same connection in the newly set zone', async () => {
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');
    expect(await latestPosition(app)).toMatchObject({ fixTime: '2022-12-29T02:03:22.000+00:00' });

    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, attributes: { 'decoder.timezone': 'UTC' } })).statusCode).toBe(200);
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');
    // the same clock reading, 10:03:22, now read as UTC
    expect(await latestPosition(app)).toMatchObject({ fixTime: '2022-12-29T10:03:22.000+00:00' });
    tracker.close();
  });
});

describe.each(testDatabases())('commands to a JT808 terminal of model VL300 on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it("sends engine stop over its connection as terminal control with the model's #0;1, and refuses setConnection without a port", async () => {
    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, model: 'VL300' })).statusCode).toBe(200);
    const tracker = await connectTracker(app.trackers.portOf('jt808'));
    tracker.send(escaped(location));
    expect(await hexOf(tracker, 20)).toBe('7e80010005079042262206000008ca020000937e');

    expect((await app.admin.post('/api/commands/send', { type: 'engineStop', deviceId: app.deviceId })).statusCode).toBe(200);
    // 8105, body of 4 bytes, the terminal's phone, serial 0, then `#0;1` and the XOR of it all
    const content = Buffer.from(`810500040790422622060000${Buffer.from('#0;1', 'latin1').toString('hex')}`, 'hex');
    const xor = content.reduce((sum, byte) => sum ^ byte, 0);
    expect(await hexOf(tracker, content.length + 3)).toBe(`7e${content.toString('hex')}${xor.toString(16).padStart(2, '0')}7e`);

    const setConnection = { type: 'setConnection', deviceId: app.deviceId, attributes: { server: 'gps.example.com' } };
    expect((await app.admin.post('/api/commands/send', setConnection)).statusCode).toBe(400);
    expect((await tracker.drain(300)).length).toBe(0);
    tracker.close();
    // away, the terminal would have the command queued (202) if it were complete
    await expect.poll(() => app.server.ctx.deviceCommands.connectedProtocol(app.deviceId)).toBeUndefined();
    const refused = await app.admin.post('/api/commands/send', setConnection);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('setConnection needs attributes.server and attributes.port, 1 to 65535');
    expect(await app.server.ctx.repos.commandQueue.take(app.deviceId)).toEqual([]);
  });
});

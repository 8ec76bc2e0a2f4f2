import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, latestPositionWith, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker } from '../helpers/tracker-client.js';
import { ruptelaFrame } from '../../src/protocols/ruptela/ruptela.encoder.js';

// a captured command 1 packet with one record of IMEI 863591024076709 (shared/reference/vectors/ruptela.json)
const records = Buffer.from(loadVectors('ruptela').find((v) => v.message.startsWith('00560003116e7438a7a501'))!.message, 'hex');
// a captured first photo part (command 37, file part 2, source 0, name "5DDA1FAD", 10 parts, part 0), of another IMEI
const capturedPart = Buffer.from(loadVectors('ruptela').find((v) => v.message.startsWith('03fc0003142b0c152acd2502'))!.message, 'hex');
const IMEI_BYTES = records.subarray(2, 10);
const PART_HEADER = capturedPart.subarray(10, 10 + 1 + 1 + 1 + 8 + 2); // command, sub-command, source, name, part count
const FIRST_DATA = capturedPart.subarray(10 + 15, -2);
const LATER_DATA = (index: number) => Buffer.alloc(900, index);
const PHOTO = Buffer.concat([FIRST_DATA, ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(LATER_DATA)]);
/** Part `index` of the captured photo, sent by this test's device. */
const photoPart = (index: number) => ruptelaFrame(Buffer.concat([IMEI_BYTES, PART_HEADER, Buffer.from([0, index]), index === 0 ? FIRST_DATA : LATER_DATA(index)]));
// the server asks for parts 1 to 9: [000d][137][2][source 0][name][part][CRC-16/KERMIT], computed apart from this code
const REQUESTS = [
  '000d89020035444441314641440001bb29', '000d8902003544444131464144000289b2', '000d89020035444441314641440003983b',
  '000d89020035444441314641440004ec84', '000d89020035444441314641440005fd0d', '000d89020035444441314641440006cf96',
  '000d89020035444441314641440007de1f', '000d8902003544444131464144000826e8', '000d890200354444413146414400093761',
];

describe.each(testDatabases())('Ruptela on $name', (database) => {
  const app = useProtocolApp(database, 'ruptela', '863591024076709');

  it('stores the record, accepts the packet with 00 02 64 01 13 BC, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('ruptela'));
    tracker.send(records.subarray(0, 20));
    tracker.send(records.subarray(20));
    expect((await tracker.read(6)).toString('hex')).toBe('0002640113bc');
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'ruptela', fixTime: '2015-05-27T13:50:49.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(25.278855, 6);
    expect(position?.longitude as number).toBeCloseTo(55.3460016, 6);
    tracker.close();
  });

  it('takes a photo on requestPhoto, asking for each part in turn, and serves it as the image of the latest position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('ruptela'));
    tracker.send(records);
    expect((await tracker.read(6)).toString('hex')).toBe('0002640113bc');
    expect((await app.admin.post('/api/commands/send', { type: 'requestPhoto', deviceId: app.deviceId })).statusCode).toBe(200);
    // Traccar's encoder test packet: command 137, sub-command 1, source 0, timestamps 0 to 0x7FFFFFFF
    expect((await tracker.read(15)).toString('hex')).toBe('000b890100000000007fffffff89f0');
    for (let index = 0; index < 9; index++) {
      tracker.send(photoPart(index));
      expect((await tracker.read(17)).toString('hex')).toBe(REQUESTS[index]);
    }
    tracker.send(photoPart(9));

    const { position, file: image } = await latestPositionWith(app, 'image');
    // no fix of its own: the position takes the device's last location, the record's
    expect(position.latitude as number).toBeCloseTo(25.278855, 6);
    const served = await fetchMedia(app, '863591024076709', image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload).toEqual(PHOTO);
    const events = await mediaEvents(app, new Date(Date.now() - 3_600_000).toISOString());
    expect(events).toEqual([expect.objectContaining({ type: 'media', attributes: expect.objectContaining({ media: 'image', file: image }) })]);
    expect((await tracker.drain(200)).length).toBe(0);
    tracker.close();
  });
});

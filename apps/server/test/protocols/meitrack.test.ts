import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, latestPositionWith, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, udpExchange } from '../helpers/tracker-client.js';

const vectors = loadVectors('meitrack');
// captured CCC packet with one buffered record and its asserted values (shared/reference/vectors/meitrack.json)
const ccc = vectors.find((v) => v.values?.time === '2014-05-24 04:59:49.000')!;
const IMEI = '369800014090021';

/** A device's frame around `fields`: the length from the first comma through CRLF, the byte sum through `*`. */
const deviceFrame = (fields: Buffer): Buffer => {
  const tail = Buffer.concat([Buffer.from(`,${IMEI},`, 'latin1'), fields, Buffer.from('*00\r\n', 'latin1')]);
  const frame = Buffer.concat([Buffer.from(`$$D${tail.length}`, 'latin1'), tail]);
  const sum = [...frame.subarray(0, frame.length - 4)].reduce((total, byte) => total + byte, 0) & 0xff;
  frame.write(sum.toString(16).toUpperCase().padStart(2, '0'), frame.length - 4, 'latin1');
  return frame;
};

// a JPEG's markers around bytes that look like the text frame's own delimiters
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('$$A12,*\r\n,,', 'latin1'), Buffer.alloc(9000, 0x5a), Buffer.from([0xff, 0xd9])]);
const PHOTO_FILE = '0215080432_C2E03.jpg';
const PACKETS = 10;
const photoPacket = (index: number): Buffer => {
  const size = Math.ceil(PHOTO.length / PACKETS);
  return deviceFrame(Buffer.concat([Buffer.from(`D00,${PHOTO_FILE},${PACKETS},${index},`, 'latin1'), PHOTO.subarray(index * size, (index + 1) * size)]));
};

describe.each(testDatabases())('Meitrack on $name', (database) => {
  const app = useProtocolApp(database, 'meitrack', IMEI);

  it('stores a CCC record, tells the device to delete it, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('meitrack'));
    tracker.send(Buffer.from(ccc.message, 'hex'));
    expect((await tracker.read(32)).toString('latin1')).toBe(`@@X27,${IMEI},CCC,1*E4\r\n`);
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'meitrack', valid: false, fixTime: '2014-05-24T04:59:49.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(ccc.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(ccc.values!.longitude as number, 5);
    tracker.close();
  });

  it('takes a photo on requestPhoto: D03, then the packets asked for eight at a time, served as the image of the latest position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('meitrack'));
    tracker.send(Buffer.from(ccc.message, 'hex'));
    await tracker.read(32);
    const sent = await app.admin.post('/api/commands/send', { type: 'requestPhoto', deviceId: app.deviceId });
    expect(sent.statusCode).toBe(200);
    // Traccar's encoder test gives `@@D46,123456789012345,D03,1,camera_picture.jpg*1F` for its IMEI; these sums are for this one
    expect((await tracker.read(51)).toString('latin1')).toBe(`@@D46,${IMEI},D03,1,camera_picture.jpg*0E\r\n`);
    tracker.send(deviceFrame(Buffer.from('D03,OK', 'latin1')));
    expect((await tracker.read(51)).toString('latin1')).toBe(`@@O46,${IMEI},D00,camera_picture.jpg,0*15\r\n`);
    tracker.send(Buffer.concat(Array.from({ length: 8 }, (_, index) => photoPacket(index))));
    expect((await tracker.read(53)).toString('latin1')).toBe(`@@O48,${IMEI},D00,${PHOTO_FILE},8*D0\r\n`);
    tracker.send(Buffer.concat([photoPacket(8), photoPacket(9)]));

    const { position, file: image } = await latestPositionWith(app, 'image');
    expect(image).toMatch(/\.jpg$/);
    // no fix of its own: the position takes the device's last location, the CCC record's
    expect(position.latitude as number).toBeCloseTo(ccc.values!.latitude as number, 5);
    const served = await fetchMedia(app, IMEI, image);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload).toEqual(PHOTO);
    const events = await mediaEvents(app, new Date(Date.now() - 3_600_000).toISOString());
    expect(events).toEqual([expect.objectContaining({ type: 'media', attributes: expect.objectContaining({ media: 'image', file: image }) })]);
    // nothing more is asked for once the photo is whole
    expect((await tracker.drain(200)).length).toBe(0);
    tracker.close();
  });

  it('stores an AAA report sent over UDP without answering it', async () => {
    const report = `$$A123,${IMEI},AAA,35,22.500000,114.000000,240101120000,A,9,20,36,90,0.9,50,1000,2000,460|0|249C|0C5E,0000,0000|0000|0000|019F|0573,,*`;
    const sum = [...Buffer.from(report, 'latin1')].reduce((total, byte) => total + byte, 0) & 0xff;
    const reply = await udpExchange(app.trackers.portOf('meitrack', 'udp'), `${report}${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`, 500);
    expect(reply.length).toBe(0);
    const position = await eventually(async () => {
      const latest = await latestPosition(app);
      return latest?.fixTime === '2024-01-01T12:00:00.000+00:00' ? latest : undefined;
    });
    expect(position).toMatchObject({ protocol: 'meitrack', valid: true, latitude: 22.5, longitude: 114 });
  });
});

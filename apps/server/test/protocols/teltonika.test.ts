import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, latestPositionWith, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, udpExchange } from '../helpers/tracker-client.js';

const vectors = loadVectors('teltonika');
// captured IMEI packet (IMEI 123456789012345) and a codec 8 AVL packet with one record
const IMEI = Buffer.from(vectors[0]!.message, 'hex');
const AVL = Buffer.from(vectors.find((vector) => vector.message.startsWith('000000000000003508010000014f8e0164'))!.message, 'hex');
// the captured camera exchange: photo 598493ED announced without a size, then its first 2048 bytes
const [PHOTO_READY, PHOTO_FIRST_PART] = vectors.filter((vector) => vector.test === 'testDecodePhoto').slice(2).map((vector) => Buffer.from(vector.message, 'hex'));

/** The photo's last part: codec 12, one camera message `02`, id 598493ED, offset 2048, 300 bytes ending the JPEG. */
const lastPhotoPart = (data: Buffer): Buffer => {
  const size = Buffer.alloc(2);
  size.writeUInt16BE(data.length);
  const payload = Buffer.concat([Buffer.from('02598493ed00000800', 'hex'), size, data]);
  const body = Buffer.concat([Buffer.from([0x0c, 0x01, 0x0d]), Buffer.alloc(4), payload, Buffer.from([0x01])]);
  body.writeUInt32BE(payload.length, 3);
  const frame = Buffer.concat([Buffer.alloc(8), body, Buffer.alloc(4)]);
  frame.writeUInt32BE(body.length, 4);
  return frame;
};

describe.each(testDatabases())('Teltonika on $name', (database) => {
  const app = useProtocolApp(database, 'teltonika', '123456789012345');

  it('accepts the IMEI with 01, acknowledges the AVL packet with its record count, and stores the record', async () => {
    const tracker = await connectTracker(app.trackers.portOf('teltonika'));
    tracker.send(IMEI);
    expect((await tracker.read(1)).toString('hex')).toBe('01');
    tracker.send(AVL);
    expect((await tracker.read(4)).toString('hex')).toBe('00000001');
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'teltonika' });
    // the record's timestamp: 8 bytes of milliseconds after preamble, length, codec and count
    const sent = new Date(Number(AVL.readBigUInt64BE(10))).toISOString().slice(0, 19);
    expect(position?.fixTime).toMatch(new RegExp(`^${sent}`));
    tracker.close();
  });

  it('sends engine stop and a hex custom command to the connected tracker in codec 12', async () => {
    const tracker = await connectTracker(app.trackers.portOf('teltonika'));
    tracker.send(IMEI);
    await tracker.read(1);
    tracker.send(AVL);
    await tracker.read(4);

    const types = (await app.admin.get(`/api/commands/types?deviceId=${app.deviceId}`)).json() as { type: string }[];
    expect(types.map((entry) => entry.type)).toEqual(['custom', 'engineStop', 'engineResume']);
    expect((await app.admin.post('/api/commands/send', { type: 'engineStop', deviceId: app.deviceId })).statusCode).toBe(200);
    const engineStop = await tracker.read(8 + 8 + 'setdigout 1'.length + 4);
    // preamble, data length, codec 12, one command of type 5, its size and text
    expect(engineStop.subarray(0, 15).toString('hex')).toBe(`00000000${(8 + 11).toString(16).padStart(8, '0')}0c0105${(11).toString(16).padStart(8, '0')}`);
    expect(engineStop.subarray(15, 26).toString('latin1')).toBe('setdigout 1');

    const custom = { type: 'custom', deviceId: app.deviceId, attributes: { data: '03030000000185E8' } };
    expect((await app.admin.post('/api/commands/send', custom)).statusCode).toBe(200);
    // Traccar's encoder test: the eight bytes the hex spells, in codec 12
    expect((await tracker.read(28)).toString('hex')).toBe('00000000000000100c01050000000803030000000185e8010000da8b');
    tracker.close();
  });

  it('asks the camera for its photo part by part, then keeps it: the position shows it, the media route serves it, a media event names it', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const tracker = await connectTracker(app.trackers.portOf('teltonika'));
    tracker.send(IMEI);
    await tracker.read(1);
    tracker.send(AVL);
    await tracker.read(4);

    // the requests the captured device answered: codec 12 camera (0D) 02, photo id, offset, 2048 bytes, CRC-16/ARC
    tracker.send(PHOTO_READY!);
    expect((await tracker.read(31)).toString('hex')).toBe('00000000000000130c010d0000000b02598493ed000000000800010000f76b');
    tracker.send(PHOTO_FIRST_PART!);
    expect((await tracker.read(31)).toString('hex')).toBe('00000000000000130c010d0000000b02598493ed000008000800010000368a');
    const ending = Buffer.concat([Buffer.alloc(298, 0x5a), Buffer.from('ffd9', 'hex')]);
    tracker.send(lastPhotoPart(ending));

    const { file: image } = await latestPositionWith(app, 'image');
    expect(image).toMatch(/\.jpg$/);
    const media = await fetchMedia(app, '123456789012345', image);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.rawPayload.equals(Buffer.concat([PHOTO_FIRST_PART!.subarray(26, 26 + 2048), ending]))).toBe(true);
    // the request the photo's last part might have drawn never came
    expect((await tracker.drain(100)).length).toBe(0);

    const events = await mediaEvents(app, from);
    expect(events.map((event) => [event.type, event.attributes.media, event.attributes.file])).toEqual([['media', 'image', image]]);
    tracker.close();
  });

  it('refuses an unknown IMEI with 00', async () => {
    const tracker = await connectTracker(app.trackers.portOf('teltonika'));
    tracker.send(Buffer.concat([Buffer.from('000f', 'hex'), Buffer.from('999999999999999', 'ascii')]));
    expect((await tracker.read(1)).toString('hex')).toBe('00');
    tracker.close();
  });

  it('answers a UDP datagram with the 7-byte acknowledgement after storing it', async () => {
    // UDP layout (reference/protocols.md §3) around the captured record data of the AVL packet
    const data = AVL.subarray(8, AVL.length - 4);
    const imei = Buffer.from('123456789012345', 'ascii');
    const body = Buffer.concat([Buffer.from([0xca, 0xfe, 0x01, 0x07, 0x00, 0x0f]), imei, data]);
    const datagram = Buffer.concat([Buffer.from([body.length >> 8, body.length & 0xff]), body]);
    const reply = await udpExchange(app.trackers.portOf('teltonika', 'udp'), datagram);
    expect(reply.toString('hex')).toBe('0005cafe010701');
  });
});

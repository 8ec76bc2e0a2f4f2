import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, latestPositionWith, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, openUdpTracker } from '../helpers/tracker-client.js';

// the captured tracker report with asserted values (shared/reference/vectors/gps103.json)
const report = loadVectors('gps103').find((v) => v.message.startsWith('imei:359710045559474,tracker,151030080103'))!;

/** A `vr` photo part: index and data length (little-endian), the data, 2 check bytes (the capture's: the byte sum, 00). */
const photoPart = (index: number, data: Buffer) => {
  const header = Buffer.from([index & 0xff, index >> 8, data.length & 0xff, data.length >> 8]);
  const body = Buffer.concat([header, data]);
  const sum = body.reduce((total, byte) => (total + byte) & 0xff, 0);
  return `imei:359710045559474,vr,${Buffer.concat([body, Buffer.from([sum, 0])]).toString('hex')};`;
};

describe.each(testDatabases())('GPS103 (Coban) on $name', (database) => {
  const app = useProtocolApp(database, 'gps103', '359710045559474');

  it('answers the handshake with LOAD, stores a report and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('gps103'));
    tracker.send('##,imei:359710045559474,A;');
    expect((await tracker.read(4)).toString('latin1')).toBe('LOAD');
    tracker.send(report.message);
    const position = await eventually(() => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'gps103', valid: true, fixTime: '2015-10-30T00:01:01.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(report.values!.longitude as number, 5);
    tracker.close();
  });

  it('keeps a photo sent in vr parts after its vt announcement: the position shows it, the media route serves it, a media event names it', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const tracker = await connectTracker(app.trackers.portOf('gps103'));
    tracker.send('##,imei:359710045559474,A;');
    await tracker.read(4);
    tracker.send(report.message);
    await eventually(() => latestPosition(app));
    const photo = [Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(502, 0x41)]), Buffer.concat([Buffer.alloc(198, 0x42), Buffer.from('ffd9', 'hex')])];
    const stream = Buffer.from(`${report.message.replace(',tracker,', ',vt2,')}${photoPart(0, photo[0]!)}${photoPart(1, photo[1]!)}`, 'latin1');
    // as TCP may deliver it: in pieces that split messages anywhere
    for (let offset = 0; offset < stream.length; offset += 300) tracker.send(stream.subarray(offset, offset + 300));

    const { file: image } = await latestPositionWith(app, 'image');
    expect(image).toMatch(/\.jpg$/);
    const media = await fetchMedia(app, '359710045559474', image);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    expect(media.rawPayload.equals(Buffer.concat(photo))).toBe(true);

    const events = await mediaEvents(app, from);
    expect(events.map((event) => [event.type, event.attributes.media, event.attributes.file])).toEqual([['media', 'image', image]]);
    tracker.close();
  });

  it('answers handshake and heartbeat datagrams over UDP and stores a report sent as one', async () => {
    const tracker = await openUdpTracker(app.trackers.portOf('gps103', 'udp'));
    try {
      tracker.send('##,imei:359710045559474,A;');
      expect((await tracker.receive())?.toString('latin1')).toBe('LOAD');
      tracker.send('359710045559474;');
      expect((await tracker.receive())?.toString('latin1')).toBe('ON');
      tracker.send(report.message.replace('151030080103', '151031080103'));
      const position = await eventually(async () => {
        const latest = await latestPosition(app);
        return latest?.fixTime === '2015-10-31T00:01:01.000+00:00' ? latest : undefined;
      });
      expect(position).toMatchObject({ protocol: 'gps103', valid: true });
      expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
      expect(await tracker.receive(200)).toBeUndefined(); // reports are not acknowledged
    } finally {
      tracker.close();
    }
  });
});

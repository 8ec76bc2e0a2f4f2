import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { fetchMedia, latestPosition, latestPositionWith, mediaEvents, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// the captured UD report with asserted values (shared/reference/vectors/watch.json)
const report = loadVectors('watch').find((v) => v.message.startsWith('[SG*8800000015*0087*UD,'))!;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** Binary content as the watch writes it: `}` `[` `]` `,` `*` as `7D 01` … `7D 05` (reference/protocols.md §6). */
const escaped = (bytes: Buffer): Buffer => {
  const codes: Record<number, number> = { 0x7d: 0x01, 0x5b: 0x02, 0x5d: 0x03, 0x2c: 0x04, 0x2a: 0x05 };
  return Buffer.from([...bytes].flatMap((byte) => (codes[byte] === undefined ? [byte] : [0x7d, codes[byte]!])));
};

/** Bytes holding every one the frame itself uses, between a file's first and last bytes. */
const binary = (head: string, tail: string, size: number) =>
  Buffer.concat([Buffer.from(head, 'hex'), Buffer.from(Array.from({ length: size }, (_, i) => [0x7d, 0x5b, 0x5d, 0x2c, 0x2a, i & 0xff][i % 6]!)), Buffer.from(tail, 'hex')]);

const JPEG = binary('ffd8ffe0', 'ffd9', 2000);
const VOICE = [binary('2321414d520a', '', 700), binary('', '', 700), binary('', '3c', 300)];
const TK_VOICE = binary('2321414d520a', '0c', 500);

describe.each(testDatabases())('Watch on $name', (database) => {
  const app = useProtocolApp(database, 'watch', '8800000015');

  it('answers LK, stores a UD report and serves it', async () => {
    const tracker = await connectTracker(app.trackers.portOf('watch'));
    tracker.send('[SG*8800000015*0002*LK]');
    expect((await tracker.read(23)).toString('latin1')).toBe('[SG*8800000015*0002*LK]');
    tracker.send(report.message);
    const position = await eventually(() => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'watch', valid: true, fixTime: '2014-04-22T13:46:52.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(report.values!.latitude as number, 5);
    tracker.close();
  });

  it('stores an img photo, a JXTK voice message in parts and a TK voice message, and serves each with its media event', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const media = (file: string) => fetchMedia(app, '8800000015', file);
    const tracker = await connectTracker(app.trackers.portOf('watch'));
    tracker.send('[SG*8800000015*0002*LK]');
    expect((await tracker.read(23)).toString('latin1')).toBe('[SG*8800000015*0002*LK]');

    tracker.send(Buffer.concat([latin1('[SG*8800000015*0800*img,5,220414134652,'), escaped(JPEG), latin1(']')]));
    const { file: image } = await latestPositionWith(app, 'image');
    expect(image).toMatch(/\.jpg$/);
    const photo = await media(image);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(JPEG)).toBe(true);

    for (let part = 1; part <= 3; part++) {
      tracker.send(Buffer.concat([latin1(`[SG*8800000015*0400*JXTK,0,watch_1_20260101120000,${part},3,`), escaped(VOICE[part - 1]!), latin1(']')]));
      expect((await tracker.read(28)).toString('latin1')).toBe('[SG*8800000015*0007*JXTKR,1]');
    }
    const { file: voice } = await latestPositionWith(app, 'audio');
    expect(voice).toMatch(/\.amr$/);
    const parts = await media(voice);
    expect(parts.headers['content-type']).toBe('audio/amr');
    expect(parts.rawPayload.equals(Buffer.concat(VOICE))).toBe(true);

    tracker.send(Buffer.concat([latin1('[SG*8800000015*0200*TK,'), escaped(TK_VOICE), latin1(']')]));
    const { file: single } = await latestPositionWith(app, 'audio', voice);
    expect(single).toMatch(/\.amr$/);
    expect((await media(single)).rawPayload.equals(TK_VOICE)).toBe(true);
    // neither a photo nor a whole voice message is answered
    expect((await tracker.drain(200)).length).toBe(0);

    const events = await mediaEvents(app, since);
    expect(events.map(({ attributes }) => [attributes.media, attributes.file])).toEqual([['image', image], ['audio', voice], ['audio', single]]);
    tracker.close();
  });
  it('leaves no file on disk for the voice and photo of a watch no device has', async () => {
    const tracker = await connectTracker(app.trackers.portOf('watch'));
    tracker.send('[SG*9900000099*0002*LK]');
    tracker.send(Buffer.concat([latin1('[SG*9900000099*0200*TK,'), escaped(TK_VOICE), latin1(']')]));
    tracker.send(Buffer.concat([latin1('[SG*9900000099*0800*img,5,220414134652,'), escaped(JPEG), latin1(']')]));
    // each frame is a sighting of the unknown id: the third one is counted once the voice and the photo were handled
    const sighted = await eventually(async () =>
      ((await app.admin.get('/api/devices/unknown')).json() as { uniqueId: string; count: number }[]).find((entry) => entry.uniqueId === '9900000099' && entry.count === 3),
    );
    expect(sighted).toBeDefined();
    expect(fs.existsSync(`${app.server.ctx.config.mediaRoot}/9900000099`)).toBe(false);
    tracker.close();
  });
});

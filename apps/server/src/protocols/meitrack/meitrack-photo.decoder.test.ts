import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { VECTOR_NOW } from '../../../test/helpers/protocol-vectors.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import type { MeitrackPhotoState } from './meitrack-photo.decoder.js';
import { decodeMeitrack } from './meitrack.decoder.js';
import { meitrackProtocol } from './meitrack.protocol.js';

// the IMEI and file name of Meitrack's own D00 example (`@@O48,353358017784062,D00,0215080432_C2E03.jpg,0*DB`)
const IMEI = '353358017784062';
const FILE = '0215080432_C2E03.jpg';
// every expected request below was summed by hand (byte sum through `*`, mod 256) and checked against that example
const FIRST_REQUEST = `@@O46,${IMEI},D00,camera_picture.jpg,0*28\r\n`;
const FROM_8 = `@@O48,${IMEI},D00,${FILE},8*E3\r\n`;
const FROM_16 = `@@O49,${IMEI},D00,${FILE},16*13\r\n`;
const PHOTO_TAKEN = `$$D28,${IMEI},D03,OK*F3`;

/** A device's D00 frame around `fields`: length from the first comma through CRLF, byte sum through `*`. */
const framed = (fields: Buffer): Buffer => {
  const tail = Buffer.concat([Buffer.from(`,${IMEI},D00,`, 'latin1'), fields, Buffer.from('*00\r\n', 'latin1')]);
  const frame = Buffer.concat([Buffer.from(`$$A${tail.length}`, 'latin1'), tail]);
  const sum = [...frame.subarray(0, frame.length - 4)].reduce((total, byte) => total + byte, 0) & 0xff;
  frame.write(sum.toString(16).toUpperCase().padStart(2, '0'), frame.length - 4, 'latin1');
  return frame;
};

const packet = (index: number, total: number, data: Buffer, file = FILE): Buffer => framed(Buffer.concat([Buffer.from(`${file},${total},${index},`, 'latin1'), data]));

/** Photo bytes with the delimiters of the text frame inside them: commas, `*`, CRLF, `$$`. */
const chunk = (index: number, size = 100): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, index]), Buffer.from(',*\r\n$$', 'latin1'), Buffer.alloc(size, index)]);

/** A connection bound to the device, whose media a recording store keeps unless told otherwise. */
const connection = ({ writeMedia, bound = true }: { writeMedia?: DecodeContext<unknown>['writeMedia'] | 'none'; bound?: boolean } = {}) => {
  const state = meitrackProtocol.createState() as MeitrackPhotoState;
  const { written, writeMedia: recording } = recordingMediaWriter({ name: (count) => `photo-${count}.jpg` });
  const context: DecodeContext<MeitrackPhotoState> = { uniqueId: bound ? IMEI : undefined, model: undefined, transport: 'tcp', state, now: () => VECTOR_NOW, writeMedia: writeMedia === 'none' ? undefined : (writeMedia ?? recording) };
  const send = (frame: Buffer | string) => decodeMeitrack(typeof frame === 'string' ? Buffer.from(frame, 'latin1') : frame, context);
  return { state, written, send };
};

describe('Meitrack photo exchange (D03, D00)', () => {
  it('asks for the first packets of the picture when the device confirms D03, then for each next eight, and stores the file', () => {
    const { state, written, send } = connection();
    const taken = send(PHOTO_TAKEN);
    expect(taken.positions).toEqual([]);
    expect(taken.ack.map(String)).toEqual([FIRST_REQUEST]);

    const chunks = Array.from({ length: 17 }, (_, index) => chunk(index));
    const requests: string[] = [];
    for (let index = 0; index < 16; index++) {
      const result = send(packet(index, 17, chunks[index]!));
      expect(result.positions).toEqual([]);
      requests.push(...result.ack.map(String));
    }
    expect(requests).toEqual([FROM_8, FROM_16]);
    expect(written).toEqual([]);

    const last = send(packet(16, 17, chunks[16]!));
    expect(last.ack).toEqual([]);
    expect(written).toEqual([{ uniqueId: IMEI, data: Buffer.concat(chunks), extension: 'jpg' }]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: IMEI, protocol: 'meitrack', hasLocation: false, attributes: { image: 'photo-1.jpg' } });
    expect(state.photo).toBeUndefined();
  });

  it('takes a photo of a single packet, and one the device starts without D03', () => {
    const { written, send } = connection();
    const result = send(packet(0, 1, chunk(0)));
    expect(result.positions[0]?.attributes.image).toBe('photo-1.jpg');
    expect(written[0]?.data).toEqual(chunk(0));
  });

  it('drops the transfer on a packet out of order, of another file or of another count', () => {
    for (const wrong of [packet(2, 4, chunk(2)), packet(1, 4, chunk(1), 'other.jpg'), packet(1, 5, chunk(1))]) {
      const { state, written, send } = connection();
      send(packet(0, 4, chunk(0)));
      expect(state.photo).toBeDefined();
      expect(send(wrong)).toEqual({ identify: IMEI, positions: [], ack: [] });
      expect(state.photo).toBeUndefined();
      // what follows the wrong packet belongs to nothing
      expect(send(packet(3, 4, chunk(3))).positions).toEqual([]);
      expect(written).toEqual([]);
    }
  });

  it('drops a cut or malformed packet, and a transfer it interrupts', () => {
    const { state, written, send } = connection();
    send(packet(0, 2, chunk(0)));
    const whole = packet(1, 2, chunk(1));
    expect(send(whole.subarray(0, whole.length - 30)).positions).toEqual([]);
    expect(state.photo).toBeUndefined();
    const malformed = [`${FILE},2`, `${FILE},x,0,ab`, `${FILE},2,2,ab`, `${FILE},0,0,ab`, `,2,1,ab`, ''].map((fields) => framed(Buffer.from(fields, 'latin1')));
    for (const bad of [...malformed, Buffer.from(`$$A9,${IMEI},D00*00\r\n`, 'latin1'), Buffer.from(`$$A9,${IMEI},D0`, 'latin1')]) {
      expect(() => send(bad)).not.toThrow();
      expect(send(bad).positions).toEqual([]);
    }
    expect(written).toEqual([]);
  });

  it('drops a photo growing past the cap, and asks for nothing more of it', () => {
    const { state, written, send } = connection();
    expect(send(packet(0, 16, Buffer.alloc(MAX_MEDIA_BYTES - 1))).ack).toEqual([]);
    expect(send(packet(1, 16, Buffer.alloc(2))).ack).toEqual([]);
    expect(state.photo).toBeUndefined();
    const rest = Array.from({ length: 14 }, (_, i) => send(packet(i + 2, 16, chunk(i + 2))));
    expect(rest.flatMap((result) => [...result.ack, ...result.positions])).toEqual([]);
    expect(written).toEqual([]);
  });

  it('keeps nothing and asks for nothing where media are not kept, or before the connection has its device', () => {
    for (const { state, send } of [connection({ writeMedia: 'none' }), connection({ bound: false })]) {
      expect(send(PHOTO_TAKEN)).toEqual({ identify: IMEI, positions: [], ack: [] });
      const results = Array.from({ length: 9 }, (_, index) => send(packet(index, 9, chunk(index))));
      expect(results.flatMap((result) => [...result.ack, ...result.positions])).toEqual([]);
      expect(state.photo).toBeUndefined();
    }
  });

  it('stores no position when the file cannot be written, and starts afresh after', () => {
    const { state, send } = connection({ writeMedia: () => undefined });
    send(packet(0, 2, chunk(0)));
    expect(send(packet(1, 2, chunk(1))).positions).toEqual([]);
    expect(state.photo).toBeUndefined();
  });

  it('survives every cut and every flipped byte of a transfer where media are kept', () => {
    const frames = [packet(0, 3, chunk(0)), packet(1, 3, chunk(1)), packet(2, 3, chunk(2))];
    for (const [which, frame] of frames.entries()) {
      for (let at = 0; at < frame.length; at++) {
        const { send } = connection();
        frames.slice(0, which).forEach((earlier) => send(earlier));
        const flipped = Buffer.from(frame);
        flipped[at] = flipped[at]! ^ 0xff;
        expect(() => [send(frame.subarray(0, at)), send(flipped)]).not.toThrow();
      }
    }
  });
});

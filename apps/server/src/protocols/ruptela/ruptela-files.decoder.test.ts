import { describe, expect, it } from 'vitest';
import { recordingMediaWriter } from '../../../test/helpers/media-writer.js';
import { loadVectors, VECTOR_NOW } from '../../../test/helpers/protocol-vectors.js';
import { MAX_MEDIA_BYTES } from '../media-assembly.js';
import type { DecodeContext } from '../protocol-definition.js';
import { FrameError } from '../transport/byte-reader.js';
import type { RuptelaState } from './ruptela-files.decoder.js';
import { decodeRuptela } from './ruptela.decoder.js';
import { ruptelaFrame } from './ruptela.encoder.js';
import { ruptelaProtocol } from './ruptela.protocol.js';

// the captured first part of a photo (shared/reference/vectors/ruptela.json): IMEI 866600048995021,
// command 37, file part (2) from source 0, name "5DDA1FAD", 10 parts, part 0, then JPEG data
const FIRST_PART = Buffer.from(loadVectors('ruptela').find((v) => v.message.startsWith('03fc0003142b0c152acd2502'))!.message, 'hex');
const IMEI = '866600048995021';
const FILE = Buffer.from('5DDA1FAD', 'latin1');
const FIRST_DATA = FIRST_PART.subarray(2 + 8 + 1 + 1 + 1 + 8 + 2 + 2, -2);
// the server's requests: [length 000d][137][2][source 0][name][part], CRC-16/KERMIT computed apart from this code
const REQUEST_PART_1 = '000d89020035444441314641440001bb29';
const REQUEST_PART_2 = '000d8902003544444131464144000289b2';
const REQUEST_PART_9 = '000d890200354444413146414400093761';

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
/** A file part as the device frames it, with the IMEI of the captured one. */
const part = (index: number, data: Buffer, { total = 10, file = FILE, source = 0, subCommand = 2 } = {}) =>
  ruptelaFrame(Buffer.concat([FIRST_PART.subarray(2, 10), Buffer.from([37, subCommand, source]), file, u16(total), u16(index), data]));

const connection = ({ writeMedia, bound = true }: { writeMedia?: DecodeContext<unknown>['writeMedia'] | 'none'; bound?: boolean } = {}) => {
  const state = ruptelaProtocol.createState() as RuptelaState;
  const { written, writeMedia: recording } = recordingMediaWriter({ name: (count) => `photo-${count}.jpg` });
  const context: DecodeContext<RuptelaState> = { uniqueId: bound ? IMEI : undefined, model: undefined, transport: 'tcp', state, now: () => VECTOR_NOW, writeMedia: writeMedia === 'none' ? undefined : (writeMedia ?? recording) };
  return { state, written, send: (frame: Buffer) => decodeRuptela(frame, context) };
};

const data = (index: number) => Buffer.alloc(200 + index, index);

describe('Ruptela photo parts (command 37)', () => {
  it('asks for each next part after the captured first one, and stores the whole file after the last', () => {
    const { state, written, send } = connection();
    const first = send(FIRST_PART);
    expect(first.positions).toEqual([]);
    expect(first.ack.map((ack) => ack.toString('hex'))).toEqual([REQUEST_PART_1]);

    const requests = [1, 2, 3, 4, 5, 6, 7, 8].map((index) => send(part(index, data(index))));
    expect(requests.flatMap((result) => result.positions)).toEqual([]);
    expect(requests.map((result) => result.ack.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(requests[0]!.ack[0]!.toString('hex')).toBe(REQUEST_PART_2);
    expect(requests[7]!.ack[0]!.toString('hex')).toBe(REQUEST_PART_9);
    // each request names the part after the one just received (its last two bytes before the CRC)
    expect(requests.map((result) => result.ack[0]!.readUInt16BE(13))).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(written).toEqual([]);

    const last = send(part(9, data(9)));
    expect(last.ack).toEqual([]);
    const whole = Buffer.concat([FIRST_DATA, ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(data)]);
    expect(written).toEqual([{ uniqueId: IMEI, data: whole, extension: 'jpg' }]);
    expect(last.positions).toHaveLength(1);
    expect(last.positions[0]).toMatchObject({ uniqueId: IMEI, protocol: 'ruptela', hasLocation: false, attributes: { image: 'photo-1.jpg' } });
    expect(state.photo).toBeUndefined();
  });

  it('takes a photo of one part', () => {
    const { written, send } = connection();
    expect(send(part(0, data(0), { total: 1 })).positions[0]?.attributes.image).toBe('photo-1.jpg');
    expect(written[0]?.data).toEqual(data(0));
  });

  it('drops the transfer on a part out of order, of another file, source or count, and asks for nothing more', () => {
    const wrongs = [part(2, data(2)), part(1, data(1), { file: Buffer.from('OTHERJPG', 'latin1') }), part(1, data(1), { source: 1 }), part(1, data(1), { total: 11 })];
    for (const wrong of wrongs) {
      const { state, written, send } = connection();
      send(FIRST_PART);
      expect(state.photo).toBeDefined();
      expect(send(wrong)).toEqual({ identify: IMEI, positions: [], ack: [] });
      expect(state.photo).toBeUndefined();
      expect(send(part(9, data(9))).positions).toEqual([]);
      expect(written).toEqual([]);
    }
  });

  it('drops a cut part, a part numbered past the count and other sub-commands, with the transfer they interrupt', () => {
    const { state, send } = connection();
    send(FIRST_PART);
    const cut = ruptelaFrame(Buffer.concat([FIRST_PART.subarray(2, 10), Buffer.from([37, 2, 0]), FILE.subarray(0, 5)]));
    // a frame too short for its fields is rejected as every protocol's is (logged, dropped, connection kept)
    expect(() => send(cut)).toThrow(FrameError);
    expect(state.photo).toBeUndefined();
    for (const other of [part(10, data(1)), part(0, data(0), { total: 0 }), part(1, data(1), { subCommand: 1 })]) {
      send(FIRST_PART);
      expect(send(other)).toEqual({ identify: IMEI, positions: [], ack: [] });
      expect(state.photo).toBeUndefined();
    }
  });

  it('drops a photo growing past the cap', () => {
    const { state, written, send } = connection();
    const big = Buffer.alloc(3000);
    const parts = Math.ceil(MAX_MEDIA_BYTES / big.length) + 1;
    let asked = 0;
    for (let index = 0; index < parts; index++) asked += send(part(index, big, { total: parts + 1 })).ack.length;
    // every part until the one past the cap was asked for; that one and those after it are not
    expect(asked).toBe(Math.floor(MAX_MEDIA_BYTES / big.length));
    expect(state.photo).toBeUndefined();
    expect(send(part(parts, big, { total: parts + 1 })).positions).toEqual([]);
    expect(written).toEqual([]);
  });

  it('keeps nothing and asks for nothing where media are not kept, or before the connection has its device', () => {
    for (const { state, send } of [connection({ writeMedia: 'none' }), connection({ bound: false })]) {
      expect(send(FIRST_PART)).toEqual({ identify: IMEI, positions: [], ack: [] });
      expect(state.photo).toBeUndefined();
      expect(send(part(1, data(1))).ack).toEqual([]);
    }
  });

  it('stores no position when the file cannot be written', () => {
    const { state, send } = connection({ writeMedia: () => undefined });
    expect(send(part(0, data(0), { total: 1 })).positions).toEqual([]);
    expect(state.photo).toBeUndefined();
  });

  it('rejects at most a frame, as malformed, for every cut and every flipped byte of a transfer where media are kept', () => {
    const frames = [part(0, data(0), { total: 3 }), part(1, data(1), { total: 3 }), part(2, data(2), { total: 3 })];
    for (const [which, frame] of frames.entries()) {
      for (let at = 2; at < frame.length; at++) {
        const { send } = connection();
        frames.slice(0, which).forEach((earlier) => send(earlier));
        const flipped = Buffer.from(frame);
        flipped[at] = flipped[at]! ^ 0xff;
        for (const bad of [frame.subarray(0, at), flipped]) {
          try {
            send(bad);
          } catch (error) {
            expect(error).toBeInstanceOf(FrameError);
          }
        }
      }
    }
  });
});

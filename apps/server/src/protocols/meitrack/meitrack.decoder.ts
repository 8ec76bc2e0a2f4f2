import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { newPosition } from '../position-builder.js';
import { decodeCcc, decodeCce } from './meitrack-binary.decoder.js';
import { decodePhotoPacket, decodePhotoTaken, type MeitrackPhotoState } from './meitrack-photo.decoder.js';
import { decodeAaa } from './meitrack-text.decoder.js';
import { meitrackAacAck, meitrackCccAck } from './meitrack.encoder.js';

/** One Meitrack frame `$$<flag><length>,<imei>,<command>,<data>*<cs>\r\n` (reference/protocols.md §8). */
export const decodeMeitrack = (frame: Buffer, context: DecodeContext<MeitrackPhotoState | undefined>): DecodeResult => {
  const first = frame.indexOf(0x2c);
  const second = frame.indexOf(0x2c, first + 1);
  if (first < 0) return nothing();
  const imei = frame.toString('latin1', first + 1, second < 0 ? undefined : second).split('*')[0]!;
  const type = second < 0 ? '' : frame.toString('latin1', second + 1, second + 4);
  const dataStart = second + 5;
  const now = context.now();
  switch (type) {
    case 'CCC': {
      const positions = decodeCcc(imei, frame, dataStart, now);
      return { identify: imei, positions, ack: [meitrackCccAck(frame.toString('latin1', 2, 3), imei, positions.length)] };
    }
    case 'CCE':
      return { identify: imei, positions: decodeCce(imei, frame, dataStart, now), ack: [] };
    case 'AAC':
      return { identify: imei, positions: [], ack: [meitrackAacAck(imei)] };
    case 'D00':
      return decodePhotoPacket(imei, frame, dataStart, context);
    case 'D03':
      return decodePhotoTaken(imei, context);
    default: {
      const text = frame.toString('latin1', second + 1);
      const body = text.slice(0, text.lastIndexOf('*') < 0 ? undefined : text.lastIndexOf('*'));
      if (type === 'AAA') {
        const position = decodeAaa(imei, body.slice(4).split(','), context.model, now);
        return { identify: imei, positions: position ? [position] : [], ack: [] };
      }
      if (type === 'D82') {
        const position = newPosition('meitrack', imei, now);
        position.attributes.result = body;
        return { identify: imei, positions: [position], ack: [] };
      }
      return { identify: imei, positions: [], ack: [] };
    }
  }
};

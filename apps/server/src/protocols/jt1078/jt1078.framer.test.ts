import { describe, expect, it } from 'vitest';
import { cameraPacket } from '../../../test/helpers/jt1078-camera.js';
import { createJt1078Framer } from './jt1078.framer.js';

// captured (Traccar's Jt1078FrameDecoderTest): a P-frame of a 2019 terminal (10-byte SIM), the
// header of one of a 2016 terminal (6-byte SIM; its 829-byte body filled in here), and the first 8
// bytes of a packet
const CAPTURED_2019 = Buffer.from('3031636481e200760000086649607758216401100000000001c71cd5074a0021006700000001219a02f02f0fff000003000003008f6b47bab6659524c5f8fc61ed7c40a50a5c39629c000003016243bc0006e6de480021a5c4574cef0d7024c5e1f815212d007eac5e114b3c000003000003000004b0000003028574d2009ea480003e1bee06cf81e9', 'hex');
const CAPTURED_2016_HEADER = '3031636481e20492001901305037031000000174922cb80f00a00050033d';
const captured2016 = Buffer.concat([Buffer.from(CAPTURED_2016_HEADER, 'hex'), Buffer.alloc(0x33d, 0x5c)]);
const PARTIAL = Buffer.from('3031636480610001', 'hex');

/** Feeds `reads` one after another, as a connection's buffer grows, and collects the frames. */
const frames = (reads: Buffer[]) => {
  const framer = createJt1078Framer();
  const found: Buffer[] = [];
  let buffer = Buffer.alloc(0);
  for (const read of reads) {
    buffer = Buffer.concat([buffer, read]);
    for (;;) {
      const result = framer.next(buffer);
      if (result.kind === 'invalid') return { found, invalid: result.reason };
      if (result.kind === 'incomplete') {
        buffer = buffer.subarray(result.discard);
        break;
      }
      found.push(Buffer.from(result.frame));
      buffer = buffer.subarray(result.consumed);
    }
  }
  return { found, rest: buffer.length };
};

describe('JT1078 framer', () => {
  it('splits the captured packets of both SIM layouts, one read each or in one, and waits on a partial one', () => {
    expect(CAPTURED_2019.length).toBe(34 + 0x67);
    expect(frames([CAPTURED_2019, captured2016, PARTIAL])).toEqual({ found: [CAPTURED_2019, captured2016], rest: PARTIAL.length });
    expect(frames([Buffer.concat([CAPTURED_2019, captured2016])])).toEqual({ found: [CAPTURED_2019, captured2016], rest: 0 });
  });

  it('waits for a packet split across reads at any byte', () => {
    for (const at of [1, 4, 9, 17, 20, 33, 34, 100]) expect(frames([CAPTURED_2019.subarray(0, at), CAPTURED_2019.subarray(at)]).found).toEqual([CAPTURED_2019]);
  });

  it('skips bytes before a packet and frames audio and transparent data by their shorter headers', () => {
    const audio = cameraPacket({ sim: '013912345678', channel: 1, dataType: 3, timestamp: 5, body: Buffer.alloc(160, 0xd5) });
    const transparent = cameraPacket({ sim: '013912345678', channel: 1, dataType: 4, body: Buffer.from('serial data') });
    expect(audio.length).toBe(26 + 160);
    expect(transparent.length).toBe(18 + 11);
    expect(frames([Buffer.from('garbage'), audio, transparent])).toEqual({ found: [audio, transparent], rest: 0 });
  });

  it('closes a stream with an unknown data type or a body past any camera’s', () => {
    const unknown = Buffer.from(CAPTURED_2019);
    unknown[19] = 0x50;
    expect(frames([unknown]).invalid).toMatch(/data type/);
    const huge = Buffer.from(CAPTURED_2019.subarray(0, 34));
    huge.writeUInt16BE(60_000, 32);
    expect(frames([huge]).invalid).toMatch(/60000 bytes/);
  });
});

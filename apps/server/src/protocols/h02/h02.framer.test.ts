import { describe, expect, it } from 'vitest';
import { firstFrame, loadFrameVectors } from '../../../test/helpers/protocol-vectors.js';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createH02Framer, H02_MAX_FRAME } from './h02.framer.js';

// captured binary reports of one tracker (shared/reference/vectors/h02.json), in the long and the short form
const LONG = '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f';
const SHORT = '2441060116601245431311165035313006004318210e000000fffffbffff0024';

const framesOf = (reads: string[], messageLength?: number) => {
  const settings = messageLength === undefined ? undefined : createDeviceSettings({ device: {}, groups: [], server: {}, config: { 'h02.messageLength': messageLength } });
  const frames = new FrameBuffer(createH02Framer(settings), H02_MAX_FRAME);
  return reads.flatMap((read) => frames.push(Buffer.from(read, 'hex')).map((frame) => frame.toString('hex')));
};

describe(createH02Framer.name, () => {
  loadFrameVectors('h02').forEach((vector, index) => {
    it(`splits captured stream #${index} (${vector.test})`, () => {
      expect(firstFrame(createH02Framer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });

  it('waits for the closing #, drops line ends and garbage between sentences', () => {
    const frames = new FrameBuffer(createH02Framer(), H02_MAX_FRAME);
    expect(frames.push(Buffer.from('noise*HQ,4210051415,V1,16454', 'latin1'))).toEqual([]);
    const rest = '9,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#\r\n';
    expect(frames.push(Buffer.from(rest, 'latin1')).map(String)).toEqual([`*HQ,4210051415,V1,16454${rest.trim()}`]);
    expect(frames.size).toBe(0);
  });

  it('cuts a burst of long binary reports in one read into 45-byte frames, as it does one report alone', () => {
    expect(framesOf([LONG + LONG + LONG])).toEqual([LONG, LONG, LONG]);
    expect(framesOf([LONG, LONG + LONG])).toEqual([LONG, LONG, LONG]);
  });

  it('keeps 32 bytes for short reports, alone or in a burst', () => {
    expect(framesOf([SHORT + SHORT + SHORT])).toEqual([SHORT, SHORT, SHORT]);
    expect(framesOf([SHORT, SHORT])).toEqual([SHORT, SHORT]);
  });

  it('takes the length h02.messageLength names, where the first read cannot tell it', () => {
    // a long report and the first bytes of the next: 32 unless set
    const partial = LONG + LONG.slice(0, 6);
    expect(framesOf([partial], 45)).toEqual([LONG]);
    expect(framesOf([partial])[0]).toBe(LONG.slice(0, 64));
  });
});


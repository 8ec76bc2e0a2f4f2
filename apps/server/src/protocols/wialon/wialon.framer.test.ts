import { describe, expect, it } from 'vitest';
import { FrameBuffer } from '../transport/frame-buffer.js';
import { createWialonFramer, WIALON_MAX_FRAME } from './wialon.framer.js';

describe(createWialonFramer.name, () => {
  const frames = () => new FrameBuffer(createWialonFramer(), WIALON_MAX_FRAME);

  it('waits for the line end of a packet split across reads, and splits several in one read', () => {
    const buffer = frames();
    expect(buffer.push(Buffer.from('#L#2.0;8600000000000'))).toEqual([]);
    expect(buffer.push(Buffer.from('01;NA;1A2B\r\n#P#\r\n#SD#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA\r'))).toEqual([Buffer.from('#L#2.0;860000000000001;NA;1A2B'), Buffer.from('#P#')]);
    expect(buffer.push(Buffer.from('\n'))).toEqual([Buffer.from('#SD#NA;NA;NA;NA;NA;NA;NA;NA;NA;NA')]);
  });

  it('takes a bare line feed as the end too, and skips empty lines', () => {
    expect(frames().push(Buffer.from('\r\n\r\n#P#\n\n#P#\r\n')).map(String)).toEqual(['#P#', '#P#']);
  });

  it('closes a connection whose line never ends', () => {
    expect(() => frames().push(Buffer.alloc(WIALON_MAX_FRAME + 1, 0x41))).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../../test/helpers/protocol-vectors.js';
import { jt808GeneralResponse, jt808Packet } from './jt808.encoder.js';

const unescape = (frame: Buffer): Buffer => Buffer.from(frame.toString('hex').slice(2, -2).replace(/7d02/g, '7e').replace(/7d01/g, '7d'), 'hex');

describe('jt808 encoder', () => {
  it("rebuilds a captured terminal's location byte for byte from its type, phone, body and serial", () => {
    const captured = Buffer.from(loadVectors('jt808').find((vector) => vector.message.startsWith('7e0200'))!.message, 'hex');
    const content = unescape(captured);
    const bodyLength = content.readUInt16BE(2) & 0x3ff;
    const packet = jt808Packet(content.readUInt16BE(0), { phone: content.subarray(4, 10) }, content.subarray(12, 12 + bodyLength), content.readUInt16BE(10));
    expect(packet.toString('hex')).toBe(captured.toString('hex'));
  });

  it('escapes 7E and 7D inside the frame and numbers the server replies 0', () => {
    const phone = Buffer.from('013912345678', 'hex');
    const reply = jt808GeneralResponse({ phone }, 0x7e7d, 0x0200);
    // 8001, 5 bytes of body, the phone, serial 0000; the body echoes the serial 7E7D (escaped) and the type
    expect(reply.toString('hex')).toMatch(/^7e8001000501391234567800007d027d01020000[0-9a-f]{2}7e$/);
  });
});

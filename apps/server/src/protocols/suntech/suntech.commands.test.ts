import { describe, expect, it } from 'vitest';
import { loadVectors } from '../../../test/helpers/protocol-vectors.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import type { SuntechState } from './suntech.decoder.js';
import { suntechProtocol } from './suntech.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const vectors = loadVectors('suntech');

/** The state of a connection that has heard the captured message starting with `start`. */
const heard = (start: string): SuntechState => {
  const state = suntechProtocol.createState() as SuntechState;
  const vector = vectors.find((candidate) => candidate.message.startsWith(start))!;
  const frame = Buffer.from(vector.message, vector.encoding === 'hex' ? 'hex' : 'latin1');
  suntechProtocol.decode(frame, { uniqueId: undefined, model: undefined, transport: 'tcp', state, now: () => 0 });
  return state;
};
const send = (sent: OutgoingCommand, state: SuntechState = suntechProtocol.createState() as SuntechState) =>
  suntechProtocol.commands!.encode(sent, IMEI, state)?.toString('latin1');

describe('Suntech commands', () => {
  it('lists custom and the types Traccar does, in its order', () => {
    expect(suntechProtocol.commands!.types).toEqual(['custom', 'outputControl', 'rebootDevice', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm']);
  });

  it("before any message: SA200 legacy commands, as Traccar's encoder test (SA200CMD;<id>;02;Reboot)", () => {
    expect(send(command('rebootDevice'))).toBe('SA200CMD;123456789012345;02;Reboot\r');
    expect(send(command('positionSingle'))).toBe('SA200CMD;123456789012345;02;StatusReq\r');
    expect(send(command('engineStop'))).toBe('SA200CMD;123456789012345;02;Enable1\r');
    expect(send(command('alarmDisarm'))).toBe('SA200CMD;123456789012345;02;Disable2\r');
    expect(send(command('outputControl', { index: 3, data: '1' }))).toBe('SA200CMD;123456789012345;02;Enable3\r');
    expect(send(command('outputControl', { index: 3, data: '0' }))).toBe('SA200CMD;123456789012345;02;Disable3\r');
  });

  it('after a legacy message, the model of its header: ST300STT → ST300CMD', () => {
    const state = heard('ST300STT;');
    expect(send(command('engineResume'), state)).toBe('ST300CMD;123456789012345;02;Disable1\r');
    expect(send(command('positionSingle'), heard('ST600STT;'))).toBe('ST600CMD;123456789012345;02;StatusReq\r');
    // ST910's header is the model alone: SA200
    expect(send(command('alarmArm'), heard('ST910;Location;'))).toBe('SA200CMD;123456789012345;02;Enable2\r');
  });

  it('after a universal message (text header under 5 characters, or binary): CMD;<id>;<group>;<action>', () => {
    for (const state of [heard('STT;'), heard('82004d05')]) {
      expect(send(command('rebootDevice'), state)).toBe('CMD;123456789012345;03;03\r');
      expect(send(command('positionSingle'), state)).toBe('CMD;123456789012345;03;01\r');
      expect(send(command('engineStop'), state)).toBe('CMD;123456789012345;04;01\r');
      expect(send(command('engineResume'), state)).toBe('CMD;123456789012345;04;02\r');
      expect(send(command('alarmArm'), state)).toBe('CMD;123456789012345;04;03\r');
      expect(send(command('alarmDisarm'), state)).toBe('CMD;123456789012345;04;04\r');
    }
    const universal = heard('ALT;');
    expect(send(command('outputControl', { index: 2, data: '1' }), universal)).toBe('CMD;123456789012345;04;03\r');
    expect(send(command('outputControl', { index: 3, data: '1' }), universal)).toBe('CMD;123456789012345;04;09\r');
    expect(send(command('outputControl', { index: 3, data: '0' }), universal)).toBe('CMD;123456789012345;04;10\r');
    // outputs 1 to 3 only
    expect(send(command('outputControl', { index: 4, data: '1' }), universal)).toBeUndefined();
  });

  it('custom: the text as written, \\r and \\n written out as the characters, ended by a carriage return', () => {
    expect(send(command('custom', { data: 'ST300CMD;205000001;02;Enable3' }))).toBe('ST300CMD;205000001;02;Enable3\r');
    expect(send(command('custom', { data: 'ST300CMD;205000001;02;Enable3\\r' }))).toBe('ST300CMD;205000001;02;Enable3\r');
    expect(send(command('custom', { data: 'A\\r\\nB\\r\\n' }))).toBe('A\r\nB\r\n');
  });
});

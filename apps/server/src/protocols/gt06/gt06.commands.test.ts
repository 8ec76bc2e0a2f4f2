import { describe, expect, it } from 'vitest';
import { configuredState } from '../../../test/helpers/configured-state.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { gt06Protocol } from './gt06.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });

const stateOf = (attributes: Record<string, unknown> = {}) => configuredState(gt06Protocol, attributes);
const send = (sent: OutgoingCommand, state = stateOf(), model?: string) => gt06Protocol.commands!.encode(sent, IMEI, state, model)?.toString('hex');

// 0x80 packets written out: 7878, length (type, command length, 4-byte flag, text, serial and CRC), 80, the
// command length (4 + text), flag 00000000, the ASCII text, serial 0000, the X-25 CRC of length to serial, 0D0A
describe('GT06 commands', () => {
  it('G109 takes the older words without a password: DYD# and HFYD#, also without gt06.alternative', () => {
    // 0E = 1 + 1 + 4 + 4 + 2 + 2; 08 = 4 + 4; 44594423 = DYD#
    expect(send(command('engineStop'), stateOf(), 'G109')).toBe('78780e80080000000044594423000053780d0a');
    // 48465944 23 = HFYD#
    expect(send(command('engineResume'), stateOf({ 'gt06.alternative': true }), 'G109')).toBe('78780f80090000000048465944230000d0560d0a');
    // other models as before
    expect(send(command('engineStop'), stateOf(), 'GT06N')).toBe('787812800c0000000052656c61792c312300009dee0d0a');
  });

  it('with gt06.language, the language word for English (0002) follows the text, two bytes more in the length', () => {
    // 14 = 12 + 2; Relay,1# then 0002, serial 0000, CRC F59F
    expect(send(command('engineStop'), stateOf({ 'gt06.language': true }))).toBe('787814800c0000000052656c61792c312300020000f59f0d0a');
    expect(send(command('engineStop'), stateOf({ 'gt06.language': 'false' }))).toBe('787812800c0000000052656c61792c312300009dee0d0a');
  });
});

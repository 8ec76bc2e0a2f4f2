import { describe, expect, it } from 'vitest';
import type { OutgoingCommand } from '../protocol-definition.js';
import { gps103Commands } from './gps103.commands.js';

const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const send = (sent: OutgoingCommand) => gps103Commands.encode(sent, '123456789012345', undefined)?.toString('latin1');

describe('GPS103 (Coban) commands', () => {
  it('lists the types in the order Traccar does', () => {
    expect(gps103Commands.types).toEqual(['custom', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'requestPhoto']);
  });

  it("as in Traccar's encoder test: periodic reporting every 05m, custom text after the IMEI", () => {
    expect(send(command('positionPeriodic', { frequency: 300 }))).toBe('**,imei:123456789012345,C,05m');
    expect(send(command('custom', { data: 'H,080' }))).toBe('**,imei:123456789012345,H,080');
  });

  it('stops reporting with D, takes a photo with 160', () => {
    expect(send(command('positionStop'))).toBe('**,imei:123456789012345,D');
    expect(send(command('requestPhoto'))).toBe('**,imei:123456789012345,160');
    expect(send(command('alarmArm'))).toBe('**,imei:123456789012345,L');
    expect(send(command('alarmDisarm'))).toBe('**,imei:123456789012345,M');
  });
});

import { describe, expect, it } from 'vitest';
import { wialonCommands } from './wialon.commands.js';

const encode = (type: string, attributes: Record<string, unknown> = {}) => wialonCommands.encode({ type, attributes }, '860000000000001', {})?.toString('utf8');

describe('wialon commands', () => {
  it('sends each command as a line of the text the trackers take', () => {
    expect(wialonCommands.types).toEqual(['custom', 'rebootDevice', 'sendUssd', 'deviceIdentification', 'outputControl']);
    expect(encode('custom', { data: 'SETPARAM 1000=5' })).toBe('SETPARAM 1000=5\r\n');
    expect(encode('rebootDevice')).toBe('reboot\r\n');
    expect(encode('sendUssd', { phone: '*100#' })).toBe('USSD:*100#\r\n');
    expect(encode('deviceIdentification')).toBe('VER?\r\n');
    expect(encode('outputControl', { index: 2, data: '1' })).toBe('L2=1\r\n');
    expect(encode('engineStop')).toBeUndefined();
  });
});

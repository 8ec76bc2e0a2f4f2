import { describe, expect, it } from 'vitest';
import type { OutgoingCommand } from '../protocol-definition.js';
import { gl200Commands } from './gl200.commands.js';

const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const send = (sent: OutgoingCommand) => gl200Commands.encode(sent, '862170010196747', undefined)?.toString('latin1');

describe('Queclink commands', () => {
  it('lists custom, then the types in the order Traccar does', () => {
    expect(gl200Commands.types).toEqual(['custom', 'positionSingle', 'engineStop', 'engineResume', 'deviceIdentification', 'rebootDevice']);
  });

  it("engine stop and resume: AT+GTOUT with the device's password, as Traccar's encoder writes it", () => {
    expect(send(command('engineStop', { devicePassword: 'gl200' }))).toBe('AT+GTOUT=gl200,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    expect(send(command('engineResume', { devicePassword: 'gl200' }))).toBe('AT+GTOUT=gl200,0,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
  });

  it('real-time operations AT+GTRTO: 1 position, 8 identification, 3 reboot', () => {
    expect(send(command('positionSingle', { devicePassword: 'gv300' }))).toBe('AT+GTRTO=gv300,1,,,,,,FFFF$');
    expect(send(command('deviceIdentification', { devicePassword: 'gv300' }))).toBe('AT+GTRTO=gv300,8,,,,,,FFFF$');
    expect(send(command('rebootDevice', { devicePassword: 'gv300' }))).toBe('AT+GTRTO=gv300,3,,,,,,FFFF$');
  });

  it('an empty password without one, as Traccar sends', () => {
    expect(send(command('rebootDevice'))).toBe('AT+GTRTO=,3,,,,,,FFFF$');
    expect(send(command('engineStop'))).toBe('AT+GTOUT=,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
  });

  it('has nothing for a type it does not take', () => {
    expect(send(command('outputControl', { index: 1, data: 1 }))).toBeUndefined();
    expect(send(command('getDeviceStatus'))).toBeUndefined();
  });
});

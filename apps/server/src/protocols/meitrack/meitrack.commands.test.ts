import { describe, expect, it } from 'vitest';
import { commandProblem } from '../command-fields.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { configuredState } from '../../../test/helpers/configured-state.js';
import { meitrackCommands } from './meitrack.commands.js';
import { meitrackProtocol } from './meitrack.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const send = (sent: OutgoingCommand, state?: unknown) => meitrackCommands.encode(sent, IMEI, state)?.toString('latin1');

// each length counts from the first comma through CRLF (22 + the code with its fields); each checksum is the byte sum through `*`, mod 256
describe('Meitrack commands', () => {
  it('lists the types in the order Traccar does', () => {
    expect(meitrackCommands.types).toEqual(['custom', 'positionSingle', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'requestPhoto', 'sendSms']);
  });

  it('custom and positionSingle with the A data identifier, as protocols.md has it', () => {
    expect(send(command('positionSingle'))).toBe('@@A25,123456789012345,A10*58\r\n');
    expect(send(command('custom', { data: 'C01,0,12222' }))).toBe('@@A33,123456789012345,C01,0,12222*DA\r\n');
  });

  it('engine stop and resume: C01 with output A on or off, the other outputs as they are', () => {
    expect(send(command('engineStop'))).toBe('@@A33,123456789012345,C01,0,12222*DA\r\n');
    expect(send(command('engineResume'))).toBe('@@A33,123456789012345,C01,0,02222*D9\r\n');
  });

  it('arming through output C, or as B21 under meitrack.alternative', () => {
    expect(send(command('alarmArm'))).toBe('@@A33,123456789012345,C01,0,22122*DA\r\n');
    expect(send(command('alarmDisarm'))).toBe('@@A33,123456789012345,C01,0,22022*D9\r\n');
    expect(send(command('alarmArm'), { alternative: false })).toBe('@@A33,123456789012345,C01,0,22122*DA\r\n');
    expect(send(command('alarmArm'), { alternative: true })).toBe('@@A27,123456789012345,B21,1*BA\r\n');
    expect(send(command('alarmDisarm'), { alternative: true })).toBe('@@A27,123456789012345,B21,0*B9\r\n');
  });

  it("takes meitrack.alternative from the device's attributes into the connection", () => {
    expect(send(command('alarmArm'), configuredState(meitrackProtocol, { 'meitrack.alternative': true }))).toBe('@@A27,123456789012345,B21,1*BA\r\n');
    expect(send(command('alarmArm'), configuredState(meitrackProtocol))).toBe('@@A33,123456789012345,C01,0,22122*DA\r\n');
  });

  it("requestPhoto: D03 with the camera (1 unless index names another) and the picture's name, data identifier D, as Traccar's encoder test", () => {
    expect(send(command('requestPhoto'))).toBe('@@D46,123456789012345,D03,1,camera_picture.jpg*1F\r\n');
    expect(send(command('requestPhoto', { index: 0 }))).toBe('@@D46,123456789012345,D03,1,camera_picture.jpg*1F\r\n');
    // one more in the sum than camera 1
    expect(send(command('requestPhoto', { index: 2 }))).toBe('@@D46,123456789012345,D03,2,camera_picture.jpg*20\r\n');
    expect(commandProblem(command('requestPhoto'))).toBeUndefined();
  });

  it("sendSms: C02 with the phone and the message, as Traccar's encoder test", () => {
    expect(send(command('sendSms', { phone: '15360853789', message: 'Meitrack' }))).toBe('@@A48,123456789012345,C02,0,15360853789,Meitrack*8B\r\n');
  });

  it('has nothing for a type it does not take', () => {
    expect(send(command('positionPeriodic', { frequency: 30 }))).toBeUndefined();
    expect(send(command('toString'))).toBeUndefined();
  });

  it('refuses an SMS without its phone or message', () => {
    expect(commandProblem(command('sendSms', { message: 'Meitrack' }))).toBe('sendSms needs attributes.phone and attributes.message');
    expect(commandProblem(command('sendSms', { phone: '15360853789', message: ' ' }))).toBe('sendSms needs attributes.phone and attributes.message');
    expect(commandProblem(command('sendSms', { phone: '15360853789', message: 'Meitrack' }))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { configuredState } from '../../../test/helpers/configured-state.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { tk103Protocol } from './tk103.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });

const standard = configuredState(tk103Protocol);
const alternative = configuredState(tk103Protocol, { 'tk103.alternative': true });
const send = (sent: OutgoingCommand, state = standard) => tk103Protocol.commands!.encode(sent, IMEI, state)?.toString('latin1');

describe('TK103 commands', () => {
  it('lists the types in the order Traccar does', () => {
    expect(tk103Protocol.commands!.types).toEqual([
      'custom', 'getDeviceStatus', 'deviceIdentification', 'modeDeepSleep', 'modePowerSaving', 'alarmSos', 'setConnection', 'sosNumber', 'positionSingle',
      'positionPeriodic', 'positionStop', 'getVersion', 'powerOff', 'rebootDevice', 'setOdometer', 'engineStop', 'engineResume', 'outputControl',
    ]);
  });

  it("(<id><command>) as in Traccar's encoder test", () => {
    expect(send(command('outputControl', { data: '1' }))).toBe('(123456789012345AV001)');
    expect(send(command('engineStop'))).toBe('(123456789012345AV010)');
    expect(send(command('positionSingle'))).toBe('(123456789012345AP00)');
    expect(send(command('positionPeriodic', { frequency: 60 }))).toBe('(123456789012345AR00003C0000)');
    expect(send(command('positionStop'))).toBe('(123456789012345AR0000000000)');
    expect(send(command('getVersion'))).toBe('(123456789012345AP07)');
    expect(send(command('rebootDevice'))).toBe('(123456789012345AT00)');
    expect(send(command('setOdometer', { data: '0' }))).toBe('(123456789012345AX01)');
    expect(send(command('custom', { data: 'AA00' }))).toBe('(123456789012345AA00)');
  });

  it("with tk103.alternative, [begin]sms2,<text>,[end] as in Traccar's encoder test", () => {
    const sms = (sent: OutgoingCommand) => send(sent, alternative);
    expect(sms(command('positionSingle'))).toBe('[begin]sms2,*getposl*,[end]');
    expect(sms(command('positionPeriodic', { frequency: 60 }))).toBe('[begin]sms2,*routetrack*99*,[end]');
    expect(sms(command('positionStop'))).toBe('[begin]sms2,*routetrackoff*,[end]');
    expect(sms(command('getVersion'))).toBe('[begin]sms2,*about*,[end]');
    expect(sms(command('rebootDevice'))).toBe('[begin]sms2,88888888,[end]');
    expect(sms(command('deviceIdentification'))).toBe('[begin]sms2,999999,[end]');
    expect(sms(command('alarmSos', { enable: true }))).toBe('[begin]sms2,*soson*,[end]');
    expect(sms(command('alarmSos', { enable: false }))).toBe('[begin]sms2,*sosoff*,[end]');
    expect(sms(command('custom', { data: 'any text is ok' }))).toBe('[begin]sms2,any text is ok,[end]');
    expect(sms(command('setConnection', { server: '1.2.3.4', port: '5555' }))).toBe('[begin]sms2,*setip*1*2*3*4*5555*,[end]');
    expect(sms(command('sosNumber', { index: '0', phone: '+55555555555', devicePassword: '232323' }))).toBe('[begin]sms2,*master*232323*+55555555555*,[end]');
  });

  it('with tk103.alternative, the other SMS texts; the master number with the factory password unless the device has its own', () => {
    const sms = (sent: OutgoingCommand) => send(sent, alternative);
    expect(sms(command('powerOff'))).toBe('[begin]sms2,*turnoff*,[end]');
    expect(sms(command('getDeviceStatus'))).toBe('[begin]sms2,*status*,[end]');
    expect(sms(command('modeDeepSleep', { enable: true }))).toBe('[begin]sms2,*sleep*2*,[end]');
    expect(sms(command('modeDeepSleep'))).toBe('[begin]sms2,*sleepoff*,[end]');
    expect(sms(command('modePowerSaving', { enable: 'true' }))).toBe('[begin]sms2,*sleepv*,[end]');
    expect(sms(command('modePowerSaving', { enable: false }))).toBe('[begin]sms2,*sleepoff*,[end]');
    expect(sms(command('sosNumber', { phone: '+15550001' }))).toBe('[begin]sms2,*master*123456*+15550001*,[end]');
  });

  it('sends nothing for a type only the other form has', () => {
    expect(send(command('engineStop'), alternative)).toBeUndefined();
    expect(send(command('setOdometer', { data: '0' }), alternative)).toBeUndefined();
    expect(send(command('getDeviceStatus'))).toBeUndefined();
    expect(send(command('powerOff'))).toBeUndefined();
    expect(send(command('alarmArm'))).toBeUndefined();
  });
});

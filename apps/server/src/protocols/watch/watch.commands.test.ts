import { describe, expect, it } from 'vitest';
import { commandProblem } from '../command-fields.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { watchCommands } from './watch.commands.js';
import type { WatchState } from './watch.decoder.js';
import { watchProtocol } from './watch.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
// Traccar's encoder test runs without a connection, so with its default maker CS
const CS: WatchState = { maker: 'CS' };
const latin1 = (sent: OutgoingCommand, state: WatchState = CS, uniqueId = IMEI) => watchCommands.encode(sent, uniqueId, state)?.toString('latin1');

/** The state of a connection that has heard `frame` from its watch. */
const heard = (frame: string): WatchState => {
  const state = watchProtocol.createState() as WatchState;
  watchProtocol.decode(Buffer.from(frame, 'latin1'), { uniqueId: undefined, model: undefined, transport: 'tcp', state, now: () => 0 });
  return state;
};

describe('Watch commands', () => {
  it('lists the types in the order Traccar does', () => {
    expect(watchCommands.types).toEqual([
      'custom', 'positionSingle', 'positionPeriodic', 'sosNumber', 'alarmSos', 'alarmBattery', 'rebootDevice', 'powerOff', 'alarmRemove',
      'silenceTime', 'alarmClock', 'setPhonebook', 'message', 'voiceMessage', 'setTimezone', 'setIndicator',
    ]);
  });

  it("writes the frames of Traccar's encoder test: the length in lower-case hex", () => {
    expect(latin1(command('rebootDevice'))).toBe('[CS*123456789012345*0005*RESET]');
    expect(latin1(command('sosNumber', { index: 1, phone: '123456789' }))).toBe('[CS*123456789012345*000e*SOS1,123456789]');
    expect(latin1(command('message', { message: 'text' }))).toBe('[CS*123456789012345*0018*MESSAGE,0074006500780074]');
    expect(latin1(command('custom', { data: 'WORK,6-9,11-13,13-15,17-19' }))).toBe('[CS*123456789012345*001a*WORK,6-9,11-13,13-15,17-19]');
  });

  it("voiceMessage: the audio in data as its bytes after TK,, with 7D [ ] , * escaped as 7D 01 … 7D 05 (Traccar's encoder test)", () => {
    const voice = (data: string) => watchCommands.encode(command('voiceMessage', { data }), IMEI, CS)?.toString('hex');
    const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');
    expect(voice('2321414d520a2573')).toBe(hexOf('[CS*123456789012345*000b*TK,#!AMR\n%s]'));
    expect(voice('7d5b5d2c2a')).toBe(`${hexOf('[CS*123456789012345*000d*TK,')}7d017d027d037d047d05${hexOf(']')}`);
    expect(voice('ff')).toBe(`${hexOf('[CS*123456789012345*0004*TK,')}ff${hexOf(']')}`);
  });

  it("setTimezone: LZ with the language and the zone's standard offset in hours (Traccar's encoder test)", () => {
    const zone = (timezone: string, language?: number) => latin1(command('setTimezone', { timezone, ...(language === undefined ? {} : { language }) }));
    expect(zone('Europe/Amsterdam')).toBe('[CS*123456789012345*0006*LZ,,+1]');
    expect(zone('GMT+01:30')).toBe('[CS*123456789012345*0008*LZ,,+1.5]');
    expect(zone('Atlantic/Azores')).toBe('[CS*123456789012345*0006*LZ,,-1]');
    expect(zone('GMT-11:30')).toBe('[CS*123456789012345*0009*LZ,,-11.5]');
    expect(zone('GMT+05:45', 0)).toBe('[CS*123456789012345*000a*LZ,0,+5.75]');
    // standard time all year, as Java's raw offset: New York is -5 in summer too; India +5.5, UTC +0
    expect(zone('America/New_York')).toBe('[CS*123456789012345*0006*LZ,,-5]');
    expect(zone('Asia/Kolkata')).toBe('[CS*123456789012345*0008*LZ,,+5.5]');
    expect(zone('UTC', 1)).toBe('[CS*123456789012345*0007*LZ,1,+0]');
  });

  it('the alarm switches as 1 or 0 from enable, off unless set', () => {
    expect(latin1(command('alarmSos', { enable: true }))).toBe('[CS*123456789012345*0008*SOSSMS,1]');
    expect(latin1(command('alarmBattery', { enable: false }))).toBe('[CS*123456789012345*0008*LOWBAT,0]');
    expect(latin1(command('alarmRemove', { enable: 'true' }))).toBe('[CS*123456789012345*0008*REMOVE,1]');
    expect(latin1(command('alarmRemove'))).toBe('[CS*123456789012345*0008*REMOVE,0]');
  });

  it('silent hours, alarm clocks, phone book and indicator carry data as written', () => {
    expect(latin1(command('silenceTime', { data: '21:10-07:30,12:00-14:00' }))).toBe('[CS*123456789012345*0023*SILENCETIME,21:10-07:30,12:00-14:00]');
    expect(latin1(command('alarmClock', { data: '08:10-1-1,08:30-1-3-0111110' }))).toBe('[CS*123456789012345*0022*REMIND,08:10-1-1,08:30-1-3-0111110]');
    expect(latin1(command('setPhonebook', { data: '13800000000,Mom' }))).toBe('[CS*123456789012345*0013*PHB,13800000000,Mom]');
    expect(latin1(command('setIndicator', { data: '5' }))).toBe('[CS*123456789012345*0008*FLOWER,5]');
  });

  it('message: UTF-16 big-endian in lower-case hex, as Traccar writes it', () => {
    expect(latin1(command('message', { message: 'Grüße' }))).toBe('[CS*123456789012345*001c*MESSAGE,0047007200fc00df0065]');
  });

  it("carries the maker the watch writes its frames with, SeTracker's 3G as SG, and ZJ's index", () => {
    expect(latin1(command('positionSingle'), heard('[3G*8800000015*0002*LK]'), '8800000015')).toBe('[SG*8800000015*0002*CR]');
    expect(latin1(command('positionPeriodic', { frequency: 60 }), heard('[CS*8800000015*0002*LK]'), '8800000015')).toBe('[CS*8800000015*0009*UPLOAD,60]');
    expect(latin1(command('powerOff'), heard('[ZJ*5678901234*0001*0002*LK]'), '5678901234')).toBe('[ZJ*5678901234*0001*0008*POWEROFF]');
  });

  it('sends nothing for a voice message without audio in hex, and refuses it and the other incomplete ones with 400', () => {
    expect(latin1(command('voiceMessage', { data: 'not audio' }))).toBeUndefined();
    expect(commandProblem(command('voiceMessage', { data: 'not audio' }))).toBe("voiceMessage needs its text in attributes.message, or a watch's audio in hex pairs in attributes.data");
    expect(commandProblem(command('voiceMessage', { data: '2321414d52' }))).toBeUndefined();
    expect(commandProblem(command('setTimezone', { timezone: 'Mars/Olympus' }))).toBe('setTimezone needs attributes.timezone: UTC, an offset such as GMT+01:30, or a zone name such as Europe/Amsterdam');
    expect(commandProblem(command('setTimezone', { timezone: 'Europe/Amsterdam' }))).toBeUndefined();
    for (const type of ['silenceTime', 'alarmClock', 'setPhonebook', 'setIndicator']) expect(commandProblem(command(type))).toBe(`${type} needs the watch's settings in attributes.data`);
    expect(commandProblem(command('alarmSos'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import { commandProblem } from '../command-fields.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { createJt808Commands } from './jt808.commands.js';
import type { Jt808State } from './jt808.decoder.js';
import { jt808Protocol } from './jt808.protocol.js';

// 2026-03-15 02:11:12 UTC: 10:11:12 on a terminal's GMT+8 clock
const NOW = Date.UTC(2026, 2, 15, 2, 11, 12);
const commands = createJt808Commands(() => NOW);

const PHONE = '079042262206';
// a 2019-layout terminal: 10 BCD bytes of phone after the version byte
const PHONE_2019 = '00000000013912345678';

/** A configured connection state that has heard from the terminal. */
const stateOf = (attributes: Record<string, unknown> = {}, terminal: Jt808State['terminal'] = { phone: Buffer.from(PHONE, 'hex') }): Jt808State => {
  const state = jt808Protocol.createState() as Jt808State;
  jt808Protocol.configure!(state, createDeviceSettings({ device: attributes, groups: [], server: {}, config: {} }));
  state.terminal = terminal;
  return state;
};

const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const send = (sent: OutgoingCommand, model?: string, state = stateOf()) => commands.encode(sent, '79042262206', state, model)?.toString('hex');

/** The frame as JT/T 808 lays it out, built here without the encoder: header, body, XOR, then 7E framing with 7D escaping. */
const frame = (type: number, body: string, phone = PHONE, version?: number): string => {
  const bytes = Buffer.from(body.replace(/\s/g, ''), 'hex');
  const properties = bytes.length | (version === undefined ? 0 : 0x4000);
  const header = [type >> 8, type & 0xff, properties >> 8, properties & 0xff, ...(version === undefined ? [] : [version]), ...Buffer.from(phone, 'hex'), 0, 0];
  const content = [...header, ...bytes];
  const xor = content.reduce((sum, byte) => sum ^ byte, 0);
  const escaped = [...content, xor].flatMap((byte) => (byte === 0x7e ? [0x7d, 0x02] : byte === 0x7d ? [0x7d, 0x01] : [byte]));
  return Buffer.from([0x7e, ...escaped, 0x7e]).toString('hex');
};

const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');

describe('JT808 commands', () => {
  it('lists the types in the order Traccar does, live video last', () => {
    expect(commands.types).toEqual([
      'custom', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'alarmDismiss', 'requestPhoto',
      'powerOff', 'rebootDevice', 'factoryReset', 'message', 'voiceMessage', 'outputControl', 'configuration', 'setConnection', 'setSpeedLimit',
      'videoStart', 'videoStop',
    ]);
  });

  it("asks for a channel's live video at the server's video listener, and ends it", () => {
    const endpoints = { video: { host: 'gps.example.com', port: 1078 } };
    const video = (sent: OutgoingCommand) => commands.encode(sent, '79042262206', stateOf(), undefined, endpoints)?.toString('hex');
    // host length 15, the host, TCP port 1078 (0436), no UDP port, the channel, video only (01), main stream (00)
    const host = Buffer.from('gps.example.com').toString('hex');
    expect(video(command('videoStart'))).toBe(frame(0x9101, `0f ${host} 0436 0000 01 01 00`));
    expect(video(command('videoStart', { index: 3 }))).toBe(frame(0x9101, `0f ${host} 0436 0000 03 01 00`));
    // the channel, close (00), audio and video (00), main stream (00)
    expect(video(command('videoStop', { index: 2 }))).toBe(frame(0x9102, '02 00 00 00'));
    expect(video(command('videoStop'))).toBe(frame(0x9102, '01 00 00 00'));
  });

  it('frames terminal control as written out by hand: 8105, length 1, the phone, serial 0, the command word, the XOR', () => {
    // the header's XOR is 52; each command word changes only the body byte and the checksum
    expect(send(command('powerOff'))).toBe('7e81050001079042262206000003517e');
    expect(send(command('rebootDevice'))).toBe('7e81050001079042262206000004567e');
    expect(send(command('factoryReset'))).toBe('7e81050001079042262206000005577e');
    expect(send(command('engineStop'))).toBe('7e810500010790422622060000f0a27e');
    expect(send(command('engineResume'))).toBe('7e810500010790422622060000f1a37e');
  });

  it('escapes 7E and 7D inside the frame: a 126 s reporting interval', () => {
    const sent = send(command('positionPeriodic', { frequency: 126 }))!;
    expect(sent).toBe(frame(0x8103, '01 00000029 04 0000007e'));
    expect(sent).toContain('7d02');
    expect(sent.slice(2, -2)).not.toContain('7e');
  });

  it('custom: an AT command in parameter F030 for AL300, GL100 and VL300', () => {
    for (const model of ['AL300', 'GL100', 'VL300']) {
      expect(send(command('custom', { data: 'AT+GTOUT' }), model)).toBe(frame(0x8103, `01 0000f030 08 ${hexOf('AT+GTOUT')}`));
    }
  });

  it('custom: a text message with flag 1 in GBK for BSJ, C5 and C5L', () => {
    for (const model of ['BSJ', 'C5', 'C5L']) expect(send(command('custom', { data: 'STATUS#' }), model)).toBe(frame(0x8300, `01 ${hexOf('STATUS#')}`));
    // 你好 in GBK
    expect(send(command('custom', { data: '你好' }), 'BSJ')).toBe(frame(0x8300, '01 c4e3 bac3'));
  });

  it('custom: transparent downlink 8900 with type F0 for the JC models', () => {
    expect(send(command('custom', { data: 'STATUS#' }), 'JC450')).toBe(frame(0x8900, `f0 ${hexOf('STATUS#')}`));
  });

  it('custom for any other model: a frame written in hex as it is, other text as a text message with flag 1', () => {
    for (const model of [undefined, 'X3']) {
      expect(send(command('custom', { data: '7E810500010790422622060000F1A37E' }), model)).toBe('7e810500010790422622060000f1a37e');
      expect(send(command('custom', { data: 'STATUS#' }), model)).toBe(frame(0x8300, `01 ${hexOf('STATUS#')}`));
    }
  });

  it('engine stop and resume in the form of the model: #0;1 and #0;0 for VL300, 64 and 65 for W15L', () => {
    expect(send(command('engineStop'), 'VL300')).toBe(frame(0x8105, hexOf('#0;1')));
    expect(send(command('engineResume'), 'VL300')).toBe(frame(0x8105, hexOf('#0;0')));
    expect(send(command('engineStop'), 'W15L')).toBe(frame(0x8105, '64'));
    expect(send(command('engineResume'), 'W15L')).toBe(frame(0x8105, '65'));
    expect(send(command('engineStop'), 'X3')).toBe(frame(0x8105, 'f0'));
  });

  it('with jt808.alternative: oil control A006 with the time of sending on the terminal clock, GMT+8 unless decoder.timezone says otherwise', () => {
    const alternative = stateOf({ 'jt808.alternative': true });
    expect(send(command('engineStop'), 'VL300', alternative)).toBe(frame(0xa006, '01 260315101112'));
    expect(send(command('engineResume'), undefined, alternative)).toBe(frame(0xa006, '00 260315101112'));
    expect(send(command('engineStop'), undefined, stateOf({ 'jt808.alternative': true, 'decoder.timezone': 'UTC' }))).toBe(frame(0xa006, '01 260315021112'));
    // New York is on daylight saving time (UTC-4) since 8 March 2026
    expect(send(command('engineStop'), undefined, stateOf({ 'jt808.alternative': 'true', 'decoder.timezone': 'America/New_York' }))).toBe(frame(0xa006, '01 260314221112'));
  });

  it('positions: query 8201, temporary tracking 8202 stopped with interval and validity 0', () => {
    expect(send(command('positionSingle'))).toBe(frame(0x8201, ''));
    expect(send(command('positionPeriodic', { frequency: 30 }))).toBe(frame(0x8103, '01 00000029 04 0000001e'));
    expect(send(command('positionStop'))).toBe(frame(0x8202, '0000 00000000'));
  });

  it('alarms: parameter 24 with the arming flag and "user", confirmation 8203 of every alarm', () => {
    expect(send(command('alarmArm'))).toBe(frame(0x8103, `01 00000024 05 01 ${hexOf('user')}`));
    expect(send(command('alarmDisarm'))).toBe(frame(0x8103, `01 00000024 05 00 ${hexOf('user')}`));
    expect(send(command('alarmDismiss'))).toBe(frame(0x8203, '0000 00000000'));
  });

  it('requestPhoto: one photo now on the channel of attributes.index (0 unless given), uploaded, default image settings', () => {
    expect(send(command('requestPhoto', { index: 2 }))).toBe(frame(0x8801, '02 0001 0000 00 000000000000'));
    expect(send(command('requestPhoto'))).toBe(frame(0x8801, '00 0001 0000 00 000000000000'));
  });

  it('message and voiceMessage: text messages 8300 to show (flag 4) or read out (flag 8), in GBK', () => {
    expect(send(command('message', { message: 'Hi' }))).toBe(frame(0x8300, `04 ${hexOf('Hi')}`));
    expect(send(command('voiceMessage', { message: '你好' }))).toBe(frame(0x8300, '08 c4e3 bac3'));
  });

  it('outputControl, configuration, setConnection and setSpeedLimit', () => {
    expect(send(command('outputControl', { index: 1 }))).toBe(frame(0x8500, '01'));
    expect(send(command('outputControl'))).toBe(frame(0x8500, '00'));
    expect(send(command('configuration'))).toBe(frame(0x8104, ''));
    // port 5015 = 0x1397
    expect(send(command('setConnection', { server: 'gps.example.com', port: 5015 }))).toBe(frame(0x8103, `02 00000013 0f ${hexOf('gps.example.com')} 00000018 04 00001397`));
    // 80 km/h for 35 s
    expect(send(command('setSpeedLimit', { data: '80' }))).toBe(frame(0x8103, '02 00000055 04 00000050 00000056 04 00000023'));
  });

  it('addresses a 2019-layout terminal with the version flag, its version byte and its 10-byte phone', () => {
    const state = stateOf({}, { phone: Buffer.from(PHONE_2019, 'hex'), version: 1 });
    expect(send(command('rebootDevice'), undefined, state)).toBe(frame(0x8105, '04', PHONE_2019, 1));
    expect(send(command('message', { message: 'Hi' }), undefined, state)).toBe(frame(0x8300, `04 ${hexOf('Hi')}`, PHONE_2019, 1));
    expect(send(command('rebootDevice'), undefined, state)!.slice(2, 12)).toBe('8105400101');
  });

  it('has nothing for a type it does not take, nor before the terminal has sent a message', () => {
    expect(send(command('sosNumber', { phone: '+15550001' }))).toBeUndefined();
    // live video needs the server's video listener, which a server without WEB_URL cannot name
    expect(send(command('videoStart'))).toBeUndefined();
    expect(send(command('toString'))).toBeUndefined();
    expect(send(command('rebootDevice'), undefined, jt808Protocol.createState() as Jt808State)).toBeUndefined();
    expect(commands.encode(command('rebootDevice'), '79042262206', undefined)).toBeUndefined();
  });

  it('refuses the commands that lack what they need', () => {
    expect(commandProblem(command('message', { message: ' ' }))).toBe('message needs its text in attributes.message');
    expect(commandProblem(command('voiceMessage'))).toBe('voiceMessage needs its text in attributes.message');
    expect(commandProblem(command('setConnection', { server: 'gps.example.com' }))).toBe('setConnection needs attributes.server and attributes.port, 1 to 65535');
    expect(commandProblem(command('setConnection', { port: 5015 }))).toBe('setConnection needs attributes.server and attributes.port, 1 to 65535');
    expect(commandProblem(command('setConnection', { server: 'gps.example.com', port: 70000 }))).toBeDefined();
    expect(commandProblem(command('setSpeedLimit', { data: 'fast' }))).toBe('setSpeedLimit needs attributes.data, the speed limit in km/h, above 0');
    expect(commandProblem(command('setSpeedLimit', { data: '0' }))).toBeDefined();
    expect(commandProblem(command('setConnection', { server: 'gps.example.com', port: '5015' }))).toBeUndefined();
    expect(commandProblem(command('setSpeedLimit', { data: 80 }))).toBeUndefined();
    expect(commandProblem(command('requestPhoto'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { commandProblem } from './command-fields.js';
import { gl200Commands } from './gl200/gl200.commands.js';
import { gps103Commands } from './gps103/gps103.commands.js';
import { gt06Commands } from './gt06/gt06.commands.js';
import { gt06Protocol } from './gt06/gt06.protocol.js';
import { createDeviceSettings } from '../processing/settings/device-settings.js';
import { jt808Protocol } from './jt808/jt808.protocol.js';
import { loadVectors } from '../../test/helpers/protocol-vectors.js';
import { createH02Commands } from './h02/h02.commands.js';
import { h02Protocol } from './h02/h02.protocol.js';
import { meitrackCommand } from './meitrack/meitrack.encoder.js';
import { meitrackCommands } from './meitrack/meitrack.commands.js';
import type { OutgoingCommand, ProtocolCommands } from './protocol-definition.js';
import { ruptelaCommands } from './ruptela/ruptela.commands.js';
import { crc16Kermit } from './transport/crc16.js';
import { suntechCommands } from './suntech/suntech.commands.js';
import { teltonikaCommands } from './teltonika/teltonika.commands.js';
import { tk103Commands } from './tk103/tk103.commands.js';
import { watchProtocol } from './watch/watch.protocol.js';

const IMEI = '123456789012345';
const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const hex = (commands: ProtocolCommands, sent: OutgoingCommand, uniqueId = IMEI) => commands.encode(sent, uniqueId, undefined)?.toString('hex');
const text = (commands: ProtocolCommands, sent: OutgoingCommand, uniqueId = IMEI) => commands.encode(sent, uniqueId, undefined)?.toString('latin1');

describe('protocol commands', () => {
  it('GT06: engine stop as the 0x80 packet Traccar sends (Relay,1#, serial 0, X-25 CRC)', () => {
    expect(hex(gt06Commands, command('engineStop'))).toBe('787812800c0000000052656c61792c312300009dee0d0a');
    expect(text(gt06Commands, command('engineResume'))).toContain('Relay,0#');
    expect(text(gt06Commands, command('custom', { data: 'WHERE#' }))).toContain('WHERE#');
  });

  it('GT06 with gt06.alternative: DYD and HFYD with the password, as in the older encoder test of Traccar (DYD,000000#)', () => {
    const state = gt06Protocol.createState();
    gt06Protocol.configure!(state, createDeviceSettings({ device: { 'gt06.alternative': true }, groups: [], server: {}, config: {} }));
    const gt06 = (sent: OutgoingCommand) => gt06Protocol.commands!.encode(sent, IMEI, state)?.toString('hex');
    expect(gt06(command('engineStop', { devicePassword: '000000' }))).toBe('787815800f000000004459442c303030303030230000e6c40d0a');
    expect(Buffer.from(gt06(command('engineResume'))!, 'hex').toString('latin1')).toContain('HFYD,123456#');
  });

  it("Teltonika: a custom command in codec 12, as Traccar's encoder test has it: text as it is, hex data as its bytes", () => {
    expect(hex(teltonikaCommands, command('custom', { data: 'setdigout 11' }))).toBe('00000000000000140c01050000000c7365746469676f7574203131010000bed5');
    expect(hex(teltonikaCommands, command('custom', { data: '03030000000185E8' }))).toBe('00000000000000100c01050000000803030000000185e8010000da8b');
    // an odd number of digits is no byte string: sent as text
    expect(Buffer.from(hex(teltonikaCommands, command('custom', { data: 'ABC' }))!, 'hex').subarray(15, 18).toString('latin1')).toBe('ABC');
    expect(hex(teltonikaCommands, command('positionSingle'))).toBeUndefined();
  });

  it('Teltonika: engine stop and resume switch digital output 1 (setdigout 1 / 0)', () => {
    const engineStop = Buffer.from(hex(teltonikaCommands, command('engineStop'))!, 'hex');
    expect(engineStop.subarray(15, 15 + engineStop.readUInt32BE(11)).toString('latin1')).toBe('setdigout 1');
    expect(engineStop.toString('hex')).toBe(hex(teltonikaCommands, command('custom', { data: 'setdigout 1' })));
    expect(hex(teltonikaCommands, command('engineResume'))).toBe(hex(teltonikaCommands, command('custom', { data: 'setdigout 0' })));
  });

  it('H02: *HQ sentences with the UTC time of sending', () => {
    const h02 = createH02Commands(() => Date.UTC(2026, 10, 30, 6, 5, 4));
    expect(text(h02, command('engineStop'), '4210051415')).toBe('*HQ,4210051415,S20,060504,1,1#');
    expect(text(h02, command('engineResume'), '4210051415')).toBe('*HQ,4210051415,S20,060504,1,0#');
    expect(text(h02, command('alarmArm'), '4210051415')).toBe('*HQ,4210051415,SCF,060504,0,0#');
    expect(text(h02, command('alarmDisarm'), '4210051415')).toBe('*HQ,4210051415,SCF,060504,1,1#');
    expect(text(h02, command('positionPeriodic', { frequency: 30 }), '4210051415')).toBe('*HQ,4210051415,S71,060504,22,30#');
  });

  it('H02 with h02.alternative: periodic tracking as D1, the other commands as they were', () => {
    const state = h02Protocol.createState();
    h02Protocol.configure!(state, createDeviceSettings({ device: { 'h02.alternative': true }, groups: [], server: {}, config: {} }));
    const h02 = createH02Commands(() => Date.UTC(2026, 10, 30, 6, 5, 4));
    const sent = (type: string, attributes = {}) => h02.encode(command(type, attributes), '4210051415', state)?.toString('latin1');
    expect(sent('positionPeriodic', { frequency: 30 })).toBe('*HQ,4210051415,D1,060504,30#');
    expect(sent('engineStop')).toBe('*HQ,4210051415,S20,060504,1,1#');
  });

  it('TK103: engine stop and resume as protocols.md lists them, periodic tracking with its interval in hex', () => {
    expect(text(tk103Commands, command('engineStop'))).toBe('(123456789012345AV010)');
    expect(text(tk103Commands, command('engineResume'))).toBe('(123456789012345AV011)');
    expect(text(tk103Commands, command('positionStop'))).toBe('(123456789012345AR0000000000)');
    expect(text(tk103Commands, command('positionPeriodic', { frequency: 60 }))).toBe('(123456789012345AR00003C0000)');
    expect(text(tk103Commands, command('positionSingle'))).toBe('(123456789012345AP00)');
  });

  it('GPS103 (Coban): **,imei: commands', () => {
    expect(text(gps103Commands, command('engineStop'))).toBe('**,imei:123456789012345,J');
    expect(text(gps103Commands, command('engineResume'))).toBe('**,imei:123456789012345,K');
    expect(text(gps103Commands, command('custom', { data: 'C,30s' }))).toBe('**,imei:123456789012345,C,30s');
    // the interval in whole hours, minutes or seconds
    expect([30, 300, 7200].map((frequency) => text(gps103Commands, command('positionPeriodic', { frequency })))).toEqual([
      '**,imei:123456789012345,C,30s', '**,imei:123456789012345,C,05m', '**,imei:123456789012345,C,02h',
    ]);
    expect(text(gps103Commands, command('positionStop'))).toBe('**,imei:123456789012345,D');
  });

  it("Queclink: a custom AT command as written, a position request with the device's password", () => {
    expect(text(gl200Commands, command('custom', { data: 'AT+GTOUT=gl300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$' }))).toBe('AT+GTOUT=gl300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    expect(text(gl200Commands, command('positionSingle', { devicePassword: 'gl300' }))).toBe('AT+GTRTO=gl300,1,,,,,,FFFF$');
  });

  it("Meitrack: @@ commands with their length and byte sum, as protocols.md's example", () => {
    expect(meitrackCommand('A', IMEI, 'A10').toString('latin1')).toBe('@@A25,123456789012345,A10*58\r\n');
    expect(text(meitrackCommands, command('positionSingle'))).toBe('@@A25,123456789012345,A10*58\r\n');
  });

  it('Watch: commands carry the maker code the watch writes its own frames with, 3G as SG as Traccar writes it', () => {
    const state = watchProtocol.createState();
    watchProtocol.decode(Buffer.from('[3G*8800000015*0002*LK]', 'latin1'), { uniqueId: undefined, model: undefined, transport: 'tcp', state, now: () => 0 });
    const watch = (sent: OutgoingCommand) => watchProtocol.commands!.encode(sent, '8800000015', state)?.toString('latin1');
    expect(watch(command('positionSingle'))).toBe('[SG*8800000015*0002*CR]');
    expect(watch(command('positionPeriodic', { frequency: 60 }))).toBe('[SG*8800000015*0009*UPLOAD,60]');
    expect(watch(command('sosNumber', { index: 2, phone: '+15550001' }))).toBe('[SG*8800000015*000e*SOS2,+15550001]');
    // UTF-16 big-endian in hex: H = 0048, i = 0069
    expect(watch(command('message', { message: 'Hi' }))).toBe('[SG*8800000015*0010*MESSAGE,00480069]');
  });

  it("JT808: terminal control addressed with the phone number of the terminal's own messages", () => {
    const state = jt808Protocol.createState();
    const jt808 = (sent: OutgoingCommand) => jt808Protocol.commands!.encode(sent, '79042262206', state)?.toString('hex');
    expect(jt808(command('engineStop'))).toBeUndefined();
    // a captured 0x0200 location of terminal 079042262206 (shared/reference/vectors/jt808.json)
    const location = loadVectors('jt808').find((vector) => vector.message.startsWith('7e0200004107904226220608ca'))!;
    jt808Protocol.decode(Buffer.from(location.message, 'hex'), { uniqueId: undefined, model: undefined, transport: 'tcp', state, now: () => 0 });
    // 8105, one byte of body, the phone, serial 0, F0 (stop), then the XOR of all of it (A2)
    expect(jt808(command('engineStop'))).toBe('7e810500010790422622060000f0a27e');
    // a custom command written as a whole frame in hex goes as it is
    expect(jt808(command('custom', { data: '7E810500010790422622060000F1A37E' }))).toBe('7e810500010790422622060000f1a37e');
    // any other text goes as a text message (0x8300): flag 1, the text; its length 8 in the properties
    const content = `830000080790422622060000${Buffer.from('\x01STATUS#', 'latin1').toString('hex')}`;
    const xor = [...Buffer.from(content, 'hex')].reduce((sum, byte) => sum ^ byte, 0);
    expect(jt808(command('custom', { data: 'STATUS#' }))).toBe(`7e${content}${xor.toString(16).padStart(2, '0')}7e`);
  });

  it('Ruptela: a custom text as command 108 (100 + 8), length-prefixed with its CRC-16/KERMIT', () => {
    const packet = ruptelaCommands.encode(command('custom', { data: 'pass immobilizer 10' }), IMEI, undefined)!;
    expect(packet.readUInt16BE(0)).toBe(20);
    expect(packet[2]).toBe(108);
    expect(packet.subarray(3, 22).toString('latin1')).toBe('pass immobilizer 10');
    expect(packet.readUInt16BE(22)).toBe(crc16Kermit(packet.subarray(2, 22)));
  });

  it('Suntech: SA200 commands with the device ID before any message, each ended by a carriage return', () => {
    expect(text(suntechCommands, command('engineStop'), '205000001')).toBe('SA200CMD;205000001;02;Enable1\r');
    expect(text(suntechCommands, command('engineResume'), '205000001')).toBe('SA200CMD;205000001;02;Disable1\r');
    expect(text(suntechCommands, command('positionSingle'), '205000001')).toBe('SA200CMD;205000001;02;StatusReq\r');
    expect(text(suntechCommands, command('rebootDevice'), '205000001')).toBe('SA200CMD;205000001;02;Reboot\r');
    expect(text(suntechCommands, command('custom', { data: 'ST300CMD;205000001;02;Enable3' }), '205000001')).toBe('ST300CMD;205000001;02;Enable3\r');
  });

  it('refuses a custom command without text and a periodic one without a frequency', () => {
    expect(commandProblem(command('custom', { data: ' ' }))).toBe('A custom command needs its text in attributes.data');
    expect(commandProblem(command('positionPeriodic'))).toBe('positionPeriodic needs attributes.frequency, in seconds, above 0');
    expect(commandProblem(command('engineStop'))).toBeUndefined();
  });
});

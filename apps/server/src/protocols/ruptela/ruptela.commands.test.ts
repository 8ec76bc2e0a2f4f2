import { describe, expect, it } from 'vitest';
import { commandProblem } from '../command-fields.js';
import type { OutgoingCommand } from '../protocol-definition.js';
import { ruptelaCommands } from './ruptela.commands.js';

const command = (type: string, attributes: Record<string, unknown> = {}): OutgoingCommand => ({ type, attributes });
const send = (sent: OutgoingCommand) => ruptelaCommands.encode(sent, '013226009991924', undefined)?.toString('hex');
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');

// each packet: 2-byte length of what follows up to the CRC, the type + 100, the content, CRC-16/KERMIT of type and content
describe('Ruptela commands', () => {
  it('lists the types in the order Traccar does', () => {
    expect(ruptelaCommands.types).toEqual(['custom', 'engineStop', 'engineResume', 'requestPhoto', 'configuration', 'getVersion', 'firmwareUpdate', 'outputControl', 'setConnection', 'setOdometer']);
  });

  it("custom: a text as an SMS over the connection (108), data in hex pairs as it is, as Traccar's encoder test", () => {
    expect(send(command('custom', { data: ' Setio 2,1' }))).toBe('000b6c20536574696f20322c31eb3e');
    expect(send(command('custom', { data: '000b890100000000007fffffff89f0' }))).toBe('000b890100000000007fffffff89f0');
  });

  it('engine stop and resume: the immobilizer texts as SMS over the connection (108)', () => {
    expect(send(command('engineStop'))).toBe(`00146c${hexOf('pass immobilizer 10')}bc22`);
    expect(send(command('engineResume'))).toBe(`00106c${hexOf('pass resetimmob')}ee1f`);
  });

  it("requestPhoto (137): sub-command 1, source 0, from timestamp 0 to 0x7FFFFFFF, the packet of Traccar's encoder test", () => {
    expect(send(command('requestPhoto'))).toBe('000b890100000000007fffffff89f0');
  });

  it('configuration (102): the text and CRLF; getVersion (103): no content', () => {
    expect(send(command('configuration', { data: '#cfg_get@' }))).toBe(`000c66${hexOf('#cfg_get@\r\n')}5288`);
    expect(send(command('getVersion'))).toBe('00016717b9');
  });

  it('firmwareUpdate (104): the start word |FU_STRT* and CRLF', () => {
    expect(send(command('firmwareUpdate'))).toBe(`000c68${hexOf('|FU_STRT*\r\n')}b66b`);
  });

  it('outputControl (117): index and data as 4-byte integers', () => {
    expect(send(command('outputControl', { index: 2, data: '1' }))).toBe('00097500000002000000019bd7');
  });

  it('setConnection (105): server,port,TCP', () => {
    expect(send(command('setConnection', { server: 'gps.example.com', port: 5046 }))).toBe(`001969${hexOf('gps.example.com,5046,TCP')}0a3c`);
  });

  it('setOdometer (106): data as a 4-byte integer', () => {
    // 123456 = 0x0001E240
    expect(send(command('setOdometer', { data: '123456' }))).toBe('00056a0001e2402fea');
    expect(send(command('setOdometer', { data: 4294967295 }))).toBe('00056affffffff1e82');
  });

  it('has nothing for a type it does not take', () => {
    expect(send(command('alarmArm'))).toBeUndefined();
    expect(send(command('toString'))).toBeUndefined();
  });

  it('refuses an odometer value that is not a whole number of 4 bytes', () => {
    const problem = 'setOdometer needs attributes.data, the odometer value, a whole number from 0 to 4294967295';
    expect(commandProblem(command('setOdometer'))).toBe(problem);
    expect(commandProblem(command('setOdometer', { data: '12.5' }))).toBe(problem);
    expect(commandProblem(command('setOdometer', { data: '-1' }))).toBe(problem);
    expect(commandProblem(command('setOdometer', { data: 4294967296 }))).toBe(problem);
    expect(commandProblem(command('setOdometer', { data: 0 }))).toBeUndefined();
    expect(commandProblem(command('setOdometer', { data: ' 123456 ' }))).toBeUndefined();
  });
});

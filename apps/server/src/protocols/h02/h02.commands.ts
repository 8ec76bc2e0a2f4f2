import type { ProtocolCommands } from '../protocol-definition.js';
import { commandInteger } from '../command-fields.js';
import type { H02State } from './h02.decoder.js';

/** Each type's command word and arguments (reference/protocols.md §4, Commands); `alternative` is the device's h02.alternative. */
const ARGUMENTS: Record<string, (frequency: number, alternative: boolean) => string> = {
  engineStop: () => 'S20,1,1',
  engineResume: () => 'S20,1,0',
  alarmArm: () => 'SCF,0,0',
  alarmDisarm: () => 'SCF,1,1',
  positionPeriodic: (frequency, alternative) => (alternative ? `D1,${frequency}` : `S71,22,${frequency}`),
};

/** `*HQ,<id>,<command>,<HHmmss UTC>,<arguments>#`. */
const sentence = (uniqueId: string, [word, ...args]: string[], now: number): Buffer =>
  Buffer.from(`*HQ,${uniqueId},${word},${new Date(now).toISOString().slice(11, 19).replaceAll(':', '')},${args.join(',')}#`, 'latin1');

export const createH02Commands = (now: () => number = Date.now): ProtocolCommands => ({
  types: ['engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'positionPeriodic'],
  encode: (command, uniqueId, state) => {
    const args = ARGUMENTS[command.type];
    const alternative = (state as H02State | undefined)?.alternative ?? false;
    return args ? sentence(uniqueId, args(commandInteger(command, 'frequency'), alternative).split(','), now()) : undefined;
  },
});

export const h02Commands = createH02Commands();

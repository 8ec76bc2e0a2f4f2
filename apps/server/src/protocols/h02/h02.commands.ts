import type { ProtocolCommands } from '../protocol-definition.js';
import { commandInteger } from '../command-fields.js';

/** Each type's command word and arguments (reference/protocols.md §4, Commands). */
const ARGUMENTS: Record<string, (frequency: number) => string> = {
  engineStop: () => 'S20,1,1',
  engineResume: () => 'S20,1,0',
  alarmArm: () => 'SCF,0,0',
  alarmDisarm: () => 'SCF,1,1',
  positionPeriodic: (frequency) => `S71,22,${frequency}`,
};

/** `*HQ,<id>,<command>,<HHmmss UTC>,<arguments>#`. */
const sentence = (uniqueId: string, [word, ...args]: string[], now: number): Buffer =>
  Buffer.from(`*HQ,${uniqueId},${word},${new Date(now).toISOString().slice(11, 19).replaceAll(':', '')},${args.join(',')}#`, 'latin1');

export const createH02Commands = (now: () => number = Date.now): ProtocolCommands => ({
  types: ['engineStop', 'engineResume', 'alarmArm', 'alarmDisarm', 'positionPeriodic'],
  encode: (command, uniqueId) => {
    const args = ARGUMENTS[command.type];
    return args ? sentence(uniqueId, args(commandInteger(command, 'frequency')).split(','), now()) : undefined;
  },
});

export const h02Commands = createH02Commands();

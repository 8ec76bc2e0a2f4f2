import type { OutgoingCommand } from './protocol-definition.js';

/** A command parameter as text (`data`, `devicePassword`, …); empty when absent. */
export const commandText = (command: OutgoingCommand, key: string): string => {
  const value = command.attributes[key];
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/** A whole-number command parameter (`frequency` in seconds, …); 0 when absent or not a number. */
export const commandInteger = (command: OutgoingCommand, key: string): number => {
  const value = Number(command.attributes[key]);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
};

/** The problem with a command's parameters that no protocol could send it with, if any. */
export const commandProblem = (command: OutgoingCommand): string | undefined => {
  if (command.type === 'custom' && !commandText(command, 'data').trim()) return 'A custom command needs its text in attributes.data';
  if (command.type === 'positionPeriodic' && commandInteger(command, 'frequency') <= 0) return 'positionPeriodic needs attributes.frequency, in seconds, above 0';
  return undefined;
};

import { commandInteger, commandText, textCommands } from '../command-fields.js';

/** An interval as the trackers take it: whole hours, else whole minutes, else seconds, two digits and the unit (`30s`, `05m`, `02h`). */
const intervalOf = (seconds: number): string => {
  const [value, unit] = seconds >= 3600 ? [Math.trunc(seconds / 3600), 'h'] : seconds >= 60 ? [Math.trunc(seconds / 60), 'm'] : [seconds, 's'];
  return `${String(value).padStart(2, '0')}${unit}`;
};

/**
 * `**,imei:<imei>,<command>`, as the server's SOS reply is written, in the order Traccar lists the
 * types: locate now, report every interval, stop reporting (D), cut and restore the fuel line, arm
 * and disarm, take a photo (160).
 */
export const gps103Commands = textCommands(
  {
    custom: (command) => commandText(command, 'data'),
    positionSingle: () => 'B',
    positionPeriodic: (command) => `C,${intervalOf(commandInteger(command, 'frequency'))}`,
    positionStop: () => 'D',
    engineStop: () => 'J',
    engineResume: () => 'K',
    alarmArm: () => 'L',
    alarmDisarm: () => 'M',
    requestPhoto: () => '160',
  },
  (body, uniqueId) => Buffer.from(`**,imei:${uniqueId},${body}`, 'latin1'),
);

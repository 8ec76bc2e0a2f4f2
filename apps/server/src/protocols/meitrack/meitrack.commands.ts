import type { OutgoingCommand, ProtocolCommands } from '../protocol-definition.js';
import { commandInteger, commandText, entryOf, typesOf, type CommandTable } from '../command-fields.js';
import { MEITRACK_CAMERA_PICTURE, meitrackCommand } from './meitrack.encoder.js';

/** What the commands read of a connection's state: `meitrack.alternative`, arming as B21 rather than C01. */
export interface MeitrackCommandState {
  alternative: boolean;
}

/** A command's data identifier and its code with fields. */
type Parts = [flag: string, body: string];
type Build = (command: OutgoingCommand, alternative: boolean) => Parts;

// the data identifier, which the device's answer repeats: A, but D for the photo, as the device's D03,OK answer carries it
const BUILDS: CommandTable<Build> = {
  custom: (command) => ['A', commandText(command, 'data')],
  positionSingle: () => ['A', 'A10'],
  // C01,<speed, 0 for at once>,<outputs A to E: 1 on, 0 off, 2 as they are>
  engineStop: () => ['A', 'C01,0,12222'],
  engineResume: () => ['A', 'C01,0,02222'],
  alarmArm: (_command, alternative) => ['A', alternative ? 'B21,1' : 'C01,0,22122'],
  alarmDisarm: (_command, alternative) => ['A', alternative ? 'B21,0' : 'C01,0,22022'],
  // D03,<camera, from 1>,<name for the picture>: the device answers D03,OK and the photo exchange begins
  requestPhoto: (command) => ['D', `D03,${Math.max(1, commandInteger(command, 'index'))},${MEITRACK_CAMERA_PICTURE}`],
  sendSms: (command) => ['A', `C02,0,${commandText(command, 'phone')},${commandText(command, 'message')}`],
};

/** `@@<flag><length>,<imei>,<code and fields>*<cs>\r\n`; a custom command is its code and fields (`C01,0,12222`). */
export const meitrackCommands: ProtocolCommands = {
  types: typesOf(BUILDS),
  encode: (command, uniqueId, state) => {
    const build = entryOf(BUILDS, command.type);
    if (!build) return undefined;
    const [flag, body] = build(command, (state as MeitrackCommandState | undefined)?.alternative === true);
    return meitrackCommand(flag, uniqueId, body);
  },
};

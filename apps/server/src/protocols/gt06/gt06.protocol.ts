import { gt06Commands } from './gt06.commands.js';
import { parseTimeZone, UTC_ZONE } from '../device-time-zone.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeGt06, type Gt06State } from './gt06.decoder.js';
import { createGt06Framer, GT06_MAX_FRAME } from './gt06.framer.js';

/** GT06 / Concox binary protocol on TCP 5023. */
export const gt06Protocol = defineProtocol<Gt06State>({
  name: 'gt06',
  transports: ['tcp'],
  createFramer: createGt06Framer,
  maxFrameLength: GT06_MAX_FRAME,
  createState: () => ({ zone: UTC_ZONE, loginZone: undefined, alternative: false }),
  // a login that names its zone wins, also when the settings are read again while it stays connected
  configure: (state, settings) => {
    state.zone = state.loginZone ?? parseTimeZone(settings.string('decoder.timezone')) ?? UTC_ZONE;
    state.alternative = settings.boolean('gt06.alternative');
    state.language = settings.boolean('gt06.language');
  },
  decode: decodeGt06,
  commands: gt06Commands,
});

import { teltonikaCommands } from './teltonika.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeTeltonika, type TeltonikaState } from './teltonika.decoder.js';
import { createTeltonikaFramer, TELTONIKA_MAX_FRAME } from './teltonika.framer.js';

/** Teltonika FM devices (codecs 8, 8 Extended, 16; 12/13 replies; GH3000) on TCP and UDP 5027. */
export const teltonikaProtocol = defineProtocol<TeltonikaState>({
  name: 'teltonika',
  transports: ['tcp', 'udp'],
  createFramer: createTeltonikaFramer,
  maxFrameLength: TELTONIKA_MAX_FRAME,
  createState: () => ({ extended: false }),
  configure: (state, settings) => {
    state.extended = settings.boolean('teltonika.extended');
  },
  decode: decodeTeltonika,
  commands: teltonikaCommands,
});

import { tk103Commands, type Tk103State } from './tk103.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeTk103 } from './tk103.decoder.js';
import { createTk103Framer, TK103_MAX_FRAME } from './tk103.framer.js';

/** Traccar's "tk103": parenthesised TK103-2 / Xexun-style clones on TCP and UDP 5002. */
export const tk103Protocol = defineProtocol<Tk103State>({
  name: 'tk103',
  transports: ['tcp', 'udp'],
  createFramer: createTk103Framer,
  maxFrameLength: TK103_MAX_FRAME,
  createState: () => ({ alternative: false }),
  configure: (state, settings) => {
    state.alternative = settings.boolean('tk103.alternative');
  },
  decode: decodeTk103,
  commands: tk103Commands,
});

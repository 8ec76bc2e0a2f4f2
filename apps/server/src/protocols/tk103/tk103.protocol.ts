import { tk103Commands } from './tk103.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeTk103 } from './tk103.decoder.js';
import { createTk103Framer, TK103_MAX_FRAME } from './tk103.framer.js';

/** Traccar's "tk103": parenthesised TK103-2 / Xexun-style clones on TCP and UDP 5002. */
export const tk103Protocol = defineProtocol<undefined>({
  name: 'tk103',
  transports: ['tcp', 'udp'],
  createFramer: createTk103Framer,
  maxFrameLength: TK103_MAX_FRAME,
  createState: () => undefined,
  decode: decodeTk103,
  commands: tk103Commands,
});

import { ruptelaCommands } from './ruptela.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeRuptela } from './ruptela.decoder.js';
import { createRuptelaFramer, RUPTELA_MAX_FRAME } from './ruptela.framer.js';

/** Ruptela FM-Eco/Pro/Tco records on TCP 5046. */
export const ruptelaProtocol = defineProtocol<undefined>({
  name: 'ruptela',
  transports: ['tcp'],
  createFramer: createRuptelaFramer,
  maxFrameLength: RUPTELA_MAX_FRAME,
  createState: () => undefined,
  decode: decodeRuptela,
  commands: ruptelaCommands,
});

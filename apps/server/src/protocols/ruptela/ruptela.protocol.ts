import { ruptelaCommands } from './ruptela.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeRuptela } from './ruptela.decoder.js';
import type { RuptelaState } from './ruptela-files.decoder.js';
import { createRuptelaFramer, RUPTELA_MAX_FRAME } from './ruptela.framer.js';

/** Ruptela FM-Eco/Pro/Tco records, and photos (command 37), on TCP 5046. */
export const ruptelaProtocol = defineProtocol<RuptelaState>({
  name: 'ruptela',
  transports: ['tcp'],
  createFramer: createRuptelaFramer,
  maxFrameLength: RUPTELA_MAX_FRAME,
  createState: () => ({}),
  decode: decodeRuptela,
  commands: ruptelaCommands,
});

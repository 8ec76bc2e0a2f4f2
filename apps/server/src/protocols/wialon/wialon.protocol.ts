import { defineProtocol } from '../protocol-definition.js';
import { wialonCommands } from './wialon.commands.js';
import { decodeWialon } from './wialon.decoder.js';
import { createWialonFramer, WIALON_MAX_FRAME } from './wialon.framer.js';

/** Wialon IPS trackers and apps on TCP and UDP 5039. */
export const wialonProtocol = defineProtocol<Record<string, never>>({
  name: 'wialon',
  transports: ['tcp', 'udp'],
  createFramer: createWialonFramer,
  maxFrameLength: WIALON_MAX_FRAME,
  createState: () => ({}),
  decode: decodeWialon,
  commands: wialonCommands,
});

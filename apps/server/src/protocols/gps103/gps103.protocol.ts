import { gps103Commands } from './gps103.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeGps103 } from './gps103.decoder.js';
import { createGps103Framer, GPS103_MAX_FRAME } from './gps103.framer.js';

/** Genuine Coban TK103/TK303 "imei:" messages on TCP and UDP 5001. */
export const gps103Protocol = defineProtocol<undefined>({
  name: 'gps103',
  transports: ['tcp', 'udp'],
  createFramer: createGps103Framer,
  maxFrameLength: GPS103_MAX_FRAME,
  createState: () => undefined,
  decode: decodeGps103,
  commands: gps103Commands,
});

import { gps103Commands } from './gps103.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeGps103 } from './gps103.decoder.js';
import type { Gps103State } from './gps103-photo.js';
import { createGps103Framer, GPS103_MAX_FRAME } from './gps103.framer.js';

/** Genuine Coban TK103/TK303 "imei:" messages on TCP and UDP 5001; photos come in `vr` parts. */
export const gps103Protocol = defineProtocol<Gps103State>({
  name: 'gps103',
  transports: ['tcp', 'udp'],
  createFramer: createGps103Framer,
  maxFrameLength: GPS103_MAX_FRAME,
  createState: () => ({}),
  decode: decodeGps103,
  commands: gps103Commands,
});

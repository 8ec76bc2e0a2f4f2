import { gl200Commands } from './gl200.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeGl200, type Gl200State } from './gl200.decoder.js';
import { createGl200Framer, GL200_MAX_FRAME } from './gl200.framer.js';

/** Queclink GL200/GV/GL300 text and binary reports on TCP and UDP 5004. */
export const gl200Protocol = defineProtocol<Gl200State>({
  name: 'gl200',
  transports: ['tcp', 'udp'],
  createFramer: createGl200Framer,
  maxFrameLength: GL200_MAX_FRAME,
  createState: () => ({ ack: false }),
  configure: (state, settings) => {
    state.ack = settings.boolean('gl200.ack');
  },
  decode: decodeGl200,
  commands: gl200Commands,
});

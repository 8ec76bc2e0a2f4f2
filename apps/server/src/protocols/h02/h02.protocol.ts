import { h02Commands } from './h02.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeH02, type H02State } from './h02.decoder.js';
import { createH02Framer, H02_MAX_FRAME } from './h02.framer.js';

/** H02 ("HQ", Sinotrack) text and binary reports on TCP and UDP 5013. */
export const h02Protocol = defineProtocol<H02State>({
  name: 'h02',
  transports: ['tcp', 'udp'],
  createFramer: createH02Framer,
  maxFrameLength: H02_MAX_FRAME,
  createState: () => ({ ack: false, alternative: false }),
  configure: (state, settings) => {
    state.ack = settings.boolean('h02.ack');
    state.alternative = settings.boolean('h02.alternative');
  },
  decode: decodeH02,
  commands: h02Commands,
});

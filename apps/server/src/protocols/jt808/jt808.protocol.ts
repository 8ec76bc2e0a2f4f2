import { defineProtocol } from '../protocol-definition.js';
import { decodeJt808 } from './jt808.decoder.js';
import { createJt808Framer, JT808_MAX_FRAME } from './jt808.framer.js';

/** JT/T 808 (Huabao and Chinese national-standard devices) on TCP 5015. */
export const jt808Protocol = defineProtocol<undefined>({
  name: 'jt808',
  transports: ['tcp'],
  createFramer: createJt808Framer,
  maxFrameLength: JT808_MAX_FRAME,
  createState: () => undefined,
  decode: decodeJt808,
});

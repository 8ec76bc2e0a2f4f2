import { defineProtocol } from '../protocol-definition.js';
import type { Framer } from '../transport/framer.js';
import { incomplete } from '../transport/framer.js';
import { decodeCalAmp } from './calamp.decoder.js';

/** LMU units send datagrams only: a TCP stream is never split into frames. */
const noFrames = (): Framer => ({ next: (buffer) => incomplete(buffer.length) });

/** CalAmp LMU units on UDP 5082. */
export const calAmpProtocol = defineProtocol<Record<string, never>>({
  name: 'calamp',
  transports: ['udp'],
  createFramer: noFrames,
  maxFrameLength: 1024,
  createState: () => ({}),
  decode: decodeCalAmp,
});

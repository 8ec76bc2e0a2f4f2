import { defineProtocol } from '../protocol-definition.js';
import { decodeWatch } from './watch.decoder.js';
import { createWatchFramer, WATCH_MAX_FRAME } from './watch.framer.js';

/** 3G/4G kids' watches (SeTracker/Wonlex family) on TCP 5093. */
export const watchProtocol = defineProtocol<undefined>({
  name: 'watch',
  transports: ['tcp'],
  createFramer: createWatchFramer,
  maxFrameLength: WATCH_MAX_FRAME,
  createState: () => undefined,
  decode: decodeWatch,
});

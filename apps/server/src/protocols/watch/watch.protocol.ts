import { defineProtocol } from '../protocol-definition.js';
import { watchCommands } from './watch.commands.js';
import { decodeWatch, type WatchState } from './watch.decoder.js';
import { createWatchFramer, WATCH_MAX_FRAME } from './watch.framer.js';

/** 3G/4G kids' watches (SeTracker/Wonlex family) on TCP 5093. */
export const watchProtocol = defineProtocol<WatchState>({
  name: 'watch',
  transports: ['tcp'],
  createFramer: createWatchFramer,
  maxFrameLength: WATCH_MAX_FRAME,
  // SeTracker's code until the watch's first frame names its own
  createState: () => ({ maker: 'SG' }),
  decode: decodeWatch,
  commands: watchCommands,
});

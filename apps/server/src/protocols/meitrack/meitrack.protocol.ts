import { meitrackCommands, type MeitrackCommandState } from './meitrack.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { decodeMeitrack } from './meitrack.decoder.js';
import type { MeitrackPhotoState } from './meitrack-photo.decoder.js';
import { createMeitrackFramer, MEITRACK_MAX_FRAME } from './meitrack.framer.js';

/** Meitrack MVT/T1/T3/P99 text (AAA) and binary (CCC, CCE) reports, and photos (D00), on TCP and UDP 5020. */
export const meitrackProtocol = defineProtocol<MeitrackCommandState & MeitrackPhotoState>({
  name: 'meitrack',
  transports: ['tcp', 'udp'],
  createFramer: createMeitrackFramer,
  maxFrameLength: MEITRACK_MAX_FRAME,
  createState: () => ({ alternative: false }),
  configure: (state, settings) => {
    state.alternative = settings.boolean('meitrack.alternative');
  },
  decode: decodeMeitrack,
  commands: meitrackCommands,
});

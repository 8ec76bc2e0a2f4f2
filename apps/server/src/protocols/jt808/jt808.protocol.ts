import { parseTimeZone } from '../device-time-zone.js';
import { jt808Commands } from './jt808.commands.js';
import { defineProtocol } from '../protocol-definition.js';
import { CHINA_STANDARD_TIME } from './jt808-location.decoder.js';
import { decodeJt808, type Jt808State } from './jt808.decoder.js';
import { createJt808Framer, JT808_MAX_FRAME } from './jt808.framer.js';

/** JT/T 808 (Huabao and Chinese national-standard devices) on TCP 5015. */
export const jt808Protocol = defineProtocol<Jt808State>({
  name: 'jt808',
  transports: ['tcp'],
  createFramer: createJt808Framer,
  maxFrameLength: JT808_MAX_FRAME,
  createState: () => ({ zone: CHINA_STANDARD_TIME, terminal: undefined, alternative: false, media: undefined }),
  configure: (state, settings) => {
    state.zone = parseTimeZone(settings.string('decoder.timezone')) ?? CHINA_STANDARD_TIME;
    state.alternative = settings.boolean('jt808.alternative');
  },
  decode: decodeJt808,
  commands: jt808Commands,
});

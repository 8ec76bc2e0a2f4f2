import { defineProtocol } from '../protocol-definition.js';
import { decodeJt1078, type Jt1078State } from './jt1078.decoder.js';
import { createJt1078Framer, JT1078_MAX_FRAME } from './jt1078.framer.js';

/**
 * JT/T 1078 live video on TCP 1078: the connection a JT808 camera opens when asked to stream
 * (`videoStart`), carrying its pictures to the channel's HLS playlist.
 */
export const jt1078Protocol = defineProtocol<Jt1078State>({
  name: 'jt1078',
  transports: ['tcp'],
  media: true,
  createFramer: createJt1078Framer,
  maxFrameLength: JT1078_MAX_FRAME,
  createState: () => ({ pending: new Map() }),
  decode: decodeJt1078,
});

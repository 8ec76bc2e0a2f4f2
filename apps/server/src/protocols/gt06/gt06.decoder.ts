import type { DecodeContext, DecodeResult } from '../protocol-definition.js';
import { decodeBasic } from './gt06-basic.decoder.js';
import { decodeExtended } from './gt06-extended.decoder.js';
import type { Gt06State } from './gt06-fields.js';

export type { Gt06State } from './gt06-fields.js';

/** One GT06 frame (reference/protocols.md §2): standard `78 78` or extended `79 79` packets. */
export const decodeGt06 = (frame: Buffer, context: DecodeContext<Gt06State>): DecodeResult =>
  frame[0] === 0x79 ? decodeExtended(frame, context) : decodeBasic(frame, context);

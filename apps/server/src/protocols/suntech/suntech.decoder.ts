import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { decodeBinary } from './suntech-binary.decoder.js';
import { decodeLegacy } from './suntech-legacy.decoder.js';
import { decodeCommandResult, decodeSt4, decodeSt9, decodeTravelReport } from './suntech-models.decoder.js';
import type { SuntechSettings } from './suntech-settings.js';
import { decodeUniversal } from './suntech-universal.decoder.js';
import { decodeZip } from './suntech-zip.decoder.js';

/** Picks the layout from the header: universal (< 5 characters), HTE, CMD, ST9xx, ST4xx, or the legacy ST300/ST600/SA200. */
const decodeText = (values: string[], settings: SuntechSettings, now: number): DecodedPosition | undefined => {
  const prefix = values[0]!;
  if (prefix.length < 5) return decodeUniversal(values, now);
  if (prefix.endsWith('HTE')) return decodeTravelReport(values, now);
  if (prefix.endsWith('CMD')) return decodeCommandResult(values, now);
  if (prefix.startsWith('ST9')) return decodeSt9(values, settings, now);
  if (prefix.startsWith('ST4')) return decodeSt4(values, now);
  return decodeLegacy(values, settings, now);
};

/** One Suntech frame; Traccar sends no acknowledgement for any of them (reference/protocols.md §9). */
export const decodeSuntech = (frame: Buffer, context: DecodeContext<SuntechSettings>): DecodeResult => {
  const now = context.now();
  const position =
    frame[0] === 0x02 ? decodeZip(frame, now)
    : frame.length > 1 && frame[1] === 0x00 ? decodeBinary(frame, now)
    : decodeText(frame.toString('latin1').split(';'), context.state, now);
  if (!position || position.uniqueId === '') return nothing();
  return { identify: position.uniqueId, positions: [position], ack: [] };
};

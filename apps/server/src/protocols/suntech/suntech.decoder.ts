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

/** Per connection: the settings, and what commands to the device follow from its own messages. */
export interface SuntechState extends SuntechSettings {
  /** The header of its latest text message (`ST300STT`), whose model part legacy commands start with. */
  prefix?: string;
  /** Whether it ever sent a universal (binary, or header under 5 characters) message: commands then take that form. */
  universal?: boolean;
}

const remember = (state: SuntechState | undefined, values: string[]): string[] => {
  if (state) {
    state.prefix = values[0];
    if (values[0]!.length < 5 && values[0] !== 'CRR') state.universal = true;
  }
  return values;
};

/** One Suntech frame; Traccar sends no acknowledgement for any of them (reference/protocols.md §9). */
export const decodeSuntech = (frame: Buffer, context: DecodeContext<SuntechState>): DecodeResult => {
  const now = context.now();
  const binary = frame[0] !== 0x02 && frame.length > 1 && frame[1] === 0x00;
  if (binary && context.state) context.state.universal = true;
  const position =
    frame[0] === 0x02 ? decodeZip(frame, now)
    : binary ? decodeBinary(frame, now)
    : decodeText(remember(context.state, frame.toString('latin1').split(';')), context.state, now);
  if (!position || position.uniqueId === '') return nothing();
  return { identify: position.uniqueId, positions: [position], ack: [] };
};

import type { StageInput } from '../stage-input.js';
import { GPS_EPOCH } from './outdated.stage.js';

/** 1024 GPS weeks. */
export const GPS_ROLLOVER_CYCLE = 1024 * 7 * 86_400_000;
const GRACE = 90 * 86_400_000;

/** Adds whole 1024-week cycles to a time a GPS week-number rollover pushed into the past. */
export const correctRollover = (time: number, now: number): number => {
  let corrected = time;
  while (corrected > GPS_EPOCH && corrected < now - (GPS_ROLLOVER_CYCLE - GRACE)) corrected += GPS_ROLLOVER_CYCLE;
  return corrected;
};

/**
 * GPS week-rollover correction, then the optional `time.override` (serverTime or deviceTime
 * replaces the fix time), limited to `time.protocols` when that is set.
 * @see reference/processing.md §1.2 (Time)
 */
export const timeStage = ({ position, context, now }: StageInput): void => {
  position.deviceTime = correctRollover(position.deviceTime, now);
  position.fixTime = correctRollover(position.fixTime, now);
  const override = context.settings.string('time.override');
  if (!override) return;
  const protocols = context.settings.list('time.protocols');
  if (protocols.length > 0 && !protocols.includes(position.protocol ?? '')) return;
  if (override === 'serverTime') {
    position.deviceTime = position.serverTime;
    position.fixTime = position.serverTime;
  } else {
    position.fixTime = position.deviceTime;
  }
};

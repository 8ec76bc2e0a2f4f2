import type { StageInput } from '../stage-input.js';

/** GPS epoch, the fix time of a device's first position without a location. */
export const GPS_EPOCH = Date.UTC(1980, 0, 6);

/**
 * A position without a location of its own takes the last known fix (time, validity, place, speed,
 * course, accuracy); with no last position its fix time is the GPS epoch.
 * @see reference/processing.md §1.6
 */
export const outdatedStage = ({ position, last }: StageInput): void => {
  if (!position.outdated) return;
  if (last) {
    position.fixTime = last.fixTime;
    position.valid = last.valid;
    position.latitude = last.latitude;
    position.longitude = last.longitude;
    position.altitude = last.altitude;
    position.speed = last.speed;
    position.course = last.course;
    position.accuracy = last.accuracy;
  } else {
    position.fixTime = GPS_EPOCH;
  }
  if (!position.deviceTime) position.deviceTime = position.serverTime;
};

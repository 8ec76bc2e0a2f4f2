import { EMPTY_MOTION_WINDOW, type MotionWindow } from './events/motion/motion-window.js';
import type { PipelinePosition } from './pipeline-position.js';

/** What the new motion logic reads of a position: where and when, and its id for the event it may carry. */
export interface MotionPlace {
  id: number;
  fixTime: number;
  latitude: number;
  longitude: number;
}

/** A position as the motion detector remembers it (a PipelinePosition fits). */
export interface MotionPoint extends MotionPlace {
  deviceTime: number;
  attributes: Record<string, unknown>;
}

/** New logic: moving or not, and where/when the last motion event happened. Old logic: confirmed and raw flag plus a candidate. */
export type MotionState =
  | { logic: 'new'; moving: boolean; reference: MotionPlace }
  | { logic: 'old'; streak: boolean; raw: boolean; candidate: MotionPoint | undefined };

export interface OverspeedState {
  on: boolean;
  /** Fix time the running episode started; null once its event was raised. */
  time: number | null;
  geofenceId: number;
}

export const OVERSPEED_OFF: OverspeedState = { on: false, time: null, geofenceId: 0 };

/**
 * What the pipeline remembers per device between positions. Never changed in place: each
 * position produces a new state, which replaces the old one only after the commit.
 */
export interface DeviceState {
  /** Latest accepted position (filtered ones never become it). */
  last: PipelinePosition | undefined;
  /** Recent latest positions for the new motion logic, oldest first. */
  window: MotionWindow;
  motion: MotionState | undefined;
  overspeed: OverspeedState;
  /** Server-local date `dayCount` counts the stored positions of, for filter.dailyLimit. */
  day: string;
  dayCount: number;
}

export const emptyDeviceState = (): DeviceState => ({ last: undefined, window: EMPTY_MOTION_WINDOW, motion: undefined, overspeed: OVERSPEED_OFF, day: '', dayCount: 0 });

interface StoredPoint extends MotionPlace {
  deviceTime: number;
  totalDistance?: number;
}

/** Only the place's own fields: a reference is often a whole position, and one stored before 2026-12-03 has its device time and distance. */
const placeOf = (place: MotionPlace): MotionPlace => ({ id: place.id, fixTime: place.fixTime, latitude: place.latitude, longitude: place.longitude });

const storePoint = (point: MotionPoint): StoredPoint => ({
  id: point.id,
  fixTime: point.fixTime,
  deviceTime: point.deviceTime,
  latitude: point.latitude,
  longitude: point.longitude,
  ...(typeof point.attributes.totalDistance === 'number' ? { totalDistance: point.attributes.totalDistance } : {}),
});

const loadPoint = (point: StoredPoint): MotionPoint => ({
  id: point.id,
  fixTime: point.fixTime,
  deviceTime: point.deviceTime,
  latitude: point.latitude,
  longitude: point.longitude,
  attributes: point.totalDistance === undefined ? {} : { totalDistance: point.totalDistance },
});

/** The part of the state that must survive a restart (Traccar keeps it on the device row). */
export const serializeDurableState = (state: DeviceState): string => {
  const motion = state.motion === undefined
    ? null
    : state.motion.logic === 'new'
      ? { logic: 'new', moving: state.motion.moving, reference: placeOf(state.motion.reference) }
      : { logic: 'old', streak: state.motion.streak, raw: state.motion.raw, candidate: state.motion.candidate ? storePoint(state.motion.candidate) : null };
  return JSON.stringify({ motion, overspeed: state.overspeed });
};

export const parseDurableState = (text: string): Pick<DeviceState, 'motion' | 'overspeed'> => {
  try {
    const parsed = JSON.parse(text) as { motion: Record<string, unknown> | null; overspeed?: OverspeedState };
    const motion = parsed.motion;
    const overspeed = parsed.overspeed ?? OVERSPEED_OFF;
    if (!motion) return { motion: undefined, overspeed };
    if (motion.logic === 'new') return { motion: { logic: 'new', moving: Boolean(motion.moving), reference: placeOf(motion.reference as MotionPlace) }, overspeed };
    const candidate = motion.candidate as StoredPoint | null;
    return { motion: { logic: 'old', streak: Boolean(motion.streak), raw: Boolean(motion.raw), candidate: candidate ? loadPoint(candidate) : undefined }, overspeed };
  } catch {
    return { motion: undefined, overspeed: OVERSPEED_OFF };
  }
};

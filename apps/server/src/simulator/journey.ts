/** One simulated fix: what a tracker in a vehicle would report. */
export interface SimulatedFix {
  latitude: number;
  longitude: number;
  /** knots */
  speed: number;
  /** degrees clockwise from north */
  course: number;
  ignition: boolean;
  motion: boolean;
  batteryLevel: number;
}

export interface JourneyOptions {
  origin: { latitude: number; longitude: number };
  /** Deterministic journeys for tests and repeatable demos. */
  seed: number;
  /** Cruising speed in knots. */
  cruiseKnots?: number;
  /** Seconds the vehicle stands parked before it sets off (0: it sets off at once). */
  parkedSeconds?: number;
}

const METRES_PER_DEGREE = 111_320;
const KNOT_MS = 1852 / 3600;
/** Blocks of a street grid, in metres: turns happen at intersections. */
const BLOCK_METRES = 400;
const ACCELERATION_KNOTS_PER_S = 2;

/** A small, seedable pseudo-random generator (mulberry32), so journeys repeat exactly. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

type Phase = { kind: 'drive'; metresToCorner: number } | { kind: 'halt'; secondsLeft: number } | { kind: 'park'; secondsLeft: number };

/**
 * A vehicle on a street grid: drives block by block at a cruising speed, turns at corners, halts
 * at some intersections (ignition on) and parks now and then (ignition off), with its battery
 * slowly draining while parked and charging while driving.
 */
export const createJourney = ({ origin, seed, cruiseKnots = 22, parkedSeconds = 0 }: JourneyOptions) => {
  const random = createRandom(seed);
  let latitude = origin.latitude;
  let longitude = origin.longitude;
  let course = Math.floor(random() * 4) * 90;
  let speed = 0;
  let battery = 60 + random() * 40;
  // drawn even when it starts parked, so that the random choices after it are the same either way
  let phase: Phase = { kind: 'drive', metresToCorner: BLOCK_METRES * (1 + Math.floor(random() * 3)) };
  if (parkedSeconds > 0) phase = { kind: 'park', secondsLeft: parkedSeconds };

  const atCorner = (): Phase => {
    const roll = random();
    if (roll < 0.04) return { kind: 'park', secondsLeft: 120 + Math.floor(random() * 480) };
    if (roll < 0.25) return { kind: 'halt', secondsLeft: 10 + Math.floor(random() * 50) };
    return { kind: 'drive', metresToCorner: BLOCK_METRES * (1 + Math.floor(random() * 3)) };
  };

  const turn = () => {
    const roll = random();
    if (roll < 0.3) course = (course + 90) % 360;
    else if (roll < 0.6) course = (course + 270) % 360;
  };

  const move = (metres: number) => {
    const radians = (course * Math.PI) / 180;
    latitude += (metres * Math.cos(radians)) / METRES_PER_DEGREE;
    longitude += (metres * Math.sin(radians)) / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  };

  /** Advances the vehicle by `seconds` and returns where it is. */
  const step = (seconds: number): SimulatedFix => {
    // the fix describes the second just driven or stood, so it takes the phase it began in
    const parked = phase.kind === 'park';
    if (phase.kind === 'drive') {
      speed = Number(Math.min(cruiseKnots * (0.85 + random() * 0.3), speed + ACCELERATION_KNOTS_PER_S * seconds).toFixed(1));
      const metres = Math.min(speed * KNOT_MS * seconds, phase.metresToCorner);
      move(metres);
      phase.metresToCorner -= metres;
      battery = Math.min(100, battery + 0.01 * seconds);
      if (phase.metresToCorner <= 0) {
        phase = atCorner();
        turn();
      }
    } else {
      speed = 0;
      phase.secondsLeft -= seconds;
      if (phase.kind === 'park') battery = Math.max(5, battery - 0.005 * seconds);
      if (phase.secondsLeft <= 0) phase = { kind: 'drive', metresToCorner: BLOCK_METRES };
    }
    return { latitude, longitude, speed, course, ignition: !parked, motion: speed > 0, batteryLevel: Math.round(battery) };
  };

  return { step };
};

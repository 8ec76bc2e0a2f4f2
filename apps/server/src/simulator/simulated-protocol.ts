import type { ProtocolName } from '../protocols/protocol-ports.js';
import type { SimulatedFix } from './journey.js';

/** What a simulated tracker keeps of its connection. */
export interface SimulatedConnection {
  /** Next message serial, for protocols that number their messages. */
  serial: number;
}

/** A message a simulated tracker sends, and whether the server answers it. */
export interface SimulatedMessage {
  bytes: Buffer;
  /** The server replies to it (a location's reply comes only once the position is stored). */
  answered: boolean;
}

/**
 * How one device protocol's trackers talk over TCP, for the simulator: the identifiers they carry,
 * what they send first on a new connection and what they send with each fix.
 */
export interface SimulatedProtocol {
  name: Exclude<ProtocolName, 'osmand'>;
  /** The identifier of the fleet's tracker number `index` (from 0), in the form this protocol's trackers carry. */
  identifier(index: number): string;
  /** What the tracker sends on a new connection before its first fix, if anything. */
  login?(id: string, connection: SimulatedConnection): SimulatedMessage;
  location(id: string, fix: SimulatedFix, time: Date, connection: SimulatedConnection): SimulatedMessage;
  /**
   * A fix in one datagram, for protocols whose trackers also report over UDP; every datagram names
   * its tracker, so there is no login. `connection` is the tracker's socket.
   */
  udpLocation?(id: string, fix: SimulatedFix, time: Date, connection: SimulatedConnection): SimulatedMessage;
}

/** A 15-digit IMEI numbered from 860000000000001, as most trackers identify. */
export const simulatedImei = (index: number): string => String(860_000_000_000_000 + index + 1);

/** The fix's latitude or longitude as degrees and decimal minutes (`ddmm.mmmm`) with its hemisphere letter, as NMEA-style protocols write it. */
export const degreesMinutes = (value: number, digits: 2 | 3, decimals = 4): { text: string; hemisphere: 'N' | 'S' | 'E' | 'W' } => {
  const absolute = Math.abs(value);
  let degrees = Math.floor(absolute);
  let minutes = Number(((absolute - degrees) * 60).toFixed(decimals));
  if (minutes >= 60) {
    degrees += 1;
    minutes -= 60;
  }
  const text = `${String(degrees).padStart(digits, '0')}${minutes.toFixed(decimals).padStart(decimals + 3, '0')}`;
  const hemisphere = digits === 2 ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  return { text, hemisphere };
};

/** A vehicle's supply in volts, as trackers wired to it measure: the alternator charges while the engine runs. */
export const vehicleSupplyVolts = (fix: SimulatedFix): number => (fix.ignition ? 13.8 : 12.4);

/** UTC date and time fields of `time`, two digits each (year without its century). */
export const utcFields = (time: Date) => {
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    year: two(time.getUTCFullYear() % 100),
    month: two(time.getUTCMonth() + 1),
    day: two(time.getUTCDate()),
    hours: two(time.getUTCHours()),
    minutes: two(time.getUTCMinutes()),
    seconds: two(time.getUTCSeconds()),
  };
};

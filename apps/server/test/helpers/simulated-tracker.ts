import { fromKnots, toKnots } from '@tracklane/domain';
import { expect } from 'vitest';
import { createJourney, type SimulatedFix } from '../../src/simulator/journey.js';
import type { SimulatedProtocol } from '../../src/simulator/simulated-protocol.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { createUdpTrackerSender } from '../../src/simulator/udp-tracker-sender.js';
import { latestPosition, type ProtocolApp } from './protocol-app.js';

export interface SentFix {
  fix: SimulatedFix;
  /** Whole seconds, a minute ago. */
  time: Date;
}

/** Where a seeded journey from `origin` is `seconds` in, stamped a minute ago. */
export const journeyFix = (origin: { latitude: number; longitude: number }, seed: number, seconds = 40): SentFix => {
  const journey = createJourney({ origin, seed });
  let fix = journey.step(1);
  for (let second = 0; second < seconds; second++) fix = journey.step(1);
  return { fix, time: new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000) };
};

/** A fix time as the API writes it. */
export const apiTime = (time: Date): string => time.toISOString().replace('Z', '+00:00');

/**
 * Sends each fix through `protocol`'s simulated tracker against the app's TCP (or UDP) port, then
 * waits until the device's latest position has the last fix's time (a location the server does not
 * answer is only written when `send` resolves) and returns that position.
 */
export const sendThroughSimulator = async (app: ProtocolApp, protocol: SimulatedProtocol, id: string, fixes: SentFix[], transport: 'tcp' | 'udp' = 'tcp'): Promise<Record<string, unknown>> => {
  const port = app.trackers.portOf(protocol.name, transport);
  const sender = transport === 'tcp' ? createTrackerSender('127.0.0.1', port, protocol) : createUdpTrackerSender('127.0.0.1', port, protocol);
  for (const { fix, time } of fixes) await sender.send(id, fix, time);
  await sender.close();
  const last = apiTime(fixes.at(-1)!.time);
  await expect.poll(async () => (await latestPosition(app))?.fixTime, { timeout: 5000 }).toBe(last);
  return (await latestPosition(app))!;
};

/** The position is the fix: protocol, a valid fix at its time, its coordinates to `digits` decimals and its course. */
export const expectDecodedAsSent = (position: Record<string, unknown>, protocol: string, { fix, time }: SentFix, digits: number): void => {
  expect(position).toMatchObject({ protocol, valid: true, fixTime: apiTime(time), course: fix.course });
  expect(position.latitude as number).toBeCloseTo(fix.latitude, digits);
  expect(position.longitude as number).toBeCloseTo(fix.longitude, digits);
};

/** The position's speed is the fix's as the tracker sent it, in km/h to `decimals` decimals, back in knots. */
export const expectSpeedSentInKmh = (position: Record<string, unknown>, { fix }: SentFix, decimals: number): void => {
  expect(position.speed as number).toBeCloseTo(toKnots(Number(fromKnots(fix.speed, 'kmh').toFixed(decimals)), 'kmh'), 3);
};

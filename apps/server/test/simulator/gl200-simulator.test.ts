import { fromKnots, toKnots } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { gl200Simulated } from '../../src/simulator/gl200-sender.js';
import { createJourney } from '../../src/simulator/journey.js';
import { vehicleSupplyVolts } from '../../src/simulator/simulated-protocol.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '862894020180553';

describe.each(testDatabases())('GL200 simulator against the real GL200 port on $name', (database) => {
  const app = useProtocolApp(database, 'gl200', IMEI);

  it('reports a GTFRI that is decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('gl200'), gl200Simulated);
    const journey = createJourney({ origin: { latitude: 50.7, longitude: 8.6 }, seed: 4 });
    let fix = journey.step(1);
    for (let second = 0; second < 35; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // not answered by the server: resolves once written
    await sender.send(IMEI, fix, time);
    await sender.close();

    await expect.poll(() => latestPosition(app), { timeout: 5000 }).toBeDefined();
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'gl200', valid: true, fixTime: time.toISOString().replace('Z', '+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.speed as number).toBeCloseTo(toKnots(Number(fromKnots(fix.speed, 'kmh').toFixed(1)), 'kmh'), 3);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    expect(attributes.power).toBe(vehicleSupplyVolts(fix));
    expect(attributes.type).toBe('FRI');
  });
});

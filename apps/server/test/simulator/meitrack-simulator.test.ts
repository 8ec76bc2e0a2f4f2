import { fromKnots, toKnots } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { meitrackSimulated } from '../../src/simulator/meitrack-sender.js';
import { vehicleSupplyVolts } from '../../src/simulator/simulated-protocol.js';
import { batteryMillivolts } from '../../src/simulator/teltonika-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '863835028611502';

describe.each(testDatabases())('Meitrack simulator against the real Meitrack port on $name', (database) => {
  const app = useProtocolApp(database, 'meitrack', IMEI);

  it('reports an AAA that is decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('meitrack'), meitrackSimulated);
    const journey = createJourney({ origin: { latitude: 7.88, longitude: 98.37 }, seed: 11 });
    let fix = journey.step(1);
    for (let second = 0; second < 45; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // not answered by the server: resolves once written
    await sender.send(IMEI, fix, time);
    await sender.close();

    await expect.poll(() => latestPosition(app), { timeout: 5000 }).toBeDefined();
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'meitrack', valid: true, fixTime: time.toISOString().replace('Z', '+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.speed as number).toBeCloseTo(toKnots(Math.round(fromKnots(fix.speed, 'kmh')), 'kmh'), 3);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.event).toBe(35);
    // input 2 carries the ignition
    expect(attributes.input).toBe(fix.ignition ? 2 : 0);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 2);
    expect(attributes.power as number).toBeCloseTo(vehicleSupplyVolts(fix), 2);
  });
});

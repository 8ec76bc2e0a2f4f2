import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { RUPTELA_SUPPLY_MILLIVOLTS, ruptelaSimulated } from '../../src/simulator/ruptela-sender.js';
import { batteryMillivolts } from '../../src/simulator/teltonika-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('Ruptela simulator against the real Ruptela port on $name', (database) => {
  const app = useProtocolApp(database, 'ruptela', IMEI);

  it('reports a records packet that arrives accepted and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('ruptela'), ruptelaSimulated);
    const journey = createJourney({ origin: { latitude: 54.68, longitude: 25.28 }, seed: 11 });
    let fix = journey.step(1);
    for (let second = 0; second < 45; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // resolves only once the server accepted the records (00 02 64 01 13 BC), i.e. after the position was stored
    await sender.send(IMEI, fix, time);
    await sender.close();

    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'ruptela', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 6);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 6);
    // whole km/h
    expect(position!.speed as number).toBeCloseTo(Math.round(fix.speed * 1.852) / 1.852, 3);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.power as number).toBeCloseTo(RUPTELA_SUPPLY_MILLIVOLTS / 1000, 3);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 3);
  });
});

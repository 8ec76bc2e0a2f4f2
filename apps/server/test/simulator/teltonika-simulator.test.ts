import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { batteryMillivolts, teltonikaSimulated } from '../../src/simulator/teltonika-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '352093081452251';

describe.each(testDatabases())('Teltonika simulator against the real Teltonika port on $name', (database) => {
  const app = useProtocolApp(database, 'teltonika', IMEI);

  it('identifies, reports a codec 8 record that arrives acknowledged and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('teltonika'), teltonikaSimulated);
    const journey = createJourney({ origin: { latitude: 54.68, longitude: 25.28 }, seed: 9 });
    let fix = journey.step(1);
    for (let second = 0; second < 40; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    // resolves only once the server answered with the record count, i.e. after the position was stored
    await sender.send(IMEI, fix, time);
    await sender.close();

    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'teltonika', fixTime: time.toISOString().replace('Z', '+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 6);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 6);
    expect(position!.speed as number).toBeCloseTo(Math.round(fix.speed * 1.852) / 1.852, 3);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.motion).toBe(fix.motion);
    expect(attributes.rssi).toBe(4);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 3);
  });
});

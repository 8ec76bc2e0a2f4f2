import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { gt06Simulated } from '../../src/simulator/gt06-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('GT06 simulator against the real GT06 port on $name', (database) => {
  const app = useProtocolApp(database, 'gt06', IMEI);

  it('logs in, reports fixes that arrive acknowledged and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('gt06'), gt06Simulated);
    const journey = createJourney({ origin: { latitude: 28.61, longitude: 77.21 }, seed: 5 });
    let fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    for (let second = 0; second < 30; second++) fix = journey.step(1);
    // resolves only once the server acknowledged, i.e. after the position was stored
    await sender.send(IMEI, fix, time);
    await sender.close();

    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'gt06', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.course).toBe(fix.course);
    expect((position!.attributes as Record<string, unknown>).ignition).toBe(fix.ignition);
  });
});

import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { h02Simulated } from '../../src/simulator/h02-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const ID = '9170000001';

describe.each(testDatabases())('H02 simulator against the real H02 port on $name', (database) => {
  const app = useProtocolApp(database, 'h02', ID);

  it('reports a V1 location that arrives acknowledged and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('h02'), h02Simulated);
    const journey = createJourney({ origin: { latitude: 9.94, longitude: -84.11 }, seed: 3 });
    let fix = journey.step(1);
    for (let second = 0; second < 30; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // resolves only once the server answered V4,V1, i.e. after the position was stored
    await sender.send(ID, fix, time);
    await sender.close();

    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'h02', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    // ddmm.mmmm: a ten-thousandth of a minute is under 2e-6 degrees
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.speed as number).toBeCloseTo(fix.speed, 2);
    expect(position!.course).toBe(fix.course);
    expect((position!.attributes as Record<string, unknown>).ignition).toBe(fix.ignition);
  });
});

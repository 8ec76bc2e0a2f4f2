import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { tk103Simulated } from '../../src/simulator/tk103-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const ID = '013600000001';

describe.each(testDatabases())('TK103 simulator against the real TK103 port on $name', (database) => {
  const app = useProtocolApp(database, 'tk103', ID);

  it('logs in with its first fix, then reports a BR00 location that is stored as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('tk103'), tk103Simulated);
    const journey = createJourney({ origin: { latitude: -25.92, longitude: 28.92 }, seed: 11 });
    const first = journey.step(1);
    let fix = first;
    for (let second = 0; second < 30; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const fixTime = time.toISOString().replace('.000Z', '.000+00:00');
    // the BP05 login carries the first fix and resolves once AP05 came back, i.e. after it was stored
    await sender.send(ID, first, new Date(time.getTime() - 30_000));
    // BR00 is not answered: wait until it is the latest position
    await sender.send(ID, fix, time);
    await sender.close();

    await expect.poll(async () => (await latestPosition(app))?.fixTime, { timeout: 5000 }).toBe(fixTime);
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'tk103', valid: true });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    // km/h to a tenth: within 0.03 knots
    expect(position!.speed as number).toBeCloseTo(fix.speed, 1);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.charge).toBe(true);
  });
});

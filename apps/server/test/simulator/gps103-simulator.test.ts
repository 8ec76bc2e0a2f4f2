import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { gps103Simulated } from '../../src/simulator/gps103-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('GPS103 simulator against the real GPS103 port on $name', (database) => {
  const app = useProtocolApp(database, 'gps103', IMEI);

  it('shakes hands, then reports a tracker message that is stored as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('gps103'), gps103Simulated);
    const journey = createJourney({ origin: { latitude: -33.42, longitude: -70.62 }, seed: 7 });
    let fix = journey.step(1);
    for (let second = 0; second < 30; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // the handshake waits for LOAD; the report itself is not answered, so wait for it to be stored
    await sender.send(IMEI, fix, time);
    await sender.close();

    await expect.poll(() => latestPosition(app), { timeout: 5000 }).toBeDefined();
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'gps103', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.speed as number).toBeCloseTo(fix.speed, 2);
    expect(position!.course).toBe(fix.course);
    expect((position!.attributes as Record<string, unknown>).ignition).toBe(fix.ignition);
  });
});

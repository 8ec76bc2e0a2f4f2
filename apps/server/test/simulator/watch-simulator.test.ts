import { fromKnots, toKnots } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { watchSimulated } from '../../src/simulator/watch-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const WATCH_ID = '8800000001';

describe.each(testDatabases())('Watch simulator against the real watch port on $name', (database) => {
  const app = useProtocolApp(database, 'watch', WATCH_ID);

  it('links, then reports a UD location that is decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('watch'), watchSimulated);
    const journey = createJourney({ origin: { latitude: 22.57, longitude: 113.86 }, seed: 3 });
    let fix = journey.step(1);
    for (let second = 0; second < 40; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // the link is answered; the location is not, so it resolves once written
    await sender.send(WATCH_ID, fix, time);
    await sender.close();

    await expect.poll(() => latestPosition(app), { timeout: 5000 }).toBeDefined();
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'watch', valid: true, fixTime: time.toISOString().replace('Z', '+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    expect(position!.speed as number).toBeCloseTo(toKnots(Number(fromKnots(fix.speed, 'kmh').toFixed(2)), 'kmh'), 3);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    expect(attributes.motion).toBe(fix.motion);
  });
});

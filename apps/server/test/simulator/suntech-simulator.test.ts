import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { SUNTECH_SUPPLY_VOLTS, suntechSimulated } from '../../src/simulator/suntech-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const DEVICE_ID = '205000001';

describe.each(testDatabases())('Suntech simulator against the real Suntech port on $name', (database) => {
  const app = useProtocolApp(database, 'suntech', DEVICE_ID);

  it('reports an ST300 status report that is stored and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('suntech'), suntechSimulated);
    const journey = createJourney({ origin: { latitude: -23.55, longitude: -46.63 }, seed: 3 });
    let fix = journey.step(1);
    for (let second = 0; second < 35; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // Suntech reports are never answered: this resolves once the report is written
    await sender.send(DEVICE_ID, fix, time);
    await sender.close();

    await expect.poll(() => latestPosition(app), { timeout: 5000 }).toBeDefined();
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'suntech', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    // km/h with three decimals
    expect(position!.speed as number).toBeCloseTo(fix.speed, 2);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.type).toBe('STT');
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.power).toBe(SUNTECH_SUPPLY_VOLTS);
    // MODE: 2 active (driving), 1 idle
    expect(attributes.status).toBe(fix.motion ? 2 : 1);
  });
});

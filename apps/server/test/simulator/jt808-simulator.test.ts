import { describe, expect, it } from 'vitest';
import { createJourney } from '../../src/simulator/journey.js';
import { jt808Simulated } from '../../src/simulator/jt808-sender.js';
import { createTrackerSender } from '../../src/simulator/tracker-sender.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';

const TERMINAL = '100000000001';

describe.each(testDatabases())('JT808 simulator against the real JT808 port on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', TERMINAL);

  it('reports a 0x0200 location that arrives acknowledged and decoded as sent', async () => {
    const sender = createTrackerSender('127.0.0.1', app.trackers.portOf('jt808'), jt808Simulated);
    const journey = createJourney({ origin: { latitude: 22.54, longitude: 114.06 }, seed: 7 });
    let fix = journey.step(1);
    for (let second = 0; second < 40; second++) fix = journey.step(1);
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    // resolves only once the server sent its 0x8001 general response, i.e. after the position was stored
    await sender.send(TERMINAL, fix, time);
    await sender.close();

    const position = await latestPosition(app);
    // the terminal wrote its clock on GMT+8; the server stores UTC
    expect(position).toMatchObject({ protocol: 'jt808', valid: true, fixTime: time.toISOString().replace('.000Z', '.000+00:00') });
    expect(position!.latitude as number).toBeCloseTo(fix.latitude, 5);
    expect(position!.longitude as number).toBeCloseTo(fix.longitude, 5);
    // km/h in tenths
    expect(position!.speed as number).toBeCloseTo(fix.speed, 1);
    expect(position!.course).toBe(fix.course);
    const attributes = position!.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    // the battery charges while the engine runs
    expect(attributes.charge).toBe(fix.ignition ? true : undefined);
    expect(attributes.rssi).toBe(24);
    expect(attributes.sat).toBe(9);
  });
});

import { describe, expect, it } from 'vitest';
import { batteryMillivolts, teltonikaSimulated } from '../../src/simulator/teltonika-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, expectSpeedSentInKmh, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '352093081452251';

describe.each(testDatabases())('Teltonika simulator against the real Teltonika port on $name', (database) => {
  const app = useProtocolApp(database, 'teltonika', IMEI);

  it('identifies, reports a codec 8 record that arrives acknowledged and decoded as sent', async () => {
    const sent = journeyFix({ latitude: 54.68, longitude: 25.28 }, 9, 40);
    // answered with the record count only after the position was stored
    const position = await sendThroughSimulator(app, teltonikaSimulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'teltonika', sent, 6);
    const { fix } = sent;
    // whole km/h
    expectSpeedSentInKmh(position, sent, 0);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.motion).toBe(fix.motion);
    expect(attributes.rssi).toBe(4);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 3);
  });
});

import { describe, expect, it } from 'vitest';
import { RUPTELA_SUPPLY_MILLIVOLTS, ruptelaSimulated } from '../../src/simulator/ruptela-sender.js';
import { batteryMillivolts } from '../../src/simulator/teltonika-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, expectSpeedSentInKmh, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('Ruptela simulator against the real Ruptela port on $name', (database) => {
  const app = useProtocolApp(database, 'ruptela', IMEI);

  it('reports a records packet that arrives accepted and decoded as sent', async () => {
    const sent = journeyFix({ latitude: 54.68, longitude: 25.28 }, 11, 45);
    // accepted (00 02 64 01 13 BC) only after the position was stored
    const position = await sendThroughSimulator(app, ruptelaSimulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'ruptela', sent, 6);
    const { fix } = sent;
    // whole km/h
    expectSpeedSentInKmh(position, sent, 0);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.power as number).toBeCloseTo(RUPTELA_SUPPLY_MILLIVOLTS / 1000, 3);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 3);
  });
});

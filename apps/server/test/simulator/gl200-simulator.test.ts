import { describe, expect, it } from 'vitest';
import { gl200Simulated } from '../../src/simulator/gl200-sender.js';
import { vehicleSupplyVolts } from '../../src/simulator/simulated-protocol.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, expectSpeedSentInKmh, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '862894020180553';

describe.each(testDatabases())('GL200 simulator against the real GL200 port on $name', (database) => {
  const app = useProtocolApp(database, 'gl200', IMEI);

  it('reports a GTFRI that is decoded as sent', async () => {
    const sent = journeyFix({ latitude: 50.7, longitude: 8.6 }, 4, 35);
    // not answered by the server
    const position = await sendThroughSimulator(app, gl200Simulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'gl200', sent, 5);
    const { fix } = sent;
    // km/h to a tenth
    expectSpeedSentInKmh(position, sent, 1);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    expect(attributes.power).toBe(vehicleSupplyVolts(fix));
    expect(attributes.type).toBe('FRI');
  });
});

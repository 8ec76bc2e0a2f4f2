import { describe, expect, it } from 'vitest';
import { meitrackSimulated } from '../../src/simulator/meitrack-sender.js';
import { vehicleSupplyVolts } from '../../src/simulator/simulated-protocol.js';
import { batteryMillivolts } from '../../src/simulator/teltonika-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, expectSpeedSentInKmh, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '863835028611502';

describe.each(testDatabases())('Meitrack simulator against the real Meitrack port on $name', (database) => {
  const app = useProtocolApp(database, 'meitrack', IMEI);

  it('reports an AAA that is decoded as sent', async () => {
    const sent = journeyFix({ latitude: 7.88, longitude: 98.37 }, 11, 45);
    // not answered by the server
    const position = await sendThroughSimulator(app, meitrackSimulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'meitrack', sent, 5);
    const { fix } = sent;
    // whole km/h
    expectSpeedSentInKmh(position, sent, 0);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.event).toBe(35);
    // input 2 carries the ignition
    expect(attributes.input).toBe(fix.ignition ? 2 : 0);
    expect(attributes.battery as number).toBeCloseTo(batteryMillivolts(fix.batteryLevel) / 1000, 2);
    expect(attributes.power as number).toBeCloseTo(vehicleSupplyVolts(fix), 2);
  });
});

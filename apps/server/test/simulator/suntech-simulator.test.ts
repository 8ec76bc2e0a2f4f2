import { describe, expect, it } from 'vitest';
import { SUNTECH_SUPPLY_VOLTS, suntechSimulated } from '../../src/simulator/suntech-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const DEVICE_ID = '205000001';

describe.each(testDatabases())('Suntech simulator against the real Suntech port on $name', (database) => {
  const app = useProtocolApp(database, 'suntech', DEVICE_ID);

  it('reports an ST300 status report that is stored and decoded as sent', async () => {
    const sent = journeyFix({ latitude: -23.55, longitude: -46.63 }, 3, 35);
    // Suntech reports are never answered
    const position = await sendThroughSimulator(app, suntechSimulated, DEVICE_ID, [sent]);
    expectDecodedAsSent(position, 'suntech', sent, 5);
    const { fix } = sent;
    // km/h with three decimals
    expect(position.speed as number).toBeCloseTo(fix.speed, 2);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.type).toBe('STT');
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.power).toBe(SUNTECH_SUPPLY_VOLTS);
    // MODE: 2 active (driving), 1 idle
    expect(attributes.status).toBe(fix.motion ? 2 : 1);
  });
});

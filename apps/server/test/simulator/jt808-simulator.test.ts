import { describe, expect, it } from 'vitest';
import { jt808Simulated } from '../../src/simulator/jt808-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const TERMINAL = '100000000001';

describe.each(testDatabases())('JT808 simulator against the real JT808 port on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', TERMINAL);

  it('authenticates, then reports a 0x0200 location that arrives acknowledged and decoded as sent', async () => {
    const sent = journeyFix({ latitude: 22.54, longitude: 114.06 }, 7);
    // answered with 0x8001 general responses, the location's only after it was stored
    const position = await sendThroughSimulator(app, jt808Simulated, TERMINAL, [sent]);
    // the terminal wrote its clock on GMT+8; the server stores UTC
    expectDecodedAsSent(position, 'jt808', sent, 5);
    const { fix } = sent;
    // km/h in tenths
    expect(position.speed as number).toBeCloseTo(fix.speed, 1);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    // the battery charges while the engine runs
    expect(attributes.charge).toBe(fix.ignition ? true : undefined);
    expect(attributes.rssi).toBe(24);
    expect(attributes.sat).toBe(9);
  });
});

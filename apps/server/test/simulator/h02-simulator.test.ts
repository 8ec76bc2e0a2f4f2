import { describe, expect, it } from 'vitest';
import { h02Simulated } from '../../src/simulator/h02-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const ID = '9170000001';

describe.each(testDatabases())('H02 simulator against the real H02 port on $name', (database) => {
  const app = useProtocolApp(database, 'h02', ID);

  it('reports a V1 location that arrives acknowledged and decoded as sent', async () => {
    const sent = journeyFix({ latitude: 9.94, longitude: -84.11 }, 3, 30);
    // answered V4,V1 only after the position was stored
    const position = await sendThroughSimulator(app, h02Simulated, ID, [sent]);
    // ddmm.mmmm: a ten-thousandth of a minute is under 2e-6 degrees
    expectDecodedAsSent(position, 'h02', sent, 5);
    const { fix } = sent;
    expect(position.speed as number).toBeCloseTo(fix.speed, 2);
    expect((position.attributes as Record<string, unknown>).ignition).toBe(fix.ignition);
  });
});

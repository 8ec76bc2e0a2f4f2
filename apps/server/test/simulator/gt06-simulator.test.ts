import { describe, expect, it } from 'vitest';
import { gt06Simulated } from '../../src/simulator/gt06-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('GT06 simulator against the real GT06 port on $name', (database) => {
  const app = useProtocolApp(database, 'gt06', IMEI);

  it('logs in, reports fixes that arrive acknowledged and decoded as sent', async () => {
    const sent = journeyFix({ latitude: 28.61, longitude: 77.21 }, 5, 30);
    // acknowledged only after the position was stored
    const position = await sendThroughSimulator(app, gt06Simulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'gt06', sent, 5);
    expect((position.attributes as Record<string, unknown>).ignition).toBe(sent.fix.ignition);
  });
});

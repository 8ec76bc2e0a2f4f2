import { describe, expect, it } from 'vitest';
import { gps103Simulated } from '../../src/simulator/gps103-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const IMEI = '860000000000001';

describe.each(testDatabases())('GPS103 simulator against the real GPS103 port on $name', (database) => {
  const app = useProtocolApp(database, 'gps103', IMEI);

  it('shakes hands, then reports a tracker message that is stored as sent', async () => {
    const sent = journeyFix({ latitude: -33.42, longitude: -70.62 }, 7, 30);
    // the handshake waits for LOAD; the report itself is not answered
    const position = await sendThroughSimulator(app, gps103Simulated, IMEI, [sent]);
    expectDecodedAsSent(position, 'gps103', sent, 5);
    const { fix } = sent;
    expect(position.speed as number).toBeCloseTo(fix.speed, 2);
    expect((position.attributes as Record<string, unknown>).ignition).toBe(fix.ignition);
  });
});

import { describe, expect, it } from 'vitest';
import { tk103Simulated } from '../../src/simulator/tk103-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const ID = '013600000001';

describe.each(testDatabases())('TK103 simulator against the real TK103 port on $name', (database) => {
  const app = useProtocolApp(database, 'tk103', ID);

  it('logs in with its first fix, then reports a BR00 location that is stored as sent', async () => {
    const origin = { latitude: -25.92, longitude: 28.92 };
    const sent = journeyFix(origin, 11, 30);
    const firstSent = { fix: journeyFix(origin, 11, 0).fix, time: new Date(sent.time.getTime() - 30_000) };
    // the BP05 login carries the first fix and is answered with AP05 once it was stored;
    // BR00 is not answered, so the helper waits until it is the latest position
    const position = await sendThroughSimulator(app, tk103Simulated, ID, [firstSent, sent]);
    expectDecodedAsSent(position, 'tk103', sent, 5);
    const { fix } = sent;
    // km/h to a tenth: within 0.03 knots
    expect(position.speed as number).toBeCloseTo(fix.speed, 1);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.ignition).toBe(fix.ignition);
    expect(attributes.charge).toBe(true);
  });
});

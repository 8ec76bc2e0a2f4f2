import { describe, expect, it } from 'vitest';
import { watchSimulated } from '../../src/simulator/watch-sender.js';
import { useProtocolApp } from '../helpers/protocol-app.js';
import { expectDecodedAsSent, expectSpeedSentInKmh, journeyFix, sendThroughSimulator } from '../helpers/simulated-tracker.js';
import { testDatabases } from '../helpers/test-server.js';

const WATCH_ID = '8800000001';

describe.each(testDatabases())('Watch simulator against the real watch port on $name', (database) => {
  const app = useProtocolApp(database, 'watch', WATCH_ID);

  it('links, then reports a UD location that is decoded as sent', async () => {
    const sent = journeyFix({ latitude: 22.57, longitude: 113.86 }, 3, 40);
    // the link is answered; the location is not
    const position = await sendThroughSimulator(app, watchSimulated, WATCH_ID, [sent]);
    expectDecodedAsSent(position, 'watch', sent, 5);
    const { fix } = sent;
    // km/h to a hundredth
    expectSpeedSentInKmh(position, sent, 2);
    const attributes = position.attributes as Record<string, unknown>;
    expect(attributes.batteryLevel).toBe(fix.batteryLevel);
    expect(attributes.motion).toBe(fix.motion);
  });
});

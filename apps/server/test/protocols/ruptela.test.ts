import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker } from '../helpers/tracker-client.js';

// a captured command 1 packet with one record of IMEI 863591024076709 (shared/reference/vectors/ruptela.json)
const records = Buffer.from(loadVectors('ruptela').find((v) => v.message.startsWith('00560003116e7438a7a501'))!.message, 'hex');

describe.each(testDatabases())('Ruptela on $name', (database) => {
  const app = useProtocolApp(database, 'ruptela', '863591024076709');

  it('stores the record, accepts the packet with 00 02 64 01 13 BC, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('ruptela'));
    tracker.send(records.subarray(0, 20));
    tracker.send(records.subarray(20));
    expect((await tracker.read(6)).toString('hex')).toBe('0002640113bc');
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'ruptela', fixTime: '2015-05-27T13:50:49.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(25.278855, 6);
    expect(position?.longitude as number).toBeCloseTo(55.3460016, 6);
    tracker.close();
  });
});

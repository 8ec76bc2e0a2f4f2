import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// a captured SA200 status report with its asserted values (shared/reference/vectors/suntech.json)
const vector = loadVectors('suntech').find((v) => v.message.startsWith('SA200STT;317652;042;20120718;15:37:12'))!;

describe.each(testDatabases())('Suntech on $name', (database) => {
  const app = useProtocolApp(database, 'suntech', '317652');

  it('stores a report split across two segments, sends nothing back, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('suntech'));
    tracker.send(vector.message.slice(0, 30));
    tracker.send(`${vector.message.slice(30)}\r`);
    const position = await eventually(async () => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'suntech', valid: true, fixTime: '2012-07-18T15:37:12.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(vector.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(vector.values!.longitude as number, 5);
    // Traccar acknowledges no Suntech report
    expect((await tracker.drain(200)).length).toBe(0);
    tracker.close();
  });
});

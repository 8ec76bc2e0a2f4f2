import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, udpExchange } from '../helpers/tracker-client.js';

// a captured V1 report with its asserted values (shared/reference/vectors/h02.json)
const vector = loadVectors('h02').find((v) => v.message.startsWith('*HQ,4210051415,V1,164549'))!;

describe.each(testDatabases())('H02 on $name', (database) => {
  const app = useProtocolApp(database, 'h02', '4210051415');

  it('stores a V1 report, answers V4,V1, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('h02'));
    tracker.send(`${vector.message}\r\n`);
    expect((await tracker.read(36)).toString('latin1')).toMatch(/^\*HQ,4210051415,V4,V1,\d{14}#$/);
    const position = await latestPosition(app);
    expect(position).toMatchObject({ protocol: 'h02', valid: true, fixTime: '2015-12-22T16:45:49.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(vector.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(vector.values!.longitude as number, 5);
    tracker.close();
  });

  it('answers the same report over UDP', async () => {
    const reply = await udpExchange(app.trackers.portOf('h02', 'udp'), vector.message);
    expect(reply.toString('latin1')).toMatch(/^\*HQ,4210051415,V4,V1,\d{14}#$/);
  });
});

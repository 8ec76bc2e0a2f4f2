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

// a captured long (45-byte) binary report (shared/reference/vectors/h02.json): tracker 4106000826, 2015-08-31 21:53:21,
// here with a 0x24 byte ('$', which also starts a report) in the cell bytes after the first 32
const longReport = '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02240c000000001f';

describe.each(testDatabases())('H02 binary reports on $name', (database) => {
  const app = useProtocolApp(database, 'h02', '4106000826');

  it('stores every long report of a burst that came in one read', async () => {
    // the same report a minute later (its time is BCD hhmmss after the identifier)
    const minuteLater = longReport.replace('215321', '215421');
    const tracker = await connectTracker(app.trackers.portOf('h02'));
    tracker.send(Buffer.from(longReport + minuteLater, 'hex'));
    const history = async () =>
      ((await app.admin.get(`/api/positions?deviceId=${app.deviceId}&from=2015-08-31T00:00:00Z&to=2015-09-01T00:00:00Z`)).json() as { fixTime: string }[]).map((position) => position.fixTime);
    await expect.poll(history).toEqual(['2015-08-31T21:53:21.000+00:00', '2015-08-31T21:54:21.000+00:00']);
    tracker.close();
  });
});

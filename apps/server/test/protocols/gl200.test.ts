import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually, udpExchange } from '../helpers/tracker-client.js';

const vectors = loadVectors('gl200');
// captured heartbeat and fixed-interval report of the same device (shared/reference/vectors/gl200.json)
const heartbeat = vectors.find((v) => v.message.startsWith('+ACK:GTHBD,1A0401,135790246811220'))!;
const report = vectors.find((v) => v.message.startsWith('+RESP:GTFRI,020102,135790246811220,,0,0,1,1,4.3'))!;

describe.each(testDatabases())('GL200 on $name', (database) => {
  const app = useProtocolApp(database, 'gl200', '135790246811220');

  it('answers a heartbeat with +SACK, stores a report, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('gl200'));
    tracker.send(`${heartbeat.message}$`);
    expect((await tracker.read(24)).toString('latin1')).toBe('+SACK:GTHBD,1A0401,11F0$');
    tracker.send(`${report.message.replace(/\$$/, '')}$`);
    const position = await eventually(async () => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'gl200', valid: true, fixTime: '2009-02-14T01:32:54.000+00:00', latitude: 31.222073, longitude: 121.354335 });
    tracker.close();
  });

  it('answers the heartbeat over UDP', async () => {
    const reply = await udpExchange(app.trackers.portOf('gl200', 'udp'), `${heartbeat.message}$`);
    expect(reply.toString('latin1')).toBe('+SACK:GTHBD,1A0401,11F0$');
  });
});

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

describe.each(testDatabases())("GL200 with the device's gl200.ack setting on $name", (database) => {
  const app = useProtocolApp(database, 'gl200', '135790246811220');

  it('answers a report with +SACK and its count number once it is stored, so a device in SACK mode drops it from its buffer', async () => {
    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, attributes: { 'gl200.ack': true } })).statusCode).toBe(200);
    const tracker = await connectTracker(app.trackers.portOf('gl200'));
    tracker.send(`${report.message.replace(/\$$/, '')}$`);
    const count = report.message.replace(/\$$/, '').slice(-4);
    expect((await tracker.read(11)).toString('latin1')).toBe(`+SACK:${count}$`);
    expect(await latestPosition(app)).toMatchObject({ protocol: 'gl200', fixTime: '2009-02-14T01:32:54.000+00:00' });
    tracker.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtocolServers, type ProtocolServers } from '../../src/protocols/protocol-servers.js';
import { readPlaylist } from '../helpers/hls-playlist-reader.js';
import { pictureBytes, picturePackets } from '../helpers/jt1078-camera.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestDatabase, type TestServer } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';
import { readTransportStream } from '../helpers/transport-stream-reader.js';
import { JT808_AUTHENTICATION as authentication, JT808_GENERAL_ANSWER_BYTES, JT808_REGISTRATION as registration, JT808_REGISTRATION_ANSWER_BYTES } from '../helpers/jt808-terminal.js';

const SIM = '079042262206';
// a captured 0x0200 location of the terminal (shared/reference/vectors/jt808.json), with no 7E or 7D inside to escape
const location = Buffer.from(loadVectors('jt808').find((v) => v.message.startsWith('7e0200004107904226220608ca'))!.message, 'hex');

/** A JT808 frame's body (after the 12-byte header of the 2013 layout), read off the wire. */
const bodyOf = (frame: Buffer) => frame.subarray(13, -2);

/** The app with the JT808 and JT1078 listeners and the terminal's device, under `env` besides WEB_URL; closed after the suite. */
const useVideoApp = (database: TestDatabase, env: Record<string, string> = {}) => {
  const app = {} as { server: TestServer; trackers: ProtocolServers; admin: Client; deviceId: number };
  beforeAll(async () => {
    app.server = await startTestServer(database, { WEB_URL: 'http://127.0.0.1:8082', ...env });
    app.admin = await bootstrapAdmin(app.server.app);
    app.deviceId = (await app.admin.post('/api/devices', { name: 'Bus camera', uniqueId: '79042262206' })).json().id;
    app.trackers = await startProtocolServers(app.server.ctx, [{ protocol: 'jt808', port: 0 }, { protocol: 'jt1078', port: 0 }], '127.0.0.1');
  });
  afterAll(async () => {
    await app.trackers?.close();
    await app.server?.close();
  });
  return app;
};

describe.each(testDatabases())('JT1078 live video on $name', (database) => {
  const app = useVideoApp(database);

  const stream = (path: string, client = app.admin) => client.get(`/api/stream/${app.deviceId}/1/${path}`);

  it('asks the terminal to stream, takes the camera’s pictures on the video port and serves them as HLS to whoever sees the device', async () => {
    const terminal = await connectTracker(app.trackers.portOf('jt808'));
    terminal.send(registration);
    await terminal.read(JT808_REGISTRATION_ANSWER_BYTES);
    terminal.send(authentication);
    await terminal.read(JT808_GENERAL_ANSWER_BYTES);
    terminal.send(location);
    await terminal.read(JT808_GENERAL_ANSWER_BYTES);
    expect(await eventually(() => latestPosition(app))).toBeDefined();

    expect((await stream('live.m3u8')).statusCode).toBe(404);
    expect((await app.admin.post('/api/commands/send', { type: 'videoStart', deviceId: app.deviceId, attributes: { index: 1 } })).statusCode).toBe(200);
    // 9101: the host's length and the host, the video port, no UDP port, channel 1, video only, main stream
    const request = await terminal.read(13 + 1 + 9 + 7 + 2);
    expect(request.readUInt16BE(1)).toBe(0x9101);
    const port = Buffer.alloc(2);
    port.writeUInt16BE(app.trackers.portOf('jt1078'));
    expect(bodyOf(request).toString('hex')).toBe(`09${Buffer.from('127.0.0.1').toString('hex')}${port.toString('hex')}0000010100`);

    const camera = await connectTracker(app.trackers.portOf('jt1078'));
    const key = pictureBytes(true, 3_000);
    const sent = [{ key: true, timestamp: 10_000, data: key }];
    for (let index = 1; index < 25; index++) sent.push({ key: false, timestamp: 10_000 + index * 40, data: pictureBytes(false, 400, index) });
    sent.push({ key: true, timestamp: 11_000, data: pictureBytes(true, 3_000, 9) });
    for (const picture of sent) camera.send(Buffer.concat(picturePackets(SIM, 1, picture.key, picture.timestamp, picture.data)));

    const playlist = await eventually(async () => {
      const response = await stream('live.m3u8');
      return response.statusCode === 200 ? response : undefined;
    });
    expect(playlist?.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const manifest = readPlaylist(playlist!.body);
    expect(manifest.segments.map((segment) => [segment.uri, segment.duration])).toEqual([['0.ts', 1]]);

    const segment = await stream('0.ts');
    expect([segment.statusCode, segment.headers['content-type']]).toEqual([200, 'video/mp2t']);
    const read = readTransportStream(segment.rawPayload);
    expect(read.codecs).toEqual(['avc']);
    expect(read.pictures.map((picture) => picture.pts)).toEqual(sent.slice(0, 25).map((picture) => (picture.timestamp - 10_000) * 90));
    // each picture as the camera sent it, after the access unit delimiter HLS asks for
    expect(read.pictures[0]!.data.subarray(6).equals(key)).toBe(true);

    expect((await stream('1.ts')).statusCode).toBe(404);
    expect((await app.admin.get(`/api/stream/${app.deviceId}/2/live.m3u8`)).statusCode).toBe(404);
    const stranger = await createUser(app.admin, app.server.app, { email: 'stranger@example.com' });
    expect((await stream('live.m3u8', stranger)).statusCode).toBeGreaterThanOrEqual(403);

    // the camera's connection goes; the terminal's stays the device's: online, and taking its commands
    camera.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const device = (await app.admin.get(`/api/devices?id=${app.deviceId}`)).json()[0];
    expect(device.status).toBe('online');
    expect((await app.admin.post('/api/commands/send', { type: 'videoStop', deviceId: app.deviceId, attributes: { index: 1 } })).statusCode).toBe(200);
    const stop = await terminal.read(13 + 4 + 2);
    expect([stop.readUInt16BE(1), bodyOf(stop).toString('hex')]).toEqual([0x9102, '01000000']);
    terminal.close();
  });

  it('closes a video connection that sends something else than JT1078 packets', async () => {
    const camera = await connectTracker(app.trackers.portOf('jt1078'));
    camera.send(Buffer.concat([Buffer.from('01cd', 'latin1'), Buffer.from('8162000107904226220601f0', 'hex'), Buffer.alloc(20)]));
    expect(await eventually(async () => (camera.isClosed() ? true : undefined))).toBe(true);
  });
});

describe.each(testDatabases())('JT808 live video without WEB_URL on $name', (database) => {
  const app = useProtocolApp(database, 'jt808', '79042262206');

  it('refuses videoStart with what the server lacks', async () => {
    const terminal = await connectTracker(app.trackers.portOf('jt808'));
    terminal.send(registration);
    await terminal.read(JT808_REGISTRATION_ANSWER_BYTES);
    const refused = await app.admin.post('/api/commands/send', { type: 'videoStart', deviceId: app.deviceId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/WEB_URL/);
    terminal.close();
  });
});

describe.each(testDatabases())('JT1078 live video nobody watches on $name', (database) => {
  const app = useVideoApp(database, { VIDEO_IDLE_TIMEOUT: '1' });

  /** Streams `seconds` of pictures in real time, a key frame a second, asking for the playlist every `watchEveryMs` if given. */
  const stream = async (seconds: number, watchEveryMs?: number) => {
    const camera = await connectTracker(app.trackers.portOf('jt1078'));
    for (let frame = 0; frame < seconds * 10; frame++) {
      camera.send(Buffer.concat(picturePackets(SIM, 1, frame % 10 === 0, frame * 100, pictureBytes(frame % 10 === 0, 300, frame))));
      if (watchEveryMs !== undefined && (frame * 100) % watchEveryMs === 0) await app.admin.get(`/api/stream/${app.deviceId}/1/live.m3u8`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    camera.close();
  };

  it('asks the camera to stop once nobody has requested its video for the idle timeout, and not while someone does', async () => {
    const terminal = await connectTracker(app.trackers.portOf('jt808'));
    terminal.send(registration);
    await terminal.read(JT808_REGISTRATION_ANSWER_BYTES);
    await stream(2.5, 300);
    expect((await terminal.drain(100)).length).toBe(0);
    await stream(2.5);
    const stop = await terminal.read(13 + 4 + 2);
    expect([stop.readUInt16BE(1), bodyOf(stop).toString('hex')]).toEqual([0x9102, '01000000']);
    terminal.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

/** A PNG signature and some bytes: the server goes by the declared content type. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe.each(testDatabases())('device images on $name', (database) => {
  let server: TestServer;
  let folder: string;
  let owner: Client;
  let stranger: Client;
  let readonly: Client;
  let deviceId: number;

  const upload = (client: Client | undefined, id: number, body: Buffer, type: string) =>
    server.app.inject({ method: 'POST', url: `/api/devices/${id}/image`, headers: { 'content-type': type, ...(client ? { cookie: client.cookie } : {}) }, payload: body });

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-media-'));
    server = await startTestServer(database, { MEDIA_PATH: folder });
    const admin = await bootstrapAdmin(server.app);
    owner = await createUser(admin, server.app, { email: 'owner@example.com' });
    stranger = await createUser(admin, server.app, { email: 'stranger@example.com' });
    readonly = await createUser(admin, server.app, { email: 'viewer@example.com', readonly: true });
    deviceId = (await owner.post('/api/devices', { name: 'Van', uniqueId: '860000000000001' })).json().id;
    expect((await admin.post('/api/permissions', { userId: readonly.user.id, deviceId })).statusCode).toBe(204);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('stores an uploaded image as device.<ext> and serves it back to those who see the device', async () => {
    const response = await upload(owner, deviceId, PNG, 'image/png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('device.png');
    expect(fs.readFileSync(path.join(folder, '860000000000001', 'device.png'))).toEqual(PNG);

    const served = await server.app.inject({ method: 'GET', url: '/api/media/860000000000001/device.png', headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG);
    expect((await server.app.inject({ method: 'GET', url: '/api/media/860000000000001/device.png', headers: { cookie: readonly.cookie } })).statusCode).toBe(200);
  });

  it('keeps images from users who do not see the device, and from anonymous callers', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/media/860000000000001/device.png', headers: { cookie: stranger.cookie } })).statusCode).toBe(403);
    expect((await anonymous(server.app).get('/api/media/860000000000001/device.png')).statusCode).toBe(401);
    expect((await upload(stranger, deviceId, PNG, 'image/png')).statusCode).toBe(403);
    expect((await upload(readonly, deviceId, PNG, 'image/png')).statusCode).toBe(403);
    expect((await upload(undefined, deviceId, PNG, 'image/png')).statusCode).toBe(401);
  });

  it('refuses other types, empty and oversized images, unknown devices and files that are not there', async () => {
    expect((await upload(owner, deviceId, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(400);
    expect((await upload(owner, deviceId, Buffer.from('{}'), 'application/json')).statusCode).toBe(400);
    expect((await upload(owner, deviceId, Buffer.alloc(0), 'image/jpeg')).statusCode).toBe(400);
    expect((await upload(owner, deviceId, Buffer.alloc(500_001, 1), 'image/jpeg')).statusCode).toBe(400);
    expect((await upload(owner, 999_999, PNG, 'image/png')).statusCode).toBe(404);
    const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect((await get('/api/media/860000000000001/photo.jpeg')).statusCode).toBe(404);
    expect((await get('/api/media/nobody/device.png')).statusCode).toBe(404);
    expect((await get('/api/media/860000000000001/..%2F..%2Fdatabase.sqlite')).statusCode).toBe(404);
    // the earlier image is still the one stored
    expect(fs.readFileSync(path.join(folder, '860000000000001', 'device.png'))).toEqual(PNG);
  });

  it('replaces the image when a new one is uploaded', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect((await upload(owner, deviceId, jpeg, 'image/jpeg')).body).toBe('device.jpeg');
    const served = await server.app.inject({ method: 'GET', url: '/api/media/860000000000001/device.jpeg', headers: { cookie: owner.cookie } });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload).toEqual(jpeg);
  });
});

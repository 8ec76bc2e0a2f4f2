import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('users who see each device, many devices at once, on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  let direct: Client;
  let regional: Client;
  const ids: Record<string, number> = {};

  const created = async (client: Client, path: string, body: Record<string, unknown>) => ((await client.post(path, body)).json() as { id: number }).id;
  const link = async (body: Record<string, number>) => expect((await admin.post('/api/permissions', body)).statusCode).toBe(204);

  beforeAll(async () => {
    server = await startTestServer(database);
    admin = await bootstrapAdmin(server.app);
    direct = await createUser(admin, server.app, { email: 'direct@example.com' });
    regional = await createUser(admin, server.app, { email: 'regional@example.com' });
    ids.region = await created(admin, '/api/groups', { name: 'Region' });
    ids.depot = await created(admin, '/api/groups', { name: 'Depot', groupId: ids.region });
    ids.inDepot = await created(admin, '/api/devices', { name: 'Depot truck', uniqueId: 'followers-1', groupId: ids.depot });
    ids.alone = await created(admin, '/api/devices', { name: 'Lone van', uniqueId: 'followers-2' });
    ids.both = await created(admin, '/api/devices', { name: 'Shared car', uniqueId: 'followers-3', groupId: ids.region });
    await link({ userId: regional.user.id, groupId: ids.region });
    await link({ userId: direct.user.id, deviceId: ids.alone });
    await link({ userId: direct.user.id, deviceId: ids.both });
  });
  afterAll(() => server.close());

  it('finds links to the device and to every group above it, for each device asked', async () => {
    const seeing = await server.ctx.policy.usersSeeingDevices([ids.inDepot!, ids.alone!, ids.both!, 999_999]);
    const sorted = (deviceId: number) => [...(seeing.get(deviceId) ?? [])].sort((a, b) => a - b);
    // the administrator created everything and is linked to each device and group it made
    expect(sorted(ids.inDepot!)).toEqual([admin.user.id, regional.user.id].sort((a, b) => a - b));
    expect(sorted(ids.alone!)).toEqual([admin.user.id, direct.user.id].sort((a, b) => a - b));
    expect(sorted(ids.both!)).toEqual([admin.user.id, direct.user.id, regional.user.id].sort((a, b) => a - b));
    expect(seeing.get(999_999)).toEqual([]);
  });

  it('answers for more devices than one query takes', async () => {
    const many = Array.from({ length: 1200 }, (_, index) => (index % 2 === 0 ? ids.alone! : 1_000_000 + index));
    const seeing = await server.ctx.policy.usersSeeingDevices(many);
    expect([...(seeing.get(ids.alone!) ?? [])].sort((a, b) => a - b)).toEqual([admin.user.id, direct.user.id].sort((a, b) => a - b));
    expect(seeing.size).toBe(601);
  });
});

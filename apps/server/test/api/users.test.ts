import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, bootstrapAdmin, createUser, login, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

describe.each(testDatabases())('users and registration on $name', (database) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(database);
    const fresh = (await anonymous(server.app).get('/api/server')).json();
    expect(fresh.newServer).toBe(true);
    admin = await bootstrapAdmin(server.app);
  });
  afterAll(() => server.close());

  it('stores passwords hashed and never returns them', async () => {
    const created = await admin.post('/api/users', { name: 'Ann', email: 'ann@example.com', password: 'ann-password' });
    expect(created.json().password).toBeNull();
    const rows = await server.ctx.storage.db.selectFrom('users').select('hashedPassword').where('email', '=', 'ann@example.com').execute();
    expect(rows[0]?.hashedPassword).toMatch(/^scrypt\$/);
    expect(rows[0]?.hashedPassword).not.toContain('ann-password');
    expect(JSON.stringify((await admin.get('/api/users')).json())).not.toContain('scrypt');
  });

  it('refuses registration while server.registration is off, allows it once on, without privileges', async () => {
    const guest = anonymous(server.app);
    expect((await guest.post('/api/users', { name: 'Reg', email: 'reg@example.com', password: 'reg-password' })).statusCode).toBe(403);
    const settings = (await admin.get('/api/server')).json();
    expect((await admin.put('/api/server', { ...settings, registration: true })).statusCode).toBe(200);
    expect((await guest.post('/api/users', { name: 'Reg', email: 'reg@example.com', password: 'reg-password', administrator: true })).statusCode).toBe(403);
    const registered = await guest.post('/api/users', { name: 'Reg', email: 'reg@example.com', password: 'reg-password' });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ administrator: false, deviceLimit: -1, userLimit: 0 });
    expect((await guest.post('/api/users', { name: 'Reg2', email: 'REG@example.com', password: 'x' })).statusCode).toBe(400);
    expect((await guest.post('/api/users', { name: 'Bad', email: 'not-an-email', password: 'x' })).statusCode).toBe(400);
    await admin.put('/api/server', { ...settings, registration: false });
  });

  it('lets a manager create users up to the limit, only without privileges', async () => {
    const manager = await createUser(admin, server.app, { email: 'mgr@example.com', userLimit: 2 });
    expect((await manager.post('/api/users', { name: 'Boss', email: 'boss2@example.com', password: 'x', administrator: true })).statusCode).toBe(403);
    expect((await manager.post('/api/users', { name: 'M1', email: 'm1@example.com', password: 'x' })).statusCode).toBe(200);
    expect((await manager.post('/api/users', { name: 'M2', email: 'm2@example.com', password: 'x', readonly: true })).statusCode).toBe(200);
    expect((await manager.post('/api/users', { name: 'M3', email: 'm3@example.com', password: 'x' })).statusCode).toBe(403);
    const managed = (await manager.get('/api/users')).json().map((u: { email: string }) => u.email);
    expect(managed).toEqual(['m1@example.com', 'm2@example.com']);
  });

  it('lets users edit their profile but not their privileges, and changes passwords', async () => {
    const user = await createUser(admin, server.app, { email: 'self@example.com' });
    const me = (await user.get(`/api/users/${user.user.id}`)).json();
    expect((await user.put(`/api/users/${me.id}`, { ...me, name: 'New Name', password: 'new-password' })).statusCode).toBe(200);
    expect((await user.put(`/api/users/${me.id}`, { ...me, userLimit: 10 })).statusCode).toBe(403);
    expect((await user.put(`/api/users/${me.id}`, { ...me, readonly: true })).statusCode).toBe(403);
    await expect(login(server.app, 'self@example.com', 'secret-password')).rejects.toThrow();
    const again = await login(server.app, 'self@example.com', 'new-password');
    expect(again.user.name).toBe('New Name');
  });

  it('lets a readonly user store push tokens and accept terms, nothing else', async () => {
    const reader = await createUser(admin, server.app, { email: 'reader@example.com', readonly: true });
    const me = (await reader.get(`/api/users/${reader.user.id}`)).json();
    expect((await reader.put(`/api/users/${me.id}`, { ...me, attributes: { notificationTokens: 'abc', termsAccepted: true } })).statusCode).toBe(200);
    expect((await reader.put(`/api/users/${me.id}`, { ...me, name: 'Changed' })).statusCode).toBe(403);
    expect((await reader.post('/api/devices', { name: 'x', uniqueId: 'reader-1' })).statusCode).toBe(403);
  });

  it('deleting a user ends its sessions and links', async () => {
    const doomed = await createUser(admin, server.app, { email: 'doomed@example.com' });
    const device = (await doomed.post('/api/devices', { name: 'D', uniqueId: 'doomed-1' })).json();
    expect((await admin.delete(`/api/users/${doomed.user.id}`)).statusCode).toBe(204);
    expect((await doomed.get('/api/devices')).statusCode).toBe(401);
    expect((await admin.get(`/api/users/${doomed.user.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/permissions?userId=${doomed.user.id}&deviceId=${device.id}`)).json()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { anonymous, bootstrapAdmin, login, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

describe.each(testDatabases())('password reset by e-mail on $name', (database) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Client;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(database, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'tracklane@example.com', WEB_URL: 'https://track.example.com/' });
    admin = await bootstrapAdmin(server.app);
    await admin.post('/api/users', { name: 'Forgetful', email: 'forgetful@example.com', password: 'old-password' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** The token in the last mail's link (the body is quoted-printable: soft breaks and =XX escapes). */
  const linkToken = () => {
    const body = smtp.received.at(-1)!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return decodeURIComponent(/passwordReset=([\w%-]+)/.exec(body)![1]!);
  };

  it('reports e-mail as enabled and mails a one-time link to the account', async () => {
    expect((await anonymous(server.app).get('/api/server')).json().emailEnabled).toBe(true);
    const response = await server.app.inject({ method: 'POST', url: '/api/password/reset', ...form({ email: 'forgetful@example.com' }) });
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['forgetful@example.com']);
    expect(smtp.received[0]!.raw).toContain('https://track.example.com/reset-password?passwordReset=');
  });

  it('answers the same for unknown addresses, without sending anything', async () => {
    const before = smtp.received.length;
    const response = await server.app.inject({ method: 'POST', url: '/api/password/reset', ...form({ email: 'nobody@example.com' }) });
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(before);
  });

  it('sets the new password once, signs out old sessions, and refuses the used link', async () => {
    const oldSession = await login(server.app, 'forgetful@example.com', 'old-password');
    await server.app.inject({ method: 'POST', url: '/api/password/reset', ...form({ email: 'forgetful@example.com' }) });
    const token = linkToken();
    const update = await server.app.inject({ method: 'POST', url: '/api/password/update', ...form({ token, password: 'new-password' }) });
    expect(update.statusCode).toBe(200);
    expect((await oldSession.get('/api/devices')).statusCode).toBe(401);
    await expect(login(server.app, 'forgetful@example.com', 'old-password')).rejects.toThrow(/401/);
    expect((await login(server.app, 'forgetful@example.com', 'new-password')).user.email).toBe('forgetful@example.com');
    const again = await server.app.inject({ method: 'POST', url: '/api/password/update', ...form({ token, password: 'third-password' }) });
    expect(again.statusCode).toBe(400);
    const forged = await server.app.inject({ method: 'POST', url: '/api/password/update', ...form({ token: 'not-a-token', password: 'x' }) });
    expect(forged.statusCode).toBe(400);
  });
});

import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { MAILBOX, OSMAND_PORT, WEB_PORT } from './ports';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const OSMAND = `http://127.0.0.1:${OSMAND_PORT}`;
const API = `http://127.0.0.1:${WEB_PORT}`;
const adminAuth = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString('base64')}`;

export const signIn = async (page: Page, email = ADMIN.email, password = ADMIN.password) => {
  await page.goto('/login');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
};

/**
 * Picks an option of a select until the select shows it: a click while the list is still opening
 * can miss on a slow machine (the list stays open and nothing is picked), and a form re-rendering
 * as its data arrives can close the list under the click.
 */
export const pickOption = async (page: Page, combobox: string, option: string) => {
  const select = page.getByRole('combobox', { name: combobox });
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await select.click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 2000 });
    await expect(select).toHaveText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
};

/** Creates a device through the API with the admin's credentials (Basic auth). */
export const createDevice = async (name: string, uniqueId: string, category?: string) => {
  const response = await fetch(`${API}/api/devices`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: adminAuth },
    body: JSON.stringify({ name, uniqueId, ...(category ? { category } : {}) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number };
};

/** Reports a position as the Traccar Client app would; the answer's text (a command queued for the phone, if any). */
export const report = async (uniqueId: string, fields: Record<string, string | number>): Promise<string> => {
  const query = new URLSearchParams({ id: uniqueId, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) });
  const response = await fetch(`${OSMAND}/?${query}`);
  expect(response.status).toBe(200);
  return response.text();
};

export const createUser = async (name: string, email: string, password: string) => {
  const response = await fetch(`${API}/api/users`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: adminAuth }, body: JSON.stringify({ name, email, password }) });
  expect(response.status).toBe(200);
};

/** The mails the run's SMTP sink has received so far. */
export const readMailbox = (): { to: string[]; raw: string }[] => JSON.parse(fs.readFileSync(MAILBOX, 'utf8')) as { to: string[]; raw: string }[];

/** The reset link of the last mail sent to `email` (bodies are quoted-printable). */
export const resetLink = async (email: string): Promise<string> => {
  await expect.poll(() => readMailbox().some((mail) => mail.to.includes(email))).toBe(true);
  const raw = readMailbox().filter((mail) => mail.to.includes(email)).at(-1)!.raw;
  const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = /https?:\/\/\S+passwordReset=[\w%-]+/.exec(body)![0];
  return link.replace(/^https?:\/\/[^/]+/, '');
};

// a bodyless request (DELETE) must not claim a JSON body, or the server refuses it as malformed
const jsonType = (init: RequestInit): Record<string, string> => (init.body === undefined ? {} : { 'Content-Type': 'application/json' });

/** Calls the API as the administrator (Basic auth) and returns the parsed JSON. */
export const adminApi = async <T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
  const response = await fetch(`${API}${path}`, { ...init, headers: { ...jsonType(init), Authorization: adminAuth, ...init.headers } });
  const text = await response.text();
  return { status: response.status, body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
};

/** Calls the API with someone's e-mail and password. */
export const userApi = async (email: string, password: string, path: string, init: RequestInit = {}) =>
  fetch(`${API}${path}`, { ...init, headers: { ...jsonType(init), Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`, ...init.headers } });

import { expect, test } from '@playwright/test';
import type { Statistics } from '@tracklane/domain';
import dayjs from 'dayjs';
import { adminApi, createDevice, createUser, report, signIn, userApi } from './helpers';
import { WEB_PORT } from './ports';

// The e2e server captures statistics every 2 seconds (STATISTICS_INTERVAL in playwright.config.ts).
const COLUMNS = ['Capture time', 'Active users', 'Active devices', 'Requests', 'Messages received', 'Messages stored', 'Mail', 'SMS', 'Geocoder', 'Geolocation'];

const rowsSince = async (after: number) => {
  const from = new Date(after + 1).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const { status, body } = await adminApi<Statistics[]>(`/api/statistics?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(status).toBe(200);
  return body;
};

/** Waits for the first capture after `after` and returns its time. */
const nextCapture = async (after: number) => {
  let captured = 0;
  await expect.poll(async () => {
    const [first] = await rowsSince(after);
    return (captured = first?.captureTime ? Date.parse(first.captureTime) : 0);
  }, { timeout: 10_000 }).toBeGreaterThan(after);
  return captured;
};

const sum = (rows: Statistics[], field: keyof Statistics) => rows.reduce((total, row) => total + Number(row[field]), 0);

test('the administrator sees the captured usage of today in the statistics table', async ({ page }) => {
  // start from a clean capture so the rows after it hold only this test's activity
  const start = await nextCapture(Date.now());

  await createUser('Stats reader', 'stats@example.com', 'stats-password');
  await createDevice('Stats truck', 'stats-truck-1');
  await report('stats-truck-1', { lat: 28.6139, lon: 77.209, timestamp: Math.floor(Date.now() / 1000) - 60, speed: 12 });
  await report('stats-truck-1', { lat: 28.6145, lon: 77.2101, timestamp: Math.floor(Date.now() / 1000) - 30, speed: 14 });
  expect((await userApi('stats@example.com', 'stats-password', '/api/devices')).status).toBe(200);
  const reset = await fetch(`http://127.0.0.1:${WEB_PORT}/api/password/reset`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'email=stats%40example.com' });
  expect(reset.status).toBe(200);
  const activityEnd = Date.now();
  await nextCapture(activityEnd);

  const rows = await rowsSince(start);
  expect(sum(rows, 'messagesReceived')).toBe(2);
  expect(sum(rows, 'messagesStored')).toBe(2);
  expect(sum(rows, 'mailSent')).toBe(1);
  expect(Math.max(...rows.map((row) => row.activeDevices))).toBe(1);
  expect(Math.max(...rows.map((row) => row.activeUsers))).toBeGreaterThanOrEqual(1);
  expect(sum(rows, 'requests')).toBeGreaterThanOrEqual(5);

  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.goto('/admin/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Today' }).click();
  await page.getByRole('button', { name: 'Show' }).click();

  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
  // every capture holding this test's positions or mail is shown with its counts
  const busy = rows.filter((row) => row.messagesStored > 0 || row.mailSent > 0);
  expect(busy.length).toBeGreaterThan(0);
  for (const row of busy) {
    const time = dayjs(row.captureTime).format('YYYY-MM-DD HH:mm:ss');
    const cells = [time, row.activeUsers, row.activeDevices, row.requests, row.messagesReceived, row.messagesStored, row.mailSent, row.smsSent, row.geocoderRequests, row.geolocationRequests].map(String);
    await expect(table.getByRole('row').filter({ hasText: time }).getByRole('cell')).toHaveText(cells);
  }
  // and the whole day's captures, oldest first
  await expect.poll(async () => table.locator('tbody tr').count()).toBeGreaterThanOrEqual(rows.length);
  const shownTimes = await table.locator('tbody tr td:first-child').allTextContents();
  expect(shownTimes).toEqual([...shownTimes].sort());
});

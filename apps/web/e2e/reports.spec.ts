import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, createDevice, report, signIn } from './helpers';
import { MAILBOX } from './ports';

const DEVICE = { name: 'Report truck', uniqueId: 'report-truck-1' };

/** A drive north at 30 kn (≈ 926 m a minute), a 10-minute stop, then a second drive. */
const ingestJourney = async () => {
  // a retried worker runs beforeAll again; the journey is already stored then
  const existing = (await adminApi<{ uniqueId: string }[]>('/api/devices?all=true')).body;
  if (existing.some((device) => device.uniqueId === DEVICE.uniqueId)) return;
  await createDevice(DEVICE.name, DEVICE.uniqueId);
  const start = Math.floor(Date.now() / 1000) - 50 * 60;
  let time = start;
  let lat = 28.6;
  const send = (speed: number, extra: Record<string, number | string> = {}) => report(DEVICE.uniqueId, { lat: lat.toFixed(6), lon: 77.2, speed, timestamp: time, ...extra });
  for (let minute = 0; minute < 8; minute++, time += 60, lat += 0.00833) await send(30, { ignition: 'true' });
  for (let minute = 0; minute < 10; minute++, time += 60) await send(0, { ignition: 'false' });
  for (let minute = 0; minute < 8; minute++, time += 60, lat += 0.00833) await send(30, { ignition: 'true' });
};

const chooseDevice = async (page: Page) => {
  await page.getByRole('combobox', { name: 'Device' }).click();
  await page.getByRole('option', { name: DEVICE.name }).click();
  await page.keyboard.press('Escape');
};

test.beforeAll(ingestJourney);

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
});

test('route, trips, stops and summary reports show the ingested journey in the grid', async ({ page }) => {
  await page.goto('/reports/route');
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  const table = page.getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(26 + 1));
  await expect(table.getByRole('columnheader', { name: 'Total distance' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Total distance' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Total distance' })).toBeVisible();

  // the pipeline turned the ignition changes into events
  await page.getByRole('link', { name: 'Events' }).click();
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row', { name: /Ignition off/ }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: /Ignition on/ }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Trips' }).click();
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '3');
  await expect(page.getByRole('row').nth(1)).toContainText('km');

  await page.getByRole('link', { name: 'Stops' }).click();
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-rowcount', '1');

  await page.getByRole('link', { name: 'Summary' }).click();
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText(DEVICE.name);
});

test('the chart draws speed over time, and export downloads a spreadsheet', async ({ page }) => {
  await page.goto('/reports/chart');
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Show' }).click();
  // the speed line: one path through every plotted point (the legend mark is a short stroke)
  await expect
    .poll(() => page.getByTestId('chart').locator('svg path').evaluateAll((paths) => Math.max(...paths.map((path) => (path.getAttribute('d') ?? '').split(/[LC]/).length))))
    .toBeGreaterThan(20);

  await page.goto('/reports/trip');
  await chooseDevice(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  // an xlsx is a zip archive
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('email sends the spreadsheet to the user', async ({ page }) => {
  await page.goto('/reports/summary');
  await chooseDevice(page);
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByText('The report is on its way to your mailbox')).toBeVisible();
  await expect
    .poll(() => (JSON.parse(fs.readFileSync(MAILBOX, 'utf8')) as { to: string[]; raw: string }[]).some((mail) => mail.to.includes('admin@example.com') && mail.raw.includes('.xlsx')), { timeout: 15_000 })
    .toBe(true);
});

test('a failed report says why instead of showing an empty grid', async ({ page }) => {
  await page.goto('/reports/route');
  await chooseDevice(page);
  await page.route('**/api/reports/route?**', (route) => route.fulfill({ status: 400, contentType: 'text/plain', body: 'Invalid time range' }));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid time range');
});

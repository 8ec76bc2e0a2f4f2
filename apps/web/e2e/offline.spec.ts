import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './helpers';
import { OwnServer } from './own-server';
import { WEB_PORT } from './ports';

const server = new OwnServer(WEB_PORT + 11);

test.beforeAll(() => server.start());
test.afterAll(() => server.dispose());

/** Waits until the service worker controls the page, so that the next reload can be served from its cache. */
const workerInControl = async (page: Page) => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
};

test('with the server stopped, reloading the login page still shows the app', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await expect(page.locator('button[type=submit]')).toBeVisible();
  await workerInControl(page);
  await server.stop();
  try {
    await page.reload();
    await expect(page.locator('input[name=email]')).toBeVisible();
    await expect(page.locator('button[type=submit]')).toBeVisible();
  } finally {
    await server.start();
  }
});

test('with the server stopped, a signed-in page keeps its frame and says so, and comes back with the server', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.locator('input[name=email]').fill(ADMIN.email);
  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('map')).toBeVisible();
  await page.goto(`${server.url}/settings/devices`);
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await workerInControl(page);

  await server.stop();
  try {
    await page.reload();
    // the page is served by the worker: still the signed-in address, the app's bar, and the reason
    await expect(page).toHaveURL(/\/settings\/devices$/);
    await expect(page.getByTestId('offline-shell')).toContainText('Connection error');
    await expect(page.getByRole('banner')).toContainText('Tracklane');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  } finally {
    await server.start();
  }
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('offline-shell')).toHaveCount(0);
});

test('the app is installable: a manifest with PNG icons of the sizes browsers ask for', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as { display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
    expect(icon, size).toBeDefined();
    const response = await request.get(icon!.src);
    expect(response.headers()['content-type']).toBe('image/png');
    // the PNG header's width field matches the declared size
    expect((await response.body()).readUInt32BE(16)).toBe(Number(size.split('x')[0]));
  }
});

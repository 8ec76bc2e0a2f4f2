import { expect, test } from '@playwright/test';
import { createDevice, report, signIn } from './helpers';
import { mapCentre, near, renderedMarker, type LngLat } from './map-probe';

test('a device reporting during the test appears, updates live, filters, opens its popup and position page, and can be removed', async ({ page }) => {
  const device = await createDevice('Delivery Van', '990000000000001');
  await createDevice('Tractor', '990000000000002');
  await signIn(page);
  const row = page.getByTestId(`device-${device.id}`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'offline');

  await report('990000000000001', { lat: 52.52, lon: 13.405, speed: 10, bearing: 90, batt: 87 });
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'online');
  await expect(row.locator('[data-battery]')).toHaveAttribute('data-battery', 'success');

  // a dash camera's photo, named as the server names the files trackers send
  await report('990000000000001', { lat: 52.53, lon: 13.41, speed: 20, bearing: 180, batt: 25, image: '5f3a9c0e1d2b4a68.jpg' });
  await expect(row.locator('[data-battery]')).toHaveAttribute('data-battery', 'error');

  const search = page.getByRole('textbox', { name: 'Search Devices' });
  await search.fill('tract');
  await expect(row).toBeHidden();
  await expect(page.getByText('Tractor')).toBeVisible();
  await search.fill('');

  await row.click();
  const popup = page.getByTestId('device-popup');
  await expect(popup).toContainText('Delivery Van');
  await expect(popup).toContainText('20.00 kn');
  await expect(popup).toContainText('180.0°');
  await expect(popup).toContainText('25%');

  await popup.getByRole('button', { name: 'More Info' }).click();
  await expect(page).toHaveURL(/\/position\/\d+$/);
  await expect(page.locator('[data-key=latitude]')).toHaveText('52.53000°');
  await expect(page.locator('[data-key=batteryLevel]')).toHaveText('25%');
  await expect(page.locator('[data-key=image]').getByRole('link', { name: '5f3a9c0e1d2b4a68.jpg' })).toHaveAttribute('href', '/api/media/990000000000001/5f3a9c0e1d2b4a68.jpg');
  await page.goBack();

  await page.getByTestId(`device-${device.id}`).click();
  await page.getByTestId('device-popup').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Remove item?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId(`device-${device.id}`)).toBeHidden();
});

test('logout ends the session and returns to login', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a device reporting during the test is drawn on the map, selecting it centres the map, and its marker moves with the next position', async ({ page }) => {
  // Timbuktu: in view at the starting world zoom, and far from every other test device, so never clustered with theirs
  const first: LngLat = [-3.0077, 16.7666];
  const second: LngLat = [-3.0031, 16.7689];
  const device = await createDevice('Harbour Ferry', '990000000000011');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByTestId(`device-${device.id}`)).toBeVisible();
  expect(await renderedMarker(page, device.id)).toBeNull();

  await report('990000000000011', { lat: first[1], lon: first[0], speed: 4 });
  // at world zoom the rendered point is only as precise as its low-zoom tile
  await expect.poll(async () => near(await renderedMarker(page, device.id), first, 0.5), { timeout: 15_000 }).toBe(true);

  await page.getByTestId(`device-${device.id}`).click();
  await expect.poll(async () => near(await mapCentre(page), first, 0.0005), { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => near(await renderedMarker(page, device.id), first, 0.0002)).toBe(true);

  await report('990000000000011', { lat: second[1], lon: second[0], speed: 9 });
  await expect.poll(async () => near(await renderedMarker(page, device.id), second, 0.0002), { timeout: 15_000 }).toBe(true);
  expect(near(await renderedMarker(page, device.id), first, 0.002)).toBe(false);
});

test('the popup buttons lead to the replay and to the device form', async ({ page }) => {
  const device = await createDevice('Popup Bus', '990000000000012', 'bus');
  await report('990000000000012', { lat: -37.81, lon: 144.96, speed: 3 });
  await signIn(page);
  const row = page.getByTestId(`device-${device.id}`);
  await row.click();
  const popup = page.getByTestId('device-popup');
  await popup.getByRole('button', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/replay$/);

  await page.goto('/');
  await page.getByTestId(`device-${device.id}`).click();
  await page.getByTestId('device-popup').getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/device/${device.id}$`));
  await expect(page.locator('input[name=name]')).toHaveValue('Popup Bus');
});

test('a delete the server refuses keeps the device and says why', async ({ page }) => {
  const device = await createDevice('Stubborn Van', '990000000000013');
  await signIn(page);
  await page.getByTestId(`device-${device.id}`).click();
  await page.route(`**/api/devices/${device.id}`, (route) => (route.request().method() === 'DELETE' ? route.abort() : route.fallback()));
  await page.getByTestId('device-popup').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('error-snackbar')).toHaveText(/Connection error/);
  await expect(page.getByTestId(`device-${device.id}`)).toBeVisible();
});

test('a failed first load of the devices is reported instead of showing an empty list', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.route('**/api/devices', (route) => route.abort());
  await page.reload();
  await expect(page.getByTestId('error-snackbar')).toHaveText(/Connection error/);
});

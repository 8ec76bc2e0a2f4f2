import { expect, test } from '@playwright/test';
import { createDevice, report, signIn } from './helpers';

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

  await report('990000000000001', { lat: 52.53, lon: 13.41, speed: 20, bearing: 180, batt: 25 });
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
  await expect(page.locator('[data-key=latitude]')).toHaveText('52.530000°');
  await expect(page.locator('[data-key=batteryLevel]')).toHaveText('25%');
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

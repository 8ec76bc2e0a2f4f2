import { expect, test } from '@playwright/test';
import { createDevice, signIn } from './helpers';

test.use({ viewport: { width: 390, height: 800 } });

test('on a phone the device list starts collapsed and opens on demand', async ({ page }) => {
  const device = await createDevice('Pocket', '990000000000055');
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByTestId(`device-${device.id}`)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Devices' }).click();
  await expect(page.getByTestId(`device-${device.id}`)).toBeVisible();
});

test('the base map can be switched and the choice is kept', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Map layer' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mapbox Streets' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Carto' }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Map layer' }).click();
  await expect(page.getByRole('menuitem', { name: 'Carto' })).toHaveClass(/Mui-selected/);
});

import { expect, test } from '@playwright/test';
import { createDevice, report, signIn } from './helpers';

test.use({ locale: 'hi-IN' });

test('a Hindi browser gets Hindi screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'लॉग इन' })).toBeVisible();
  await expect(page.getByText('Login', { exact: true })).toHaveCount(0);
  await signIn(page);
  await expect(page.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'डिवाइस खोजें' })).toBeVisible();
  const device = await createDevice('हिंदी वाहन', '990000000000066');
  await report('990000000000066', { lat: 28.61, lon: 77.2, speed: 5 });
  const row = page.getByTestId(`device-${device.id}`);
  await expect(row).toContainText('ऑनलाइन');
  await expect(row).not.toContainText('ago');
  await expect(page.getByRole('button', { name: 'रिपोर्ट' })).toBeVisible();

  await row.click();
  const popup = page.getByTestId('device-popup');
  await expect(popup).toContainText('गति');
  await popup.getByRole('button', { name: 'अधिक जानकारी' }).click();
  await expect(page.getByText('अक्षांश')).toBeVisible();

  await page.goto('/settings/devices');
  await expect(page.getByRole('navigation', { name: 'सेटिंग्स' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'पहचानकर्ता' })).toBeVisible();
  await page.goto(`/device/${device.id}`);
  await expect(page.locator('input[name=name]')).toHaveValue('हिंदी वाहन');
  // no English word left on a Hindi screen
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(Settings|Devices|Name|Identifier|Required|Extra|Attributes|Connections|Save|Cancel|Search)\b/);
});

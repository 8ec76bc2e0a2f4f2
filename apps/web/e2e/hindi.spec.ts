import { expect, test } from '@playwright/test';
import { ADMIN, createDevice, report, signIn } from './helpers';

test.use({ locale: 'hi-IN' });

// words an English screen would show; none may be left on a Hindi one (product and map names aside)
const ENGLISH = /\b(Settings|Devices|Name|Identifier|Required|Extra|Attributes|Connections|Save|Cancel|Search|Speed|Status|Online|Offline|Remove|Logout|km\/h|kn|mph|km|Close|Zoom in|Zoom out)\b/;

test('a Hindi browser gets Hindi screens: failed login, list, search, popup with units, position, settings, delete and logout', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'लॉग इन' })).toBeVisible();
  await expect(page.getByText('Login', { exact: true })).toHaveCount(0);

  await signIn(page, ADMIN.email, 'wrong-password');
  await expect(page.getByText('अमान्य उपयोगकर्ता नाम या पासवर्ड')).toBeVisible();
  await expect(page.locator('input[name=password]')).toHaveValue('');

  // created before signing in: the list loads it, as it has no position to announce it live
  const other = await createDevice('दूसरा ट्रक', '990000000000067');
  await signIn(page);
  await expect(page.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'डिवाइस खोजें' });
  await expect(search).toBeVisible();
  const device = await createDevice('हिंदी वाहन', '990000000000066');
  await report('990000000000066', { lat: 28.61, lon: 77.2, speed: 5 });
  const row = page.getByTestId(`device-${device.id}`);
  await expect(row).toContainText('ऑनलाइन');
  await expect(row).not.toContainText('ago');
  await expect(page.getByRole('button', { name: 'रिपोर्ट' })).toBeVisible();

  await search.fill('दूसरा');
  await expect(row).toBeHidden();
  await expect(page.getByTestId(`device-${other.id}`)).toBeVisible();
  await search.fill('');

  await row.click();
  const popup = page.getByTestId('device-popup');
  await expect(popup).toContainText('गति');
  // 5 knots in the server's default unit, with the unit's Hindi name
  await expect(popup).toContainText('5.00 नॉट');
  await expect(page.getByRole('button', { name: 'ज़ूम इन' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);
  await popup.getByRole('button', { name: 'अधिक जानकारी' }).click();
  await expect(page.getByText('अक्षांश')).toBeVisible();
  await expect(page.locator('[data-key=latitude]')).toHaveText('28.61000°');
  await expect(page.locator('[data-key=speed]')).toHaveText('5.0 नॉट');
  expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);

  await page.goto('/settings/devices');
  await expect(page.getByRole('navigation', { name: 'सेटिंग्स' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'पहचानकर्ता' })).toBeVisible();
  await page.goto(`/device/${device.id}`);
  await expect(page.locator('input[name=name]')).toHaveValue('हिंदी वाहन');
  expect(await page.locator('body').innerText()).not.toMatch(ENGLISH);

  // a refusal the client knows is told in Hindi
  await page.goto('/device');
  await page.locator('input[name=name]').fill('नकली');
  await page.locator('input[name=uniqueId]').fill('990000000000067');
  await page.getByRole('button', { name: 'सहेजें' }).click();
  await expect(page.getByRole('alert')).toHaveText('पहचानकर्ता 990000000000067 वाला डिवाइस पहले से मौजूद है');

  await page.goto('/');
  await page.getByTestId(`device-${device.id}`).click();
  await page.getByTestId('device-popup').getByRole('button', { name: 'हटाएं' }).click();
  await expect(page.getByRole('dialog')).toContainText('आइटम हटाएं?');
  await page.getByRole('dialog').getByRole('button', { name: 'हटाएं' }).click();
  await expect(page.getByTestId(`device-${device.id}`)).toBeHidden();

  await page.getByRole('button', { name: 'लॉग आउट' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'लॉग इन' })).toBeVisible();
});

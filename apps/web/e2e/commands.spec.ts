import { expect, test } from '@playwright/test';
import { createDevice, report, signIn } from './helpers';

test("a command sent from the device popup is queued for a phone and answers its next report", async ({ page }) => {
  const device = await createDevice('Courier phone', 'cmd-phone-1');
  await report('cmd-phone-1', { lat: 28.61, lon: 77.2, speed: 3 });
  await signIn(page);
  await page.getByTestId(`device-${device.id}`).click();
  await page.getByTestId('device-popup').getByRole('button', { name: 'Send command' }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/device/${device.id}/command$`));

  // Traccar Client takes custom texts only: the type list offers just that
  await page.getByRole('combobox', { name: 'Type' }).click();
  await expect(page.getByRole('option')).toHaveText(['Custom']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Required')).toBeVisible();

  await page.getByLabel('Text').fill('ring {uniqueId}');
  await page.getByLabel('Only if the device is connected now').check();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert')).toHaveText('Courier phone is not connected, and the command asks not to be queued');

  await page.getByLabel('Only if the device is connected now').uncheck();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText("Command queued: it goes out with the device's next message");
  expect(await report('cmd-phone-1', { lat: 28.62, lon: 77.2, speed: 3 })).toBe('ring cmd-phone-1');
});

import { expect, test } from '@playwright/test';
import { adminApi, createDevice, pickOption, report, signIn } from './helpers';

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

test('a saved command is made in settings, linked to a device, sent from the popup and chosen for a notification', async ({ page }) => {
  const device = await createDevice('Night courier', 'cmd-phone-2');
  await report('cmd-phone-2', { lat: 28.61, lon: 77.2, speed: 3 });
  await signIn(page);
  await expect(page.getByTestId(`device-${device.id}`)).toBeVisible();

  await page.goto('/settings/commands');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true }).filter({ visible: true })).toHaveCount(3); // section title, description, text
  await page.locator('input[name=description]').fill('Ask for a call');
  await page.getByLabel('Text').fill('please call base');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Ask for a call.*Custom.*No/ })).toBeVisible();

  await page.goto(`/device/${device.id}`);
  await page.getByText('Connections').click();
  await page.getByRole('combobox', { name: 'Saved commands' }).click();
  await page.getByRole('option', { name: 'Ask for a call', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await adminApi<{ description: string }[]>(`/api/commands?deviceId=${device.id}`)).body.map((item) => item.description)).toEqual(['Ask for a call']);

  await page.goto(`/settings/device/${device.id}/command`);
  await pickOption(page, 'Saved command', 'Ask for a call');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText("Command queued: it goes out with the device's next message");
  expect(await report('cmd-phone-2', { lat: 28.62, lon: 77.2, speed: 3 })).toBe('please call base');

  await page.goto('/settings/notification');
  await pickOption(page, 'Type of notification', 'Alarm');
  await page.getByRole('combobox', { name: 'Channels' }).click();
  await page.getByRole('option', { name: 'Command', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true }).filter({ visible: true })).toHaveCount(2); // section title, the command
  await pickOption(page, 'Saved command', 'Ask for a call');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  const saved = (await adminApi<{ id: number; notificators: string; commandId: number }[]>('/api/notifications')).body.find((item) => item.notificators.includes('command'));
  const command = (await adminApi<{ id: number; description: string }[]>('/api/commands')).body.find((item) => item.description === 'Ask for a call');
  expect(saved?.commandId).toBe(command?.id);
  // the other specs share this server: their notification lists stay as they expect them
  expect((await adminApi(`/api/notifications/${saved!.id}`, { method: 'DELETE' })).status).toBe(204);
});

import { expect, test } from '@playwright/test';
import { createDevice, report, signIn } from './helpers';

test('replay loads a route, closes its panel and the slider moves the marker', async ({ page }) => {
  await createDevice('Replay van', 'replay-1');
  const start = Math.floor(Date.now() / 1000) - 20 * 60;
  const track = [[28.6, 77.2], [28.61, 77.21], [28.62, 77.22], [28.63, 77.23]] as const;
  for (const [index, [lat, lon]] of track.entries()) {
    await report('replay-1', { lat, lon, speed: 20, timestamp: start + index * 60 });
  }

  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.goto('/replay');
  await page.getByRole('combobox', { name: 'Device' }).click();
  await page.getByRole('option', { name: 'Replay van' }).click();
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await expect(page.locator('input[name=from]')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Show' }).click();

  // the configuration closes and the slider has one stop per position, starting at the first
  await expect(page.getByRole('button', { name: 'Show' })).toBeHidden();
  const slider = page.getByRole('slider', { name: 'Replay' });
  await expect(slider).toHaveAttribute('aria-valuemax', String(track.length - 1));
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText(`1 / ${track.length}`)).toBeVisible();
  const firstTime = await page.getByTestId('replay-time').innerText();

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByText(`2 / ${track.length}`)).toBeVisible();
  await expect(page.getByTestId('replay-time')).not.toHaveText(firstTime);

  // playing runs to the last position
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', String(track.length - 1));
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

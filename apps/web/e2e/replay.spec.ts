import { expect, test, type Page } from '@playwright/test';
import { createDevice, pickOption, report, signIn } from './helpers';

/** The replay marker's disc colour (#3949ab). */
const MARKER_RGB = [0x39, 0x49, 0xab] as const;
const TOLERANCE = 12;

/**
 * Where the map draws the replay marker, as a person would see it: the centre of the marker-coloured
 * pixels of a screenshot (the panel masked), decoded in a blank page.
 */
const markerOnScreen = async (page: Page) => {
  const png = await page.getByTestId('map').screenshot({ mask: [page.getByTestId('replay-panel')] });
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(async ({ base64, rgb, tolerance }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let x = 0;
      let y = 0;
      let count = 0;
      for (let offset = 0; offset < data.length; offset += 4) {
        if (rgb.every((value, channel) => Math.abs(data[offset + channel]! - value) <= tolerance)) {
          x += (offset / 4) % width;
          y += Math.floor(offset / 4 / width);
          count++;
        }
      }
      return count === 0 ? undefined : { x: Math.round(x / count), y: Math.round(y / count), count };
    }, { base64: png.toString('base64'), rgb: [...MARKER_RGB], tolerance: TOLERANCE });
  } finally {
    await scratch.close();
  }
};

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
  await pickOption(page, 'Period', 'Custom');
  await expect(page.locator('input[name=from]')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await page.getByRole('button', { name: 'Show' }).click();

  // the configuration closes and the slider has one stop per position, starting at the first
  await expect(page.getByRole('button', { name: 'Show' })).toBeHidden();
  const slider = page.getByRole('slider', { name: 'Replay' });
  await expect(slider).toHaveAttribute('aria-valuemax', String(track.length - 1));
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText(`1 / ${track.length}`)).toBeVisible();
  const firstTime = await page.getByTestId('replay-time').innerText();
  await expect.poll(() => markerOnScreen(page)).toBeDefined();
  const first = (await markerOnScreen(page))!;

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByText(`2 / ${track.length}`)).toBeVisible();
  await expect(page.getByTestId('replay-time')).not.toHaveText(firstTime);
  // the marker moved on the map to the next position, north-east of the first
  await expect.poll(async () => {
    const second = await markerOnScreen(page);
    return second !== undefined && second.x - first.x > 10 && first.y - second.y > 10;
  }).toBe(true);

  // playing runs to the last position
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(slider).toHaveAttribute('aria-valuenow', String(track.length - 1));
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
});

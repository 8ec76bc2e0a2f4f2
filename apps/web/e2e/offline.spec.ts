import { expect, test } from '@playwright/test';

test('after one visit the app shell reloads with the network gone', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.locator('button[type=submit]')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // the worker takes control of the page once it activates; reload once online so it serves it
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('button[type=submit]')).toBeVisible();
  await expect(page.locator('input[name=email]')).toBeVisible();
  await context.setOffline(false);
});

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

test('the app is installable: a manifest with PNG icons of the sizes browsers ask for', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as { display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
    expect(icon, size).toBeDefined();
    const response = await request.get(icon!.src);
    expect(response.headers()['content-type']).toBe('image/png');
    // the PNG header's width field matches the declared size
    expect((await response.body()).readUInt32BE(16)).toBe(Number(size.split('x')[0]));
  }
});

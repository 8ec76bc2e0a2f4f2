import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, createUser, resetLink, signIn } from './helpers';

test('without a session the app goes to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('login button stays disabled until both fields are filled', async ({ page }) => {
  await page.goto('/login');
  const button = page.locator('button[type=submit]');
  await expect(button).toBeDisabled();
  await page.locator('input[name=email]').fill(ADMIN.email);
  await expect(button).toBeDisabled();
  await page.locator('input[name=password]').fill('x');
  await expect(button).toBeEnabled();
});

test('a failed login shows the message and clears the password; the right one opens the map', async ({ page }) => {
  await signIn(page, ADMIN.email, 'wrong-password');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page.locator('input[name=password]')).toHaveValue('');
  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.locator('input[name=password]').press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('map')).toBeVisible();
});

test('registration enables its button only for a valid e-mail and the back arrow returns to login', async ({ page }) => {
  await page.goto('/register');
  const button = page.locator('button[type=submit]');
  await page.locator('input[name=name]').fill('Ann');
  await page.locator('input[name=password]').fill('secret');
  await page.locator('input[name=email]').fill('ann@example');
  await expect(button).toBeDisabled();
  await page.locator('input[name=email]').fill('ann@example.com');
  await expect(button).toBeEnabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  await createUser('Forgetful', 'forgetful@example.com', 'old-password');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Reset password' }).click();
  // The login page has an e-mail field too, and the address changes before the new page renders:
  // fill only once the reset form (its button) is on screen.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible();
  const resetEmail = page.locator('input[name=email]');
  await resetEmail.fill('forgetful@example.com');
  await expect(resetEmail).toHaveValue('forgetful@example.com');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  await page.goto(await resetLink('forgetful@example.com'));
  await page.locator('input[name=password]').fill('new-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('New password is set')).toBeVisible();
  await signIn(page, 'forgetful@example.com', 'new-password');
  await expect(page.getByTestId('map')).toBeVisible();
});

test('a new user registers, reads the confirmation and is returned to the login page', async ({ page }) => {
  const server = (await adminApi<Record<string, unknown>>('/api/server')).body;
  await adminApi('/api/server', { method: 'PUT', body: JSON.stringify({ ...server, registration: true }) });
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.locator('input[name=name]').fill('Newcomer');
    await page.locator('input[name=email]').fill('newcomer@example.com');
    await page.locator('input[name=password]').fill('newcomer-password');
    await page.locator('button[type=submit]').click();
    await expect(page.getByText('New user has been registered')).toBeVisible();
    // the confirmation closes by itself after 6 s and leads back to the login page
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await signIn(page, 'newcomer@example.com', 'newcomer-password');
    await expect(page.getByTestId('map')).toBeVisible();
  } finally {
    await adminApi('/api/server', { method: 'PUT', body: JSON.stringify({ ...(await adminApi<object>('/api/server')).body, registration: server.registration }) });
  }
});

import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminApi, createDevice, createUser, pickOption, report, signIn, userApi } from './helpers';
import { OSMAND_PORT } from './ports';

const openMenuOf = async (page: Page, label: string) => {
  await page.getByRole('button', { name: `Actions: ${label}` }).click();
};

const removeRow = async (page: Page, label: string) => {
  await openMenuOf(page, label);
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog')).toContainText('Remove item?');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('row', { name: new RegExp(label) })).toHaveCount(0);
};

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();

test.beforeEach(async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
});

test('groups: create, edit, remove with confirmation', async ({ page }) => {
  await page.goto('/settings/groups');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/settings\/group$/);
  await page.locator('input[name=name]').fill('Northern fleet');
  await save(page);
  await expect(page).toHaveURL(/\/settings\/groups$/);
  await expect(page.getByRole('row', { name: /Northern fleet/ })).toBeVisible();

  await openMenuOf(page, 'Northern fleet');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/settings\/group\/\d+$/);
  await expect(page.locator('input[name=name]')).toHaveValue('Northern fleet');
  await page.locator('input[name=name]').fill('Northern fleet 2');
  await save(page);
  await expect(page.getByRole('row', { name: /Northern fleet 2/ })).toBeVisible();

  await removeRow(page, 'Northern fleet 2');

  // with the server unreachable the form stays open and says so
  await page.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[name=name]').fill('Offline group');
  await page.route('**/api/groups', (route) => route.abort());
  await save(page);
  await expect(page.getByRole('alert')).toHaveText('Connection error');
  await expect(page).toHaveURL(/\/settings\/group$/);
  await page.unroute('**/api/groups');
  const { body } = await adminApi<{ name: string }[]>('/api/groups?all=true');
  expect(body.map((group) => group.name)).not.toContain('Northern fleet 2');
});

test('drivers, computed attributes, maintenance and notifications: create, edit, remove', async ({ page }) => {
  await page.goto('/settings/drivers');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[name=name]').fill('Asha');
  await page.locator('input[name=uniqueId]').fill('RFID-0042');
  await save(page);
  await expect(page.getByRole('row', { name: /Asha.*RFID-0042/ })).toBeVisible();
  await openMenuOf(page, 'Asha');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.locator('input[name=name]').fill('Asha Rao');
  await save(page);
  await expect(page.getByRole('row', { name: /Asha Rao/ })).toBeVisible();
  await removeRow(page, 'Asha Rao');

  await page.goto('/settings/attributes');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[name=description]').fill('Ignition from input 1');
  await page.getByRole('combobox', { name: 'Attribute' }).fill('ignition');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Yes/no');
  await page.locator('textarea[name=expression]').fill('in1 == true');
  await save(page);
  await expect(page.getByRole('row', { name: /Ignition from input 1.*in1 == true/ })).toBeVisible();
  await openMenuOf(page, 'Ignition from input 1');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.locator('input[name=description]').fill('Ignition from input 2');
  await page.locator('textarea[name=expression]').fill('in2 == true');
  await save(page);
  await expect(page.getByRole('row', { name: /Ignition from input 2.*in2 == true.*Yes\/no/ })).toBeVisible();
  await removeRow(page, 'Ignition from input 2');

  await page.goto('/settings/maintenances');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[name=name]').fill('Oil change');
  await page.locator('input[name=start]').fill('10000');
  await page.locator('input[name=period]').fill('5000');
  await save(page);
  // the server's default distance unit is km: 10000 km is stored as 10,000,000 m
  const maintenance = (await adminApi<{ id: number; name: string; start: number; period: number }[]>('/api/maintenance')).body.find((item) => item.name === 'Oil change')!;
  expect(maintenance.start).toBeCloseTo(10_000_000, 3);
  expect(maintenance.period).toBeCloseTo(5_000_000, 3);
  await expect(page.getByRole('row', { name: /Oil change.*10000 km.*5000 km/ })).toBeVisible();
  await openMenuOf(page, 'Oil change');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await pickOption(page, 'Type', 'Engine hours');
  await expect(page.locator('input[name=start]')).toHaveValue('0');
  await expect(page.locator('input[name=period]')).toHaveValue('0');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await openMenuOf(page, 'Oil change');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.locator('input[name=name]')).toHaveValue('Oil change');
  await page.locator('input[name=name]').fill('Oil and filter');
  await page.locator('input[name=period]').fill('7500');
  await save(page);
  await expect(page).toHaveURL(/\/settings\/maintenances$/);
  await expect(page.getByRole('row', { name: /Oil and filter.*10000 km.*7500 km/ })).toBeVisible();
  const edited = (await adminApi<{ id: number; name: string; period: number }[]>('/api/maintenance')).body.find((item) => item.id === maintenance.id)!;
  expect(edited.name).toBe('Oil and filter');
  expect(edited.period).toBeCloseTo(7_500_000, 3);
  await removeRow(page, 'Oil and filter');

  await page.goto('/settings/notifications');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('combobox', { name: 'Alarms' }).click();
  await page.getByRole('option', { name: 'SOS' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('All devices').check();
  await save(page);
  await expect(page.getByRole('row', { name: /Alarm.*Yes.*SOS.*Web/ })).toBeVisible();
  await openMenuOf(page, 'Alarm');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await pickOption(page, 'Type of notification', 'Ignition on');
  await expect(page.getByRole('combobox', { name: 'Alarms' })).toHaveCount(0);
  await save(page);
  await expect(page.getByRole('row', { name: /Ignition on.*Yes.*Web/ })).toBeVisible();
  await removeRow(page, 'Ignition on');
});

test('devices: required fields, the server refusing a duplicate, connections through permissions', async ({ page }) => {
  await createDevice('Existing van', 'dup-001');
  const geofence = (await adminApi<{ id: number }>('/api/geofences', { method: 'POST', body: JSON.stringify({ name: 'Depot', area: 'CIRCLE (28.61 77.2, 300)' }) })).body;
  const notification = (await adminApi<{ id: number }>('/api/notifications', { method: 'POST', body: JSON.stringify({ type: 'geofenceEnter', notificators: 'web', description: 'Depot arrivals' }) })).body;

  await page.goto('/');
  await page.getByRole('button', { name: 'Add' }).first().click();
  await expect(page).toHaveURL(/\/device$/);
  await save(page);
  await expect(page.getByText('Required', { exact: true }).filter({ visible: true })).toHaveCount(3); // section title + two fields
  await page.locator('input[name=name]').fill('Tipper');
  await page.locator('input[name=uniqueId]').fill('dup-001');
  await save(page);
  await expect(page.getByRole('alert')).toContainText('A device with identifier dup-001 already exists');
  await expect(page).toHaveURL(/\/device$/);
  await page.locator('input[name=uniqueId]').fill('tipper-77');
  await save(page);
  await expect(page).not.toHaveURL(/\/device$/);

  const device = (await adminApi<{ id: number; uniqueId: string }[]>('/api/devices?all=true')).body.find((item) => item.uniqueId === 'tipper-77')!;
  await page.goto(`/device/${device.id}`);
  await page.getByText('Connections').click();
  await page.getByRole('combobox', { name: 'Geofences' }).click();
  await page.getByRole('option', { name: 'Depot', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Notifications' }).click();
  await page.getByRole('option', { name: 'Depot arrivals' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await adminApi<{ id: number }[]>(`/api/geofences?deviceId=${device.id}`)).body.map((item) => item.id)).toEqual([geofence.id]);
  await expect.poll(async () => (await adminApi<{ id: number }[]>(`/api/notifications?deviceId=${device.id}`)).body.map((item) => item.id)).toEqual([notification.id]);

  await page.goto('/settings/devices');
  await openMenuOf(page, 'Tipper');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.locator('input[name=name]').fill('Tipper 2');
  await page.getByText('Extra', { exact: true }).click();
  await pickOption(page, 'Category', 'Truck');
  await save(page);
  await expect(page.getByRole('row', { name: /Tipper 2.*tipper-77/ })).toBeVisible();
  expect((await adminApi<{ category: string }>(`/api/devices/${device.id}`)).body.category).toBe('truck');
  await removeRow(page, 'Tipper 2');
});

test('a tracker reporting with an unknown identifier is listed and added in one step', async ({ page }) => {
  const response = await fetch(`http://127.0.0.1:${OSMAND_PORT}/?id=stray-4242&lat=28.6&lon=77.2`);
  expect(response.status).toBe(400);
  await page.goto('/settings/devices');
  const panel = page.getByTestId('unknown-devices');
  await expect(panel).toContainText('stray-4242');
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect(page.locator('input[name=uniqueId]')).toHaveValue('stray-4242');
  await page.locator('input[name=name]').fill('Stray tracker');
  await save(page);
  await expect(page.getByRole('row', { name: /Stray tracker.*stray-4242/ })).toBeVisible();
  await expect(page.getByTestId('unknown-devices')).toHaveCount(0);
});

test('the attribute dialog locks the type of known keys and adds values in the user units', async ({ page }) => {
  const device = await createDevice('Speedy', 'speedy-1');
  await page.goto(`/device/${device.id}`);
  await page.getByText('Attributes', { exact: true }).click();
  await page.getByRole('button', { name: 'Add' }).last().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Key' }).fill('speedLimit');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('Number');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('spinbutton', { name: 'Speed limit' }).fill('100');
  await expect(page.getByText('kn', { exact: true })).toBeVisible();

  // the zone of a tracker's clock is known too, as text
  await page.getByRole('button', { name: 'Add' }).last().click();
  await dialog.getByRole('combobox', { name: 'Key' }).fill('decoder.timezone');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveText('Text');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('textbox', { name: 'Time zone of the tracker clock' }).fill('Asia/Kolkata');

  await page.getByRole('button', { name: 'Add' }).last().click();
  await dialog.getByRole('combobox', { name: 'Key' }).fill('fleetColour');
  await expect(dialog.getByRole('combobox', { name: 'Type' })).not.toHaveAttribute('aria-disabled', 'true');
  await pickOption(page, 'Type', 'Yes/no');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('checkbox', { name: 'fleetColour' })).not.toBeChecked();
  await save(page);
  await expect.poll(async () => (await adminApi<{ attributes: Record<string, unknown> }>(`/api/devices/${device.id}`)).body.attributes).toEqual({ speedLimit: 100, 'decoder.timezone': 'Asia/Kolkata', fleetColour: false });
});

test('server settings saved by the administrator change what the server reports', async ({ page }) => {
  await page.goto('/admin/server');
  await page.locator('textarea[name=announcement]').fill('Maintenance window on Sunday');
  await page.getByText('Permissions').click();
  await page.getByLabel('Registration').check();
  await save(page);
  await expect.poll(async () => (await adminApi<{ announcement: string; registration: boolean }>('/api/server')).body).toMatchObject({ announcement: 'Maintenance window on Sunday', registration: true });

  // everyone reads the announcement on the map until they close it
  await page.goto('/');
  await expect(page.getByTestId('announcement')).toHaveText('Maintenance window on Sunday');
  await page.getByTestId('announcement').getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByTestId('announcement')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByTestId('announcement')).toHaveCount(0);
  await adminApi('/api/server', { method: 'PUT', body: JSON.stringify({ ...(await adminApi<object>('/api/server')).body, announcement: null }) });
});

test('users: the administrator creates, edits and removes a user and links a device', async ({ page }) => {
  const device = await createDevice('Shared truck', 'shared-1');
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.locator('input[name=name]').fill('Ravi');
  await page.locator('input[name=email]').fill('ravi@example.com');
  await page.locator('input[name=password]').fill('ravi-password');
  await save(page);
  await expect(page.getByRole('row', { name: /Ravi.*ravi@example.com.*No.*No/ })).toBeVisible();
  await openMenuOf(page, 'Ravi');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByText('Connections').click();
  await page.getByRole('combobox', { name: 'Devices' }).click();
  await page.getByRole('option', { name: 'Shared truck' }).click();
  await page.keyboard.press('Escape');
  const ravi = (await adminApi<{ id: number; email: string }[]>('/api/users')).body.find((user) => user.email === 'ravi@example.com')!;
  await expect.poll(async () => (await adminApi<{ id: number }[]>(`/api/devices?userId=${ravi.id}`)).body.map((item) => item.id)).toEqual([device.id]);
  await page.locator('input[name=name]').fill('Ravi Kumar');
  await save(page);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('row', { name: /Ravi Kumar.*ravi@example.com/ })).toBeVisible();
  expect((await adminApi<{ name: string }>(`/api/users/${ravi.id}`)).body.name).toBe('Ravi Kumar');
  await removeRow(page, 'Ravi Kumar');
});

test('a plain user sees no admin menu and no add buttons, and the API refuses what the UI hides', async ({ page, context }) => {
  await createUser('Plain', 'plain@example.com', 'plain-password');
  await context.clearCookies();
  await signIn(page, 'plain@example.com', 'plain-password');
  await expect(page.getByTestId('map')).toBeVisible();
  await page.goto('/settings/groups');
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Groups' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Settings' });
  for (const entry of ['Server', 'Users', 'Statistics']) await expect(menu.getByRole('link', { name: entry })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  for (const list of ['/settings/devices', '/settings/drivers', '/settings/attributes', '/settings/maintenances', '/settings/notifications', '/admin/users']) {
    await page.goto(list);
    await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add' }), list).toHaveCount(0);
  }
  // the users list shows nobody else
  await expect(page.getByRole('cell', { name: ADMIN.email })).toHaveCount(0);

  const asPlain = (path: string, init?: RequestInit) => userApi('plain@example.com', 'plain-password', path, init);
  const admin = (await adminApi<{ id: number; email: string }[]>('/api/users')).body.find((user) => user.email === ADMIN.email)!;
  expect((await asPlain('/api/server', { method: 'PUT', body: JSON.stringify({ registration: true }) })).status).toBe(403);
  expect((await asPlain(`/api/statistics?from=${new Date(0).toISOString()}&to=${new Date().toISOString()}`)).status).toBe(403);
  const users = (await (await asPlain('/api/users')).json()) as { email: string }[];
  expect(users.filter((user) => user.email !== 'plain@example.com')).toEqual([]);
  expect([403, 404]).toContain((await asPlain(`/api/users/${admin.id}`)).status);
  const computed = { description: 'Sneaky', attribute: 'sneaky', expression: 'speed > 1', type: 'boolean' };
  expect((await asPlain('/api/attributes/computed', { method: 'POST', body: JSON.stringify(computed) })).status).toBe(403);
  const existing = (await adminApi<{ id: number }>('/api/attributes/computed', { method: 'POST', body: JSON.stringify({ ...computed, description: 'Admin rule' }) })).body;
  try {
    expect((await asPlain(`/api/attributes/computed/${existing.id}`, { method: 'PUT', body: JSON.stringify({ ...computed, id: existing.id }) })).status).toBe(403);
    expect((await asPlain(`/api/attributes/computed/${existing.id}`, { method: 'DELETE' })).status).toBe(403);
  } finally {
    await adminApi(`/api/attributes/computed/${existing.id}`, { method: 'DELETE' });
  }
});

test('account preferences take effect at once in the popup', async ({ page }) => {
  await createDevice('Unit car', 'unit-car-1');
  await report('unit-car-1', { lat: 28.6, lon: 77.2, speed: 10 });
  const me = (await adminApi<{ id: number; email: string }[]>('/api/users')).body.find((user) => user.email === ADMIN.email)!;
  try {
    await page.goto(`/user/${me.id}`);
    await page.getByText('Preferences').click();
    await page.getByRole('combobox', { name: 'Speed unit' }).click();
    await page.getByRole('option', { name: 'km/h' }).click();
    await save(page);
    await expect.poll(async () => (await adminApi<{ attributes: Record<string, unknown> }>(`/api/users/${me.id}`)).body.attributes.speedUnit).toBe('kmh');
    await page.goto('/');
    await page.getByPlaceholder('Search Devices').fill('Unit car');
    await page.getByText('Unit car').click();
    // 10 knots, as the device reported, shown in the new unit
    await expect(page.getByTestId('device-popup')).toContainText('18.52 km/h');
  } finally {
    const user = (await adminApi<{ attributes: Record<string, unknown> }>(`/api/users/${me.id}`)).body;
    const { speedUnit: _unit, ...attributes } = user.attributes;
    await adminApi(`/api/users/${me.id}`, { method: 'PUT', body: JSON.stringify({ ...user, attributes }) });
  }
});

test('a geofence speed limit is entered in the user unit and stored as an attribute', async ({ page }) => {
  const geofence = (await adminApi<{ id: number }>('/api/geofences', { method: 'POST', body: JSON.stringify({ name: 'School zone', area: 'CIRCLE (28.62 77.21, 200)' }) })).body;
  try {
    await page.goto(`/geofence/${geofence.id}`);
    await expect(page.locator('input[name=name]')).toHaveValue('School zone');
    await page.getByText('Attributes', { exact: true }).click();
    await page.getByRole('button', { name: 'Add' }).last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Key' }).fill('speedLimit');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('spinbutton', { name: 'Speed limit' }).fill('25');
    await expect(page.getByText('kn', { exact: true })).toBeVisible();
    await save(page);
    await expect(page).toHaveURL(/\/geofences$/);
    await expect.poll(async () => (await adminApi<{ attributes: Record<string, unknown> }>(`/api/geofences/${geofence.id}`)).body.attributes.speedLimit).toBe(25);
  } finally {
    await adminApi(`/api/geofences/${geofence.id}`, { method: 'DELETE' });
  }
});

test('the account map preference chooses the base layer at once; a switcher pick lasts only until the preference changes; forced server settings win', async ({ page }) => {
  const me = (await adminApi<{ id: number; email: string }[]>('/api/users')).body.find((user) => user.email === ADMIN.email)!;
  const layerMenu = async () => {
    await page.getByRole('button', { name: 'Map layer' }).click();
    const menu = page.getByRole('menu');
    const selected = await menu.locator('.Mui-selected').innerText();
    await page.keyboard.press('Escape');
    return selected;
  };
  const setAccountMap = async (label: string) => {
    await page.goto(`/user/${me.id}`);
    await page.getByText('Preferences').click();
    await pickOption(page, 'Map layer', label);
    await save(page);
    await expect(page).not.toHaveURL(/\/user\//);
  };
  const original = (await adminApi<object>('/api/server')).body;
  try {
    await page.goto('/');
    await page.getByRole('button', { name: 'Map layer' }).click();
    await page.getByRole('menuitem', { name: 'Carto' }).click();
    expect(await layerMenu()).toBe('Carto');
    await page.reload();
    expect(await layerMenu()).toBe('Carto');

    // saving the account preference replaces the earlier pick, without a reload
    await setAccountMap('OpenStreetMap');
    await page.goto('/');
    expect(await layerMenu()).toBe('OpenStreetMap');
    await page.reload();
    expect(await layerMenu()).toBe('OpenStreetMap');

    await adminApi('/api/server', { method: 'PUT', body: JSON.stringify({ ...original, forceSettings: true, map: 'carto' }) });
    await page.reload();
    expect(await layerMenu()).toBe('Carto');
  } finally {
    await adminApi('/api/server', { method: 'PUT', body: JSON.stringify(original) });
    const user = (await adminApi<Record<string, unknown>>(`/api/users/${me.id}`)).body;
    await adminApi(`/api/users/${me.id}`, { method: 'PUT', body: JSON.stringify({ ...user, map: null }) });
  }
});

test('failed loads of notification types and groups are shown, not left empty', async ({ page }) => {
  await page.route('**/api/notifications/types', (route) => route.abort());
  await page.goto('/settings/notification');
  await expect(page.getByRole('alert')).toHaveText('Connection error');
  await page.route('**/api/groups**', (route) => route.abort());
  await page.goto('/settings/group');
  await page.getByText('Extra', { exact: true }).click();
  await expect(page.getByText('Connection error')).toBeVisible();
});

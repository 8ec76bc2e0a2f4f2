import { expect, test, type Page } from '@playwright/test';
import { adminApi, signIn } from './helpers';

interface Geofence {
  id: number;
  name: string;
  area: string;
}

// the map opens on the server's default view; a city-sized one makes clicks land on known places
const VIEW = { latitude: 28.6139, longitude: 77.209, zoom: 12 };
const TILE_SIZE = 512;

let originalServer: Record<string, unknown>;
let existing: number[] = [];

test.beforeAll(async () => {
  originalServer = (await adminApi<Record<string, unknown>>('/api/server')).body;
  existing = (await adminApi<{ id: number }[]>('/api/geofences')).body.map((geofence) => geofence.id);
  expect((await adminApi('/api/server', { method: 'PUT', body: JSON.stringify({ ...originalServer, ...VIEW }) })).status).toBe(200);
});

test.afterAll(async () => {
  await adminApi('/api/server', { method: 'PUT', body: JSON.stringify(originalServer) });
  // what this test drew goes, so later tests meet the geofences they expect
  for (const { id } of (await adminApi<{ id: number }[]>('/api/geofences')).body) {
    if (!existing.includes(id)) await adminApi(`/api/geofences/${id}`, { method: 'DELETE' });
  }
});

/** Web Mercator: where a pixel offset from the map's centre lies, at the default view. */
const lngLatAt = (dx: number, dy: number) => {
  const world = TILE_SIZE * 2 ** VIEW.zoom;
  const φ = (VIEW.latitude * Math.PI) / 180;
  const x = ((VIEW.longitude + 180) / 360) * world + dx;
  const y = ((1 - Math.log(Math.tan(Math.PI / 4 + φ / 2)) / Math.PI) / 2) * world + dy;
  return { longitude: (x / world) * 360 - 180, latitude: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI };
};

/** Page coordinates of a pixel offset from the map's centre. */
const mapPoint = async (page: Page, dx: number, dy: number) => {
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
};

const clickMap = async (page: Page, dx: number, dy: number) => {
  const { x, y } = await mapPoint(page, dx, dy);
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.click(x, y);
};

const geofences = async () => (await adminApi<Geofence[]>('/api/geofences')).body;
const pairs = (area: string) => [...area.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((match) => ({ latitude: Number(match[1]), longitude: Number(match[2]) }));

const nameAndSave = async (page: Page, name: string) => {
  await expect(page.locator('input[name=name]')).toHaveValue('');
  await page.locator('input[name=name]').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/geofences$/);
};

test('drawing creates geofences, the map edits them and the list removes them', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  await page.goto('/settings/notifications');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Geofences' }).click();
  await expect(page).toHaveURL(/\/geofences$/);
  await expect(page.getByRole('toolbar', { name: 'Drawing tools' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);

  // a polygon: four corners, then the first one again to close it
  const corners = [[-120, -80], [100, -90], [110, 70], [-100, 90]] as const;
  await page.getByRole('button', { name: 'Draw polygon' }).click();
  for (const [dx, dy] of corners) await clickMap(page, dx, dy);
  await clickMap(page, corners[0][0], corners[0][1]);

  await expect(page).toHaveURL(/\/geofence\/\d+$/);
  const polygonId = Number(page.url().split('/').pop());
  const polygon = (await geofences()).find((geofence) => geofence.id === polygonId)!;
  expect(polygon.name).toBe('');
  expect(polygon.area).toMatch(/^POLYGON \(\(.*\)\)$/);
  const vertices = pairs(polygon.area);
  expect(vertices).toHaveLength(corners.length + 1);
  expect(vertices[0]).toEqual(vertices.at(-1));
  // latitude first, as Traccar writes it; the drawing may turn the ring round, so corners are matched, not indexed
  const near = (a: { latitude: number; longitude: number }, b: typeof a) => Math.abs(a.latitude - b.latitude) < 5e-4 && Math.abs(a.longitude - b.longitude) < 5e-4;
  for (const [dx, dy] of corners) expect(vertices.filter((vertex) => near(vertex, lngLatAt(dx, dy))).length, `corner ${dx},${dy} in ${polygon.area}`).toBeGreaterThan(0);
  await nameAndSave(page, 'Warehouse yard');
  await expect.poll(async () => (await geofences()).find((geofence) => geofence.id === polygonId)?.name).toBe('Warehouse yard');
  await expect(page.getByTestId('geofence-list')).toContainText('Warehouse yard');

  // a circle: the centre, then a point on its edge
  await page.getByRole('button', { name: 'Draw circle' }).click();
  await clickMap(page, 250, 150);
  await clickMap(page, 330, 150);
  await expect(page).toHaveURL(/\/geofence\/\d+$/);
  const circleId = Number(page.url().split('/').pop());
  const circle = (await geofences()).find((geofence) => geofence.id === circleId)!;
  const match = /^CIRCLE \((-?[\d.]+) (-?[\d.]+), ([\d.]+)\)$/.exec(circle.area);
  expect(match).not.toBeNull();
  const center = lngLatAt(250, 150);
  expect(Number(match![1])).toBeCloseTo(center.latitude, 3);
  expect(Number(match![2])).toBeCloseTo(center.longitude, 3);
  // 80 px at zoom 12 near 28.6° N is about 1.6 km
  const radius = Number(match![3]);
  expect(radius).toBeGreaterThan(1200);
  expect(radius).toBeLessThan(2000);
  await nameAndSave(page, 'Loading bay');
  await expect(page.getByTestId('geofence-list')).toContainText('Loading bay');

  // a line: its points, then the last one again to finish it
  await page.getByRole('button', { name: 'Draw line' }).click();
  for (const [dx, dy] of [[-250, 160], [-150, 200], [-60, 170]] as const) await clickMap(page, dx, dy);
  await clickMap(page, -60, 170);
  await expect(page).toHaveURL(/\/geofence\/\d+$/);
  const lineId = Number(page.url().split('/').pop());
  const line = (await geofences()).find((geofence) => geofence.id === lineId)!;
  expect(line.area).toMatch(/^LINESTRING \(.*\)$/);
  expect(pairs(line.area)).toHaveLength(3);
  expect(pairs(line.area)[0]!.latitude).toBeCloseTo(lngLatAt(-250, 160).latitude, 3);
  expect(pairs(line.area)[0]!.longitude).toBeCloseTo(lngLatAt(-250, 160).longitude, 3);
  await nameAndSave(page, 'Ring road');

  // dragging the polygon sends its new area
  await page.getByRole('button', { name: 'Select and edit' }).click();
  await clickMap(page, 0, 0);
  const from = await mapPoint(page, 0, 0);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await geofences()).find((geofence) => geofence.id === polygonId)!.area).not.toBe(polygon.area);
  const moved = (await geofences()).find((geofence) => geofence.id === polygonId)!;
  expect(moved.name).toBe('Warehouse yard');
  // the whole shape moved east by the drag, less the few pixels it takes to start one
  const shift = lngLatAt(60, 0).longitude - lngLatAt(0, 0).longitude;
  const movedVertices = pairs(moved.area);
  const eastward = movedVertices[0]!.longitude - vertices[0]!.longitude;
  expect(eastward).toBeGreaterThan(shift * 0.75);
  expect(eastward).toBeLessThan(shift * 1.05);
  for (const [index, vertex] of movedVertices.entries()) {
    expect(vertex.longitude - vertices[index]!.longitude).toBeCloseTo(eastward, 5);
    expect(vertex.latitude).toBeCloseTo(vertices[index]!.latitude, 5);
  }

  // removing from the list asks first
  await page.getByRole('button', { name: 'Actions: Loading bay' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog')).toContainText('Remove item?');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('geofence-list')).not.toContainText('Loading bay');
  expect((await geofences()).map((geofence) => geofence.id)).not.toContain(circleId);

  // so does deleting the shape picked on the map
  await page.getByTestId('geofence-list').getByText('Ring road').click();
  await page.getByRole('button', { name: 'Delete selected geofence' }).click();
  await expect(page.getByRole('dialog')).toContainText('Remove item?');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('geofence-list')).not.toContainText('Ring road');
  const left = (await geofences()).map((geofence) => geofence.id);
  expect(left).not.toContain(lineId);
  expect(left).toContain(polygonId);
});

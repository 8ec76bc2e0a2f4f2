import { expect, test } from '@playwright/test';
import { adminApi, createDevice, report, signIn } from './helpers';

test('a device driving through a geofence raises enter and exit, which pop up as browser notifications', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  // record what the app shows instead of relying on the desktop's notification centre
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string) {
        shown.push(title);
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
  });
  const device = await createDevice('Alert van', 'alert-van-1');
  const geofence = (await adminApi<{ id: number }>('/api/geofences', { method: 'POST', body: JSON.stringify({ name: 'Depot yard', area: 'CIRCLE (28.7 77.3, 500)' }) })).body;
  await adminApi('/api/permissions', { method: 'POST', body: JSON.stringify({ deviceId: device.id, geofenceId: geofence.id }) });
  const notifications: number[] = [];
  for (const type of ['geofenceEnter', 'geofenceExit']) {
    notifications.push((await adminApi<{ id: number }>('/api/notifications', { method: 'POST', body: JSON.stringify({ type, notificators: 'web', always: true }) })).body.id);
  }

  await signIn(page);
  await expect(page.getByTestId('map')).toBeVisible();
  const start = Math.floor(Date.now() / 1000) - 60;
  await report('alert-van-1', { lat: 28.69, lon: 77.3, speed: 10, timestamp: start });
  await report('alert-van-1', { lat: 28.7, lon: 77.3, speed: 10, timestamp: start + 20 });
  await report('alert-van-1', { lat: 28.71, lon: 77.3, speed: 10, timestamp: start + 40 });

  await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toEqual(['Geofence entered', 'Geofence exited']);

  // leave nothing behind for the other specs
  for (const id of notifications) await adminApi(`/api/notifications/${id}`, { method: 'DELETE' });
  await adminApi(`/api/geofences/${geofence.id}`, { method: 'DELETE' });
});

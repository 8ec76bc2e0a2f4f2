import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../login/login-page';
import { RegisterPage } from '../login/register-page';
import { ResetPasswordPage } from '../login/reset-password-page';
import { RouteError } from './route-error';
import { SessionGate } from './session-gate';

// the map and the detail pages load on demand, keeping the login page light
const MainPage = lazy(() => import('../main/main-page'));
const PositionPage = lazy(() => import('../position/position-page'));

const lazyPage = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** A route whose page module (default export) loads when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({ lazy: async () => ({ Component: (await load()).default }) });

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  { path: '/register', element: <RegisterPage />, errorElement: <RouteError /> },
  { path: '/reset-password', element: <ResetPasswordPage />, errorElement: <RouteError /> },
  {
    element: <SessionGate />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: lazyPage(<MainPage />) },
      { path: '/position/:id', element: lazyPage(<PositionPage />) },
      { path: '/replay', ...page(() => import('../replay/replay-page')) },
      { path: '/video/:id', ...page(() => import('../video/live-video-page')) },
      { path: '/geofences', ...page(() => import('../geofences/geofences-page')) },
      {
        lazy: async () => ({ Component: (await import('../reports/reports-layout')).ReportsLayout }),
        children: [
          { path: '/reports/route', ...page(() => import('../reports/route-report-page')) },
          { path: '/reports/event', ...page(() => import('../reports/event-report-page')) },
          { path: '/reports/trip', ...page(() => import('../reports/trip-report-page')) },
          { path: '/reports/stop', ...page(() => import('../reports/stop-report-page')) },
          { path: '/reports/summary', ...page(() => import('../reports/summary-report-page')) },
          { path: '/reports/chart', ...page(() => import('../reports/chart-report-page')) },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('../settings/settings-layout')).SettingsLayout }),
        children: [
          { path: '/settings/devices', handle: { title: 'deviceTitle' }, ...page(() => import('../settings/devices-page')) },
          { path: '/device/:id?', handle: { title: 'sharedDevice' }, ...page(() => import('../settings/device-page')) },
          { path: '/settings/device/:id/command', handle: { title: 'deviceCommand' }, ...page(() => import('../settings/command-device-page')) },
          { path: '/geofence/:id?', handle: { title: 'geofenceTitle' }, ...page(() => import('../geofences/geofence-page')) },
          { path: '/settings/groups', handle: { title: 'settingsGroups' }, ...page(() => import('../settings/groups-page')) },
          { path: '/settings/group/:id?', handle: { title: 'groupDialog' }, ...page(() => import('../settings/group-page')) },
          { path: '/settings/drivers', handle: { title: 'sharedDrivers' }, ...page(() => import('../settings/drivers-page')) },
          { path: '/settings/driver/:id?', handle: { title: 'sharedDriver' }, ...page(() => import('../settings/driver-page')) },
          { path: '/settings/attributes', handle: { title: 'sharedComputedAttributes' }, ...page(() => import('../settings/computed-attributes-page')) },
          { path: '/settings/attribute/:id?', handle: { title: 'sharedComputedAttribute' }, ...page(() => import('../settings/computed-attribute-page')) },
          { path: '/settings/maintenances', handle: { title: 'sharedMaintenance' }, ...page(() => import('../settings/maintenances-page')) },
          { path: '/settings/maintenance/:id?', handle: { title: 'sharedMaintenance' }, ...page(() => import('../settings/maintenance-page')) },
          { path: '/settings/commands', handle: { title: 'sharedSavedCommands' }, ...page(() => import('../settings/commands-page')) },
          { path: '/settings/command/:id?', handle: { title: 'sharedSavedCommand' }, ...page(() => import('../settings/command-page')) },
          { path: '/settings/notifications', handle: { title: 'sharedNotifications' }, ...page(() => import('../settings/notifications-page')) },
          { path: '/settings/notification/:id?', handle: { title: 'sharedNotification' }, ...page(() => import('../settings/notification-page')) },
          { path: '/user/:id?', handle: { title: 'settingsUser' }, ...page(() => import('../settings/user-page')) },
          { path: '/admin/users', handle: { title: 'settingsUsers' }, ...page(() => import('../settings/users-page')) },
          { path: '/admin/server', handle: { title: 'settingsServer' }, ...page(() => import('../settings/server-page')) },
          { path: '/admin/statistics', handle: { title: 'statisticsTitle' }, ...page(() => import('../settings/statistics-page')) },
        ],
      },
    ],
  },
]);

import { lazy, Suspense, type ReactNode } from 'react';
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
    ],
  },
]);

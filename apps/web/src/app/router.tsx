import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../login/LoginPage';
import { RegisterPage } from '../login/RegisterPage';
import { ResetPasswordPage } from '../login/ResetPasswordPage';
import { RouteError } from './RouteError';
import { SessionGate } from './SessionGate';

// the map and the detail pages load on demand, keeping the login page light
const MainPage = lazy(() => import('../main/MainPage'));
const PositionPage = lazy(() => import('../position/PositionPage'));

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

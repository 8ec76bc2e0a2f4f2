import { CssBaseline } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import '../i18n/i18n';
import { ErrorSnackbar } from '../common/components/error-snackbar';
import { LocalizedTheme } from './localized-theme';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <LocalizedTheme>
      <CssBaseline />
      <RouterProvider router={router} />
      <ErrorSnackbar />
    </LocalizedTheme>
  </QueryClientProvider>
);

import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import '../i18n/i18n';
import { ErrorSnackbar } from '../common/components/error-snackbar';
import { router } from './router';
import { theme } from './theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <ErrorSnackbar />
    </ThemeProvider>
  </QueryClientProvider>
);

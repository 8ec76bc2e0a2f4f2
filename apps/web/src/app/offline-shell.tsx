import { Alert, Button, Container } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTopBar } from '../common/components/page-top-bar';

const RETRY_MS = 15_000;

/** A signed-in page while the server cannot be reached: the app's frame, the reason, and a way back. */
export const OfflineShell = ({ onRetry }: { onRetry(): void }) => {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setInterval(onRetry, RETRY_MS);
    window.addEventListener('online', onRetry);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onRetry);
    };
  }, [onRetry]);
  return (
    <>
      <PageTopBar />
      <Container maxWidth="sm" sx={{ py: 4 }} data-testid="offline-shell">
        <Alert severity="warning" role="alert" action={<Button color="inherit" onClick={onRetry}>{t('sharedRetry')}</Button>}>
          {t('errorConnection')}
        </Alert>
      </Container>
    </>
  );
};

import { Alert, Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Shown instead of a broken page: a short message and a way back. */
export const RouteError = () => {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Alert severity="error">{t('errorGeneral')}</Alert>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        {t('mapTitle')}
      </Button>
    </Box>
  );
};

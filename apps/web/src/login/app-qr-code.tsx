import { Box, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** This server's address as a QR code, for phone apps (Traccar Manager / Client) to scan. */
export const AppQrCode = () => {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} data-testid="app-qr">
      <QRCodeSVG value={window.location.origin} size={72} title={window.location.origin} />
      <Typography variant="body2" color="text.secondary">
        {t('loginApps')}
      </Typography>
    </Box>
  );
};

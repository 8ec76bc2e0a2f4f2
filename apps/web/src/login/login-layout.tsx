import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AnnouncementBanner } from '../common/components/announcement-banner';

export const LoginLayout = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', p: 2 }}>
    <Paper sx={{ p: 4, width: '100%', maxWidth: 400 }} elevation={6}>
      <Typography variant="h5" color="primary" sx={{ mb: 2, fontWeight: 600 }}>
        Tracklane
      </Typography>
      <AnnouncementBanner sx={{ mb: 2 }} />
      {children}
    </Paper>
  </Box>
);

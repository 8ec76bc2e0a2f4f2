import { Alert, type SxProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServer } from '../../api/server';

const DISMISSED_KEY = 'announcementDismissed';

/** The administrator's announcement, until the reader closes it (a new text shows again). */
export const AnnouncementBanner = ({ sx }: { sx?: SxProps }) => {
  const { t } = useTranslation();
  const announcement = useServer().data?.announcement?.trim();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  if (!announcement || dismissed === announcement) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, announcement);
    setDismissed(announcement);
  };
  return (
    <Alert severity="info" onClose={dismiss} slotProps={{ closeButton: { 'aria-label': t('sharedHide') } }} sx={sx} data-testid="announcement">
      {announcement}
    </Alert>
  );
};

import AddIcon from '@mui/icons-material/Add';
import { Box, IconButton, TextField, Toolbar } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceList } from './device-list';

export const DeviceSidebar = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Toolbar disableGutters sx={{ gap: 1, px: 1 }}>
        <TextField fullWidth placeholder={t('sharedSearchDevices')} value={keyword} onChange={(event) => setKeyword(event.target.value)} slotProps={{ htmlInput: { 'aria-label': t('sharedSearchDevices') } }} />
        <IconButton aria-label={t('sharedAdd')} onClick={() => navigate('/device')}>
          <AddIcon />
        </IconButton>
      </Toolbar>
      <DeviceList keyword={keyword} />
    </Box>
  );
};

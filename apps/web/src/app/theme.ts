import { createTheme } from '@mui/material';

export const DRAWER_WIDTH = { desktop: 360, tablet: 320 } as const;

export const theme = createTheme({
  palette: { primary: { main: '#1a237e' }, secondary: { main: '#3949ab' } },
  components: { MuiTextField: { defaultProps: { size: 'small' } } },
});

import { Alert, Snackbar } from '@mui/material';
import { useErrorStore } from '../../store/error-store';

/** Shows the oldest unread error; closing it reveals the next. */
export const ErrorSnackbar = () => {
  const message = useErrorStore((state) => state.messages[0]);
  const dismiss = useErrorStore((state) => state.dismiss);
  return (
    <Snackbar open={message !== undefined} autoHideDuration={8000} onClose={(_, reason) => reason !== 'clickaway' && dismiss()} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" onClose={dismiss} data-testid="error-snackbar">
        {message}
      </Alert>
    </Snackbar>
  );
};

import { Alert, type SxProps } from '@mui/material';
import { errorMessage } from '../error-message';

/** The failure of a load, in words ("Connection error" or the server's message); nothing while there is none. */
export const LoadError = ({ error, sx }: { error: unknown; sx?: SxProps }) =>
  error ? <Alert severity="error" role="alert" sx={sx}>{errorMessage(error)}</Alert> : null;

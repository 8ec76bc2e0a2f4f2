import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { requestPasswordReset, updatePassword } from '../api/password';
import { useServer } from '../api/server';
import { isEmail } from '../common/validation';
import { LoginLayout } from './login-layout';

type Outcome = 'mailed' | 'updated' | 'failed' | undefined;

/** With mail configured: ask for a link, or (opened from the link) choose the new password. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const server = useServer().data;
  const [params] = useSearchParams();
  const token = params.get('passwordReset');
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      if (token) {
        await updatePassword(token, value);
        setOutcome('updated');
      } else {
        await requestPasswordReset(value.trim());
        setOutcome('mailed');
      }
    } catch {
      setOutcome('failed');
    }
  };

  const messages: Record<Exclude<Outcome, undefined>, [string, 'success' | 'error']> = {
    mailed: [t('loginResetSuccess'), 'success'],
    updated: [t('loginUpdateSuccess'), 'success'],
    failed: [t('loginResetFailed'), 'error'],
  };

  return (
    <LoginLayout>
      <IconButton aria-label={t('sharedBack')} onClick={() => navigate('/login')}>
        <ArrowBack />
      </IconButton>
      {!server?.emailEnabled ? (
        <Typography>{t('resetPasswordSoon')}</Typography>
      ) : (
        <form onSubmit={submit}>
          <Stack spacing={2}>
            {outcome && <Alert severity={messages[outcome][1]}>{messages[outcome][0]}</Alert>}
            {outcome !== 'mailed' && outcome !== 'updated' && (
              <>
                <TextField
                  name={token ? 'password' : 'email'}
                  type={token ? 'password' : 'email'}
                  label={token ? t('loginNewPassword') : t('userEmail')}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
                <Button type="submit" variant="contained" disabled={token ? value === '' : !isEmail(value)}>
                  {token ? t('loginSetPassword') : t('loginReset')}
                </Button>
              </>
            )}
            {outcome === 'updated' && (
              <Button variant="contained" onClick={() => navigate('/login')}>
                {t('loginLogin')}
              </Button>
            )}
          </Stack>
        </form>
      )}
    </LoginLayout>
  );
};

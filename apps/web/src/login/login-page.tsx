import { Button, Link, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { HttpError } from '../api/http';
import { useServer } from '../api/server';
import { login } from '../api/session';
import { useLiveStore } from '../store/live-store';
import { AppQrCode } from './app-qr-code';
import { LanguageSelect } from './language-select';
import { LoginLayout } from './login-layout';

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const server = useServer().data;
  const setUser = useLiveStore((state) => state.setUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) return;
    try {
      const user = await login(email, password);
      setUser(user);
      queryClient.setQueryData(['session'], user);
      navigate('/');
    } catch (error) {
      setFailure(error instanceof HttpError && error.status === 429 ? t('loginTooMany') : t('loginFailed'));
      setPassword('');
    }
  };

  return (
    <LoginLayout>
      <form onSubmit={submit}>
        <Stack spacing={2}>
          <TextField
            label={t('userEmail')}
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            error={failure !== undefined}
            helperText={failure}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField label={t('userPassword')} name="password" type="password" autoComplete="current-password" value={password} error={failure !== undefined} onChange={(event) => setPassword(event.target.value)} />
          <Button type="submit" variant="contained" disabled={!email || !password}>
            {t('loginLogin')}
          </Button>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <LanguageSelect />
            <Link component={RouterLink} to="/register">
              {t('loginRegister')}
            </Link>
          </Stack>
          {server?.emailEnabled && (
            <Link component={RouterLink} to="/reset-password">
              {t('loginReset')}
            </Link>
          )}
          <AppQrCode />
        </Stack>
      </form>
    </LoginLayout>
  );
};

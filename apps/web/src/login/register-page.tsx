import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button, IconButton, Snackbar, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerUser } from '../api/users';
import { isEmail } from '../common/validation';
import { LoginLayout } from './login-layout';

export const REGISTRATION_NOTICE_MS = 6000;

export const RegisterPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [registered, setRegistered] = useState(false);
  const valid = name !== '' && password !== '' && isEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      await registerUser({ name, email: email.trim(), password });
      setRegistered(true);
    } catch {
      // the spec: a refused registration is ignored silently
    }
  };

  return (
    <LoginLayout>
      <form onSubmit={submit}>
        <Stack spacing={2}>
          <IconButton aria-label={t('sharedBack')} onClick={() => navigate('/login')} sx={{ alignSelf: 'flex-start' }}>
            <ArrowBack />
          </IconButton>
          <TextField label={t('sharedName')} name="name" value={name} onChange={(event) => setName(event.target.value)} />
          <TextField label={t('userEmail')} name="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <TextField label={t('userPassword')} name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <Button type="submit" variant="contained" disabled={!valid}>
            {t('loginRegister')}
          </Button>
        </Stack>
      </form>
      <Snackbar open={registered} message={t('registerSuccess')} autoHideDuration={REGISTRATION_NOTICE_MS} onClose={() => navigate('/login')} />
    </LoginLayout>
  );
};

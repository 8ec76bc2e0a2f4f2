import { request } from './http';

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export const requestPasswordReset = (email: string) => request<void>('/api/password/reset', form({ email }));

export const updatePassword = (token: string, password: string) => request<void>('/api/password/update', form({ token, password }));

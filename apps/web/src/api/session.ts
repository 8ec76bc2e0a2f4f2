import type { User } from '@tracklane/domain';
import { request } from './http';

export const fetchSession = () => request<User>('/api/session');

export const login = (email: string, password: string) =>
  request<User>('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });

export const logout = () => request<void>('/api/session', { method: 'DELETE' });

import type { User } from '@tracklane/domain';
import { jsonBody, request } from './http';

export const registerUser = (fields: { name: string; email: string; password: string }) => request<User>('/api/users', jsonBody('POST', fields));

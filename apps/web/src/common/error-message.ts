import i18next from 'i18next';
import { HttpError } from '../api/http';
import { knownRefusalText } from './server-refusal';

/** What the user reads for a failed call: a known refusal in the interface language, else the server's own message, or "Connection error" when it was unreachable. */
export const errorMessage = (error: unknown): string => {
  if (error instanceof HttpError) return knownRefusalText(error) ?? (error.message || i18next.t('errorGeneral'));
  if (error instanceof TypeError) return i18next.t('errorConnection');
  return error instanceof Error && error.message ? error.message : i18next.t('errorGeneral');
};

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

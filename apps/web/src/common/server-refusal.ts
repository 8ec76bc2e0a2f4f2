import i18next from 'i18next';
import type { HttpError } from '../api/http';

interface KnownRefusal {
  status: number;
  /** Matches the server's English message; named groups become translation values. */
  pattern: RegExp;
  key: string;
}

// The server answers in English; the refusals a user can run into are recognised here by status and shape.
const KNOWN_REFUSALS: readonly KnownRefusal[] = [
  { status: 400, pattern: /^A device with identifier (?<identifier>.+) already exists$/, key: 'errorDuplicateIdentifier' },
  { status: 400, pattern: /^Duplicate value\b/, key: 'errorDuplicateValue' },
  { status: 400, pattern: /^A user with this e-mail already exists$/, key: 'errorDuplicateEmail' },
  { status: 400, pattern: /^A group cannot be its own ancestor$/, key: 'errorGroupCycle' },
  { status: 400, pattern: /^Referenced object does not exist$/, key: 'errorMissingReference' },
  { status: 400, pattern: /^A required field is missing$/, key: 'errorRequiredField' },
  { status: 400, pattern: /^The reset link is invalid or has expired$/, key: 'loginResetFailed' },
  { status: 400, pattern: /^E-mail is not configured/, key: 'errorMailNotConfigured' },
  { status: 401, pattern: /^Invalid username or password$/, key: 'loginFailed' },
  { status: 403, pattern: /^(Administrator|Manager) access required$|^(User|Write) access denied$/, key: 'errorAccessDenied' },
  { status: 403, pattern: /^Device limit reached$/, key: 'errorDeviceLimit' },
  { status: 403, pattern: /^Registration disabled$/, key: 'errorRegistrationDisabled' },
  { status: 404, pattern: /^Not found$|^No such /, key: 'errorNotFound' },
  { status: 429, pattern: /./, key: 'loginTooMany' },
  { status: 500, pattern: /./, key: 'errorGeneral' },
];

/** The translated text of a refusal the client recognises, undefined for any other. */
export const knownRefusalText = (error: HttpError): string | undefined => {
  for (const refusal of KNOWN_REFUSALS) {
    if (refusal.status !== error.status) continue;
    const match = refusal.pattern.exec(error.message);
    if (match) return i18next.t(refusal.key, { ...match.groups });
  }
  return undefined;
};

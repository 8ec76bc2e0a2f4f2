import type { Server, User } from '@tracklane/domain';
import { badRequest, forbidden } from '../errors.js';
import { isManager, type AccessPolicy } from './access-policy.js';

type Body = Record<string, unknown>;

const RESTRICTION_FLAGS = ['readonly', 'deviceReadonly', 'disabled', 'limitCommands', 'disableReports', 'fixedEmail'] as const;
const PRIVILEGED_DEFAULTS = { administrator: false, deviceLimit: 0, userLimit: 0 } as const;
/** Preference keys a readonly user may still change on its own account (push tokens, accepted terms). */
const READONLY_EXEMPT_ATTRIBUTES = ['notificationTokens', 'termsAccepted'];

const instant = (value: unknown): number | null => (value == null || value === '' ? null : new Date(value as string).getTime());
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const setsPrivilegedLimits = (body: Body) =>
  Object.entries(PRIVILEGED_DEFAULTS).some(([field, value]) => body[field] !== undefined && body[field] !== value);
const setsPrivilegedFields = (body: Body) => setsPrivilegedLimits(body) || RESTRICTION_FLAGS.some((flag) => Boolean(body[flag]));

/** What creating a user amounts to: the fields to store and the manager to link it to, if any. */
export interface UserCreation {
  body: Body;
  managerId?: number;
}

/**
 * The user-specific rules of reference/traccar-api.md §4.6: who may create which accounts with
 * which fields, and which changes an update may make.
 */
export const createUserRules = (policy: AccessPolicy, users: { count(): Promise<number> }) => {
  const managerCreation = async (caller: User, body: Body): Promise<UserCreation> => {
    if (setsPrivilegedLimits(body)) throw forbidden('Managers cannot create administrators, device or user limits');
    const limit = instant(caller.expirationTime);
    const requested = instant(body.expirationTime);
    if (limit !== null && requested !== null && requested > limit) throw forbidden('Expiration beyond your own');
    if (caller.userLimit > 0 && (await policy.countManagedUsers(caller)) >= caller.userLimit) throw forbidden('Manager user limit reached');
    return { body, managerId: caller.id };
  };

  /** Self-registration: the first account becomes the administrator, later ones need `registration`. */
  const registration = async (server: Server, body: Body): Promise<UserCreation> => {
    if (setsPrivilegedFields(body)) throw forbidden('Registration cannot set privileged fields');
    if (typeof body.password !== 'string' || body.password === '') throw badRequest('password is required');
    if ((await users.count()) === 0) return { body: { ...body, administrator: true, deviceLimit: -1 } };
    if (!server.registration) throw forbidden('Registration disabled');
    if (server.attributes.totpForce === true && !body.totpKey) throw badRequest('A TOTP key is required');
    return { body: { ...body, deviceLimit: -1 } };
  };

  /** Readonly users may still store push tokens and accept terms on their own account. */
  const onlyExemptChanges = (caller: User, stored: User, body: Body) => {
    if (caller.id !== stored.id) return false;
    const { attributes: newAttributes = {}, password, ...rest } = body as Body & { attributes?: Record<string, unknown> };
    const { attributes: oldAttributes, password: _ignored, ...storedRest } = stored as unknown as Body & { attributes: Record<string, unknown> };
    if (password) return false;
    const strip = (attributes: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(attributes ?? {}).filter(([key]) => !READONLY_EXEMPT_ATTRIBUTES.includes(key)));
    const fieldsSame = Object.keys(rest).every((key) => key === 'id' || same(rest[key], storedRest[key]));
    return fieldsSame && same(strip(newAttributes as Record<string, unknown>), strip(oldAttributes));
  };

  return {
    /** Administrators create anything; managers plain users they then manage; anyone else registers. */
    forCreate: async (caller: User | undefined, server: Server, body: Body): Promise<UserCreation> => {
      if (caller?.administrator) return { body };
      if (caller && isManager(caller)) return managerCreation(caller, body);
      return registration(server, body);
    },
    /** The caller may see and change the user: itself, an administrator, or its manager. */
    assertManages: async (caller: User, userId: number): Promise<void> => {
      if (!(await policy.canManageUser(caller, userId))) throw forbidden('User access denied');
    },
    assertUpdate: (caller: User, server: Server, stored: User, body: Body): void => {
      if (policy.restricted(caller, server, 'readonly') && !onlyExemptChanges(caller, stored, body)) throw forbidden('Write access denied');
      if (caller.administrator) return;
      const changed = (field: keyof User) => body[field] !== undefined && !same(body[field], stored[field]);
      if ((['administrator', 'deviceLimit', 'userLimit'] as const).some(changed)) throw forbidden('Administrator access required');
      const limit = instant(caller.expirationTime);
      if (limit !== null && changed('expirationTime') && (instant(body.expirationTime) ?? Infinity) > limit) throw forbidden('Expiration beyond your own');
      if (RESTRICTION_FLAGS.some(changed) && caller.id === stored.id) throw forbidden('Administrator access required');
      if (changed('email') && stored.fixedEmail) throw forbidden('E-mail change not allowed');
    },
    assertDelete: (caller: User, server: Server): void => policy.assertAllowed(caller, server, 'readonly'),
    /** "Log in as": administrators, and managers for the users they manage. */
    assertImpersonate: async (caller: User, userId: number): Promise<void> => {
      if (!caller.administrator && !(isManager(caller) && (await policy.canManageUser(caller, userId)))) throw forbidden('User access denied');
    },
  };
};

export type UserRules = ReturnType<typeof createUserRules>;

import { SPEED_UNITS, type DistanceUnit, type Server, type SpeedUnit, type User, type VolumeUnit } from '@tracklane/domain';

export type MessageLanguage = 'en' | 'hi';

/** How one user reads messages: language, time zone and units. */
export interface UserPreferences {
  language: MessageLanguage;
  /** IANA time zone; UTC when none or an unknown one is set. */
  timezone: string;
  speedUnit: SpeedUnit;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
}

const DISTANCE_UNITS: readonly string[] = ['km', 'mi', 'nmi'];
const VOLUME_UNITS: readonly string[] = ['ltr', 'impGal', 'usGal'];

const validZone = (zone: unknown): zone is string => {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** `hi`, `hi-IN`, `hi_IN` → hi; anything else → en. */
export const languageOf = (value: unknown): MessageLanguage => (typeof value === 'string' && /^hi([-_]|$)/i.test(value) ? 'hi' : 'en');

/**
 * The user's preferences: the user's attribute, else the server's, unless the server forces its
 * settings (then the server's wins), as the web client decides them.
 */
export const preferencesOf = (user: Pick<User, 'attributes'>, server: Pick<Server, 'attributes' | 'forceSettings'>): UserPreferences => {
  const pick = (key: string): unknown => {
    const own = user.attributes[key];
    const shared = server.attributes[key];
    return server.forceSettings ? (shared ?? own) : (own ?? shared);
  };
  const oneOf = <T extends string>(key: string, allowed: readonly string[], fallback: T): T => {
    const value = pick(key);
    return typeof value === 'string' && allowed.includes(value) ? (value as T) : fallback;
  };
  const timezone = pick('timezone');
  return {
    language: languageOf(pick('language')),
    timezone: validZone(timezone) ? timezone : 'UTC',
    speedUnit: oneOf<SpeedUnit>('speedUnit', SPEED_UNITS, 'kn'),
    distanceUnit: oneOf<DistanceUnit>('distanceUnit', DISTANCE_UNITS, 'km'),
    volumeUnit: oneOf<VolumeUnit>('volumeUnit', VOLUME_UNITS, 'ltr'),
  };
};

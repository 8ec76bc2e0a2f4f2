import path from 'node:path';
import { PROTOCOL_DEFAULT_PORTS, type ProtocolName } from './protocols/protocol-ports.js';
import { readProcessingConfig, type ProcessingConfig } from './processing/settings/processing-config.js';
import { readNotificationConfig, type NotificationConfig } from './notifications/notification-config.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

/** The one typed configuration object; see README.md for every variable. */
export interface Config {
  /** HTTP port of the API, socket and web app. */
  port: number;
  /** Address the HTTP and protocol listeners bind to. */
  host: string;
  /** `sqlite:<file>`, `sqlite::memory:` or `postgres://…`. */
  databaseUrl: string;
  /** Redis for cross-instance live updates; undefined = single instance. */
  redisUrl: string | undefined;
  /** Redis pub/sub channel of this deployment's instances (pub/sub ignores Redis database numbers). */
  redisChannel: string;
  /** Administrator created at first start when no user exists. */
  admin: { email: string; password: string } | undefined;
  /** Listening port per protocol; 0 = disabled. */
  protocolPorts: Record<ProtocolName, number>;
  /** Seconds a tracker connection (or UDP sender) may stay silent before it is closed (forgotten), per protocol. */
  protocolTimeouts: Record<ProtocolName, number>;
  /** Traccar's `database.registerUnknown`: an unknown tracker identifier becomes a new device named after it. */
  registerUnknown: boolean;
  logLevel: LogLevel;
  /** Public address of the web app, used in links sent by e-mail; undefined = the request's host. */
  webUrl: string | undefined;
  /** Browser origins allowed to call the API with credentials; `*` allows any. */
  webOrigins: string[];
  /** Folder holding the built web app. */
  webRoot: string;
  /** Folder of device media (uploaded device images, files trackers send), one sub-folder per device identifier. */
  mediaRoot: string;
  /** Session lifetime in seconds; 0 = until logout. */
  sessionTimeout: number;
  /** Adds `Secure` to the session cookie (serve over HTTPS). */
  cookieSecure: boolean;
  /** Failed logins allowed per address or account within the window before 429. */
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Seconds without data before an online device becomes unknown. */
  statusTimeout: number;
  /** Seconds a camera may stream live video that nobody requests before it is asked to stop; 0 = never. */
  videoIdleTimeout: number;
  smtp: SmtpConfig | undefined;
  /** Notification channels (SMS gateway, Firebase) and delivery settings; see notifications/notification-config.ts. */
  notifications: NotificationConfig;
  /** `processing.computedAttributes.*`: device attributes and the last position as expression variables. */
  computedAttributes: { deviceAttributes: boolean; lastAttributes: boolean };
  /** Maximum positions one history request returns per device. */
  reportMaxPositions: number;
  /** Seconds between two statistics captures (one row each). */
  statisticsInterval: number;
  /** Processing keys set by environment (`filter.maxSpeed` ← FILTER_MAX_SPEED); see processing/settings/processing-keys.ts. */
  processing: ProcessingConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

type Env = Record<string, string | undefined>;

export class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  }

  optional(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes'].includes(raw)) return true;
    if (['false', '0', 'no'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const raw = this.optional(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | undefined {
    const raw = this.optional(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return raw;
    } catch {
      // reported below
    }
    this.problems.push(`${name} must be a ${protocols.join(' or ')} URL`);
    return undefined;
  }
}

const readDatabaseUrl = (reader: EnvReader): string => {
  const url = reader.string('DATABASE_URL', 'sqlite:data/database.sqlite');
  if (/^sqlite:.+/.test(url) || /^postgres(ql)?:\/\/.+/.test(url)) return url;
  reader.problems.push('DATABASE_URL must start with sqlite: or postgres://');
  return url;
};

const readAdmin = (reader: EnvReader): Config['admin'] => {
  const email = reader.optional('ADMIN_EMAIL');
  const password = reader.optional('ADMIN_PASSWORD');
  if (email === undefined && password === undefined) return undefined;
  if (email === undefined || password === undefined) {
    reader.problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    return undefined;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) reader.problems.push('ADMIN_EMAIL must be an e-mail address');
  return { email, password };
};

const readProtocolPorts = (reader: EnvReader): Record<ProtocolName, number> => {
  const ports = {} as Record<ProtocolName, number>;
  for (const [name, port] of Object.entries(PROTOCOL_DEFAULT_PORTS) as [ProtocolName, number][]) {
    ports[name] = reader.integer(`${name.toUpperCase()}_PORT`, port, 0, 65535);
  }
  return ports;
};

const readProtocolTimeouts = (reader: EnvReader): Record<ProtocolName, number> => {
  const timeouts = {} as Record<ProtocolName, number>;
  for (const name of Object.keys(PROTOCOL_DEFAULT_PORTS) as ProtocolName[]) timeouts[name] = reader.integer(`${name.toUpperCase()}_TIMEOUT`, 300, 10, 86400);
  return timeouts;
};

const readSmtp = (reader: EnvReader): SmtpConfig | undefined => {
  const host = reader.optional('SMTP_HOST');
  const port = reader.integer('SMTP_PORT', 587, 1, 65535);
  const secure = reader.boolean('SMTP_SECURE', false);
  const from = reader.optional('SMTP_FROM');
  if (host === undefined) return undefined;
  if (from === undefined) reader.problems.push('SMTP_FROM must be set when SMTP_HOST is set');
  return { host, port, secure, user: reader.optional('SMTP_USER'), password: reader.optional('SMTP_PASSWORD'), from: from ?? '' };
};

/** Reads and validates the environment; throws one ConfigError naming every bad variable. */
export const loadConfig = (env: Env = process.env): Config => {
  const reader = new EnvReader(env);
  const config: Config = {
    port: reader.integer('PORT', 8082, 0, 65535),
    host: reader.string('HOST', '0.0.0.0'),
    databaseUrl: readDatabaseUrl(reader),
    redisUrl: reader.url('REDIS_URL', ['redis:', 'rediss:']),
    redisChannel: reader.string('REDIS_CHANNEL', 'tracklane:live'),
    admin: readAdmin(reader),
    protocolPorts: readProtocolPorts(reader),
    protocolTimeouts: readProtocolTimeouts(reader),
    registerUnknown: reader.boolean('REGISTER_UNKNOWN', false),
    logLevel: reader.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    webUrl: reader.url('WEB_URL', ['http:', 'https:'])?.replace(/\/+$/, ''),
    webOrigins: reader.string('WEB_ORIGIN', '').split(',').map((origin) => origin.trim()).filter(Boolean),
    webRoot: path.resolve(reader.string('WEB_ROOT', path.join(import.meta.dirname, '../../web/dist'))),
    mediaRoot: path.resolve(reader.string('MEDIA_PATH', 'data/media')),
    sessionTimeout: reader.integer('SESSION_TIMEOUT', 0, 0, 10 * 365 * 86400),
    cookieSecure: reader.boolean('COOKIE_SECURE', false),
    loginMaxFailures: reader.integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginWindowSeconds: reader.integer('LOGIN_WINDOW', 900, 1, 86400),
    statusTimeout: reader.integer('STATUS_TIMEOUT', 600, 10, 86400 * 30),
    videoIdleTimeout: reader.integer('VIDEO_IDLE_TIMEOUT', 60, 0, 86400),
    smtp: readSmtp(reader),
    notifications: readNotificationConfig(reader),
    computedAttributes: {
      deviceAttributes: reader.boolean('PROCESSING_COMPUTED_ATTRIBUTES_DEVICE_ATTRIBUTES', false),
      lastAttributes: reader.boolean('PROCESSING_COMPUTED_ATTRIBUTES_LAST_ATTRIBUTES', false),
    },
    reportMaxPositions: reader.integer('REPORT_MAX_POSITIONS', 50000, 1, 10_000_000),
    statisticsInterval: reader.integer('STATISTICS_INTERVAL', 86400, 1, 7 * 86400),
    processing: readProcessingConfig(env, reader.problems),
  };
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return Object.freeze(config);
};

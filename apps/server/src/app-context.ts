import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createAccessPolicy } from './auth/access-policy.js';
import { createAuthenticator } from './auth/authenticator.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { createPasswordLogin } from './auth/password-login.js';
import { hashPassword } from './auth/password.js';
import { createLocalBroadcaster } from './live/local-broadcaster.js';
import { createRedisBroadcaster } from './live/redis-broadcaster.js';
import { createSocketHub } from './live/socket-hub.js';
import { createPositionIngest } from './processing/position-ingest.js';
import { createDeviceStatusTask } from './tasks/device-status.task.js';
import { createMailer } from './notifications/mailer.js';
import { openStorage, type Storage } from './storage/database.js';
import { migrateToLatest } from './storage/migrator.js';
import { createRepositories } from './storage/repositories.js';

export interface ContextOptions {
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  now?: () => number;
}

/** Creates the administrator of ADMIN_EMAIL/ADMIN_PASSWORD when the database has no user yet. */
const seedAdministrator = async (config: Config, repos: ReturnType<typeof createRepositories>, log: FastifyBaseLogger) => {
  if (!config.admin || (await repos.userAccounts.count()) > 0) return;
  const id = await repos.users.insert({ name: 'admin', email: config.admin.email, administrator: true, deviceLimit: -1, userLimit: 0 });
  await repos.userAccounts.setPassword(id, await hashPassword(config.admin.password));
  log.info({ email: config.admin.email }, 'administrator created');
};

/** Every long-lived service of one server process. */
export const createAppContext = async (config: Config, log: FastifyBaseLogger, options: ContextOptions = {}) => {
  const now = options.now ?? Date.now;
  const storage: Storage = openStorage(config.databaseUrl, { schema: options.schema });
  await migrateToLatest(storage);
  const repos = createRepositories(storage);
  await repos.deviceState.resetStatuses();
  await seedAdministrator(config, repos, log);
  const policy = createAccessPolicy(repos.access);
  const throttle = new LoginThrottle(config.loginMaxFailures, config.loginWindowSeconds * 1000, now);
  const passwordLogin = createPasswordLogin(repos, throttle, now);
  const authenticator = createAuthenticator(repos, passwordLogin, now);
  const broadcaster = config.redisUrl ? createRedisBroadcaster(config.redisUrl, log) : createLocalBroadcaster();
  const hub = createSocketHub(broadcaster, policy, repos.access);
  const ingest = createPositionIngest(storage, repos, broadcaster, now);
  const deviceStatus = createDeviceStatusTask(repos, broadcaster, config.statusTimeout, now);
  const mailer = config.smtp ? createMailer(config.smtp) : undefined;
  return {
    config,
    log,
    now,
    storage,
    repos,
    policy,
    passwordLogin,
    authenticator,
    broadcaster,
    hub,
    ingest,
    deviceStatus,
    mailer,
    close: async () => {
      deviceStatus.stop();
      mailer?.close();
      hub.close();
      await broadcaster.close();
      await storage.close();
    },
  };
};

export type AppContext = Awaited<ReturnType<typeof createAppContext>>;

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
import { createProcessingEngine } from './processing/processing-engine.js';
import type { ComputedAttributeEvaluator } from './processing/stages/computed-attributes.stage.js';
import { createDeviceStatusTask } from './tasks/device-status.task.js';
import { createStatisticsTask } from './tasks/statistics.task.js';
import { ingestCounter } from './statistics/ingest-counter.js';
import { createMetrics } from './metrics/metrics.js';
import { ingestMeter } from './metrics/ingest-meter.js';
import { meteredIngestWriter } from './metrics/ingest-writer-meter.js';
import type { IngestObserver } from './processing/ingest-observers.js';
import { createStatisticsCounter } from './statistics/statistics-counter.js';
import { createMailer } from './notifications/mailer.js';
import { createNotificationService } from './notifications/notification-service.js';
import { createPendingWork } from './pending-work.js';
import type { CommandEndpoints } from './protocols/protocol-definition.js';
import { createIdleVideoStop } from './video/idle-video-stop.js';
import { createLiveVideoStreams } from './video/live-video-streams.js';
import { createComputedAttributes } from './processing/computed/computed-attributes.evaluator.js';
import { createUnknownDevices } from './protocols/transport/unknown-devices.js';
import { createDeviceResolver } from './protocols/transport/device-resolver.js';
import { createDeviceCommands } from './commands/device-commands.js';
import { openStorage, type Storage } from './storage/database.js';
import { migrateToLatest } from './storage/migrator.js';
import { createRepositories } from './storage/repositories.js';
import { createIngestWriter } from './storage/ingest-writer.js';

export interface ContextOptions {
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  now?: () => number;
  /** Evaluator of computed attributes; none = they change nothing. */
  computedAttributes?: ComputedAttributeEvaluator;
}

/** Creates the administrator of ADMIN_EMAIL/ADMIN_PASSWORD when the database has no user yet. */
const seedAdministrator = async (config: Config, repos: ReturnType<typeof createRepositories>, log: FastifyBaseLogger) => {
  if (!config.admin || (await repos.userAccounts.count()) > 0) return;
  const id = await repos.users.insert({ name: 'admin', email: config.admin.email, administrator: true, deviceLimit: -1, userLimit: 0 });
  await repos.userAccounts.setPassword(id, await hashPassword(config.admin.password));
  log.info({ email: config.admin.email }, 'administrator created');
};

/**
 * Work that must finish before storage closes: positions being stored and devices going offline as
 * their trackers disconnect. A graceful stop drains it instead of failing it against a closed database.
 */
const createInFlight = () => {
  const pending = createPendingWork();
  let messages = 0;
  const idle = () => pending.size === 0 && messages === 0;
  return {
    track: pending.track,
    /** Counts the ingest's messages without a promise of its own per message. */
    messages: {
      received: () => void messages++,
      settled: () => void messages--,
    } satisfies IngestObserver,
    drain: async (): Promise<void> => {
      do {
        await pending.settled();
        // a disconnect is reported a few promise hops after its connection's last frame settles
        await new Promise((resolve) => setImmediate(resolve));
      } while (!idle());
    },
  };
};

/** Every long-lived service of one server process. */
export const createAppContext = async (config: Config, log: FastifyBaseLogger, options: ContextOptions = {}) => {
  const now = options.now ?? Date.now;
  const storage: Storage = openStorage(config.databaseUrl, { schema: options.schema, onCheckpointError: (message) => log.warn({ err: message }, 'background checkpoint failed') });
  await migrateToLatest(storage);
  const repos = createRepositories(storage);
  // Traccar marks every device offline at start; with several instances the others still hold
  // connections, so there the status timeout alone retires devices of an instance that died
  if (!config.redisUrl) await repos.deviceState.resetStatuses();
  await seedAdministrator(config, repos, log);
  const policy = createAccessPolicy(repos.access);
  const throttle = new LoginThrottle(config.loginMaxFailures, config.loginWindowSeconds * 1000, now);
  const passwordLogin = createPasswordLogin(repos, throttle, now);
  const authenticator = createAuthenticator(repos, passwordLogin, now);
  const broadcaster = config.redisUrl ? createRedisBroadcaster(config.redisUrl, log, config.redisChannel) : createLocalBroadcaster();
  const metrics = createMetrics();
  const hub = createSocketHub(broadcaster, policy, repos.access);
  metrics.watchSocketClients(hub.size);
  const processing = createProcessingEngine({ processingConfig: config.processing, log, storage, repos, broadcaster, policy, now, computedAttributes: options.computedAttributes ?? createComputedAttributes({ ...config.computedAttributes, log }) });
  const statistics = createStatisticsCounter();
  const inFlight = createInFlight();
  const ingest = createPositionIngest(meteredIngestWriter(createIngestWriter(storage), metrics), repos, broadcaster, processing, now, [ingestCounter(statistics), ingestMeter(metrics), inFlight.messages]);
  const unknownDevices = createUnknownDevices();
  const commandEndpoints: CommandEndpoints = {};
  const deviceCommands = createDeviceCommands({ repos, broadcaster, events: processing.events, log, now, endpoints: commandEndpoints });
  const deviceResolver = createDeviceResolver({ repos, broadcaster, unknownDevices, registerUnknown: config.registerUnknown, log, now });
  const statusTask = createDeviceStatusTask(repos, broadcaster, config.statusTimeout, now, { ...processing, processingConfig: config.processing });
  const deviceStatus: typeof statusTask = { ...statusTask, markOffline: (deviceId) => inFlight.track(statusTask.markOffline(deviceId)) };
  const stopIdleVideo = createIdleVideoStop({ repos, commands: deviceCommands, log });
  const videoStreams = createLiveVideoStreams(now, { idleTimeoutMs: config.videoIdleTimeout * 1000, onIdle: (uniqueId, channel) => void inFlight.track(stopIdleVideo(uniqueId, channel)) });
  const mailer = config.smtp ? createMailer(config.smtp, statistics.mailSent) : undefined;
  const notifications = createNotificationService({ config, log, now, repos, broadcaster, mailer, viewersOf: processing.events.followersOf, groupsOf: processing.catalog.groupsOf, statistics, commands: deviceCommands, eventsAnnounced: processing.events.announced });
  processing.events.onEvent(notifications.handle);
  const statisticsCapture = createStatisticsTask(repos.statisticsHistory, statistics, config.statisticsInterval, log, now);
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
    processing,
    /** Stored events: `ctx.events.onEvent(listener)` for notification delivery. */
    events: processing.events,
    deviceStatus,
    mailer,
    /** Notification delivery (web, mail, sms, firebase) of raised events. */
    notifications,
    /** Usage counts since the last capture; `statisticsCapture` writes them as Statistics rows. */
    statistics,
    /** Prometheus metrics of this instance (`GET /metrics`). */
    metrics,
    statisticsCapture,
    /** Identifiers trackers recently announced without a matching device (for the admin API). */
    unknownDevices,
    /** Identifier → device for every protocol: unknown ones are listed, or registered with REGISTER_UNKNOWN. */
    deviceResolver,
    /** Commands to devices over their connections, sent at once or queued for their next message. */
    deviceCommands,
    /** Where commands ask devices to connect to send media; the listeners fill it in as they start. */
    commandEndpoints,
    /** The live video of the cameras streaming to this instance (JT1078), as HLS. */
    videoStreams,
    /** Call once the listeners are closed: drains what is in flight, then writes the statistics and closes. */
    close: async () => {
      await inFlight.drain();
      deviceStatus.stop();
      await statisticsCapture.stop();
      notifications.close();
      mailer?.close();
      hub.close();
      await broadcaster.close();
      await storage.close();
    },
  };
};

export type AppContext = Awaited<ReturnType<typeof createAppContext>>;

import { formatInstant, type Command, type Device, type Event, type Group, type Notification, type NotificatorType, type Position, type User } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Broadcaster } from '../live/live-message.js';
import type { RaisedEvent } from '../processing/events/event-service.js';
import { createPendingWork } from '../pending-work.js';
import type { Repositories } from '../storage/repositories.js';
import { createDeliveryQueue } from './delivery-queue.js';
import type { Mailer } from './mailer.js';
import { createNotificationFinder } from './notification-finder.js';
import { notificatorsOf } from './notification-matcher.js';
import { renderMessage, type NotificationMessage, type ReferencedNames } from './notification-message.js';
import type { Notificator } from './notificator.js';
import { createNotificators } from './notificators.js';
import { preferencesOf } from './user-preferences.js';

export interface NotificationServiceDeps {
  config: Pick<Config, 'smtp' | 'notifications' | 'webUrl'>;
  log: FastifyBaseLogger;
  now: () => number;
  repos: Repositories;
  /** Users whose links reach the device. */
  viewersOf(deviceId: number): Promise<number[]>;
  broadcaster: Broadcaster;
  mailer: Mailer | undefined;
  groupsOf(device: Device): Promise<Group[]>;
  /** Statistics counters of sent mail and SMS, when something counts them. */
  statistics?: { mailSent(): void; smsSent(): void };
  /** Sends a notification's saved command to the event's device (the `command` channel); without it the channel is off. */
  commands?: { send(device: Device, command: Command): Promise<unknown> };
  /** Resolves once the events raised so far have reached `handle` (they wait for who follows their device first). */
  eventsAnnounced?(): Promise<void>;
}

/** The channel that sends a notification's saved command to the device, rather than a message to its users. */
const COMMAND_CHANNEL = 'command';

/** A channel the caller asked for that is not configured. */
export class UnknownNotificatorError extends Error {}

/** Every channel named in the failure message, for the test endpoints' 400. */
export class NotificationTestError extends Error {}

/**
 * Notification delivery: `handle` is the listener of raised events (reference/processing.md §4);
 * it finds the recipients, writes each one's message in their language and units and hands the
 * deliveries to a background queue that retries failing channels.
 */
export const createNotificationService = (deps: NotificationServiceDeps) => {
  const { config, log, now, repos } = deps;
  const notificators = createNotificators({ config, broadcaster: deps.broadcaster, mailer: deps.mailer, users: repos.users, onMailSent: deps.statistics?.mailSent });
  const queue = createDeliveryQueue({ retries: config.notifications.retries, retryDelay: config.notifications.retryDelay, log });
  const finder = createNotificationFinder({
    repos, viewersOf: deps.viewersOf, groupsOf: deps.groupsOf, now,
    onCalendarError: (calendarId, error) => log.warn({ err: error, calendarId }, 'calendar could not be read; its notifications are skipped'),
  });
  // on every instance: the broadcaster carries the change to all of them
  deps.broadcaster.subscribe((message) => {
    if (message.kind === 'access-changed' || message.kind === 'settings-changed') finder.invalidate();
  });

  // mail counts itself when the SMTP server accepts it (mailer.ts); an SMS counts when it goes out to a phone
  const count = (type: NotificatorType, user: User) => {
    if (type === 'sms' && user.phone?.trim()) deps.statistics?.smsSent();
  };

  const namesOf = async (event: Event): Promise<ReferencedNames> => {
    const driverId = typeof event.attributes.driverUniqueId === 'string' ? event.attributes.driverUniqueId : undefined;
    const linkedId = Number(event.attributes.linkedDeviceId ?? 0);
    const [geofence, maintenance, drivers, linked] = await Promise.all([
      event.geofenceId > 0 ? repos.geofences.findById(event.geofenceId) : undefined,
      event.maintenanceId > 0 ? repos.maintenances.findById(event.maintenanceId) : undefined,
      driverId ? repos.drivers.list({ keyword: driverId, keywordColumns: ['uniqueId'], sortColumn: 'name' }) : [],
      linkedId > 0 ? repos.devices.findById(linkedId) : undefined,
    ]);
    return { geofence: geofence?.name, maintenance: maintenance?.name, driver: drivers.find((d) => d.uniqueId === driverId)?.name, linkedDevice: linked?.name };
  };

  const positionOf = async (raised: RaisedEvent): Promise<Position | undefined> => {
    if (raised.position || raised.event.positionId <= 0) return raised.position;
    return (await repos.positions.findByIds([raised.event.positionId]))[0];
  };

  /** The `command` channel: the notification's saved command goes to the event's device, once for the notification whoever it notifies. Never throws. */
  const sendCommand = async (notification: Notification, device: Device, event: Event): Promise<void> => {
    if (!deps.commands || notification.commandId <= 0) return;
    try {
      const command = await repos.commands.findById(notification.commandId);
      if (command) await deps.commands.send(device, { ...command, deviceId: device.id });
    } catch (error) {
      log.warn({ err: error, notificationId: notification.id, commandId: notification.commandId, eventId: event.id }, 'notification command not sent');
    }
  };

  /** The listener of raised events: finds who is notified and queues the deliveries. Never throws. */
  const handle = async (raised: RaisedEvent): Promise<void> => {
    const { event, device } = raised;
    const age = now() - Date.parse(event.eventTime ?? '');
    if (config.notifications.timeThreshold > 0 && age > config.notifications.timeThreshold * 1000) return;
    const matches = await finder.find(event, device);
    if (matches.length === 0) return;
    await Promise.all(matches.filter(({ notification }) => notificatorsOf(notification).includes(COMMAND_CHANNEL)).map(({ notification }) => sendCommand(notification, device, event)));

    // one message per user and channel, however many of their notifications matched
    const recipients = new Map<number, { user: User; channels: Set<string>; priority: boolean }>();
    for (const { notification, users } of matches) {
      for (const user of users) {
        const entry = recipients.get(user.id) ?? { user, channels: new Set<string>(), priority: false };
        notificatorsOf(notification).forEach((channel) => entry.channels.add(channel));
        entry.priority ||= notification.attributes.priority === true || notification.attributes.priority === 'true';
        recipients.set(user.id, entry);
      }
    }
    const [server, position, names] = await Promise.all([repos.server.get(), positionOf(raised), namesOf(event)]);
    for (const { user, channels, priority } of recipients.values()) {
      const message = renderMessage({ event, device, position, names, preferences: preferencesOf(user, server), webUrl: config.webUrl, priority });
      for (const channel of channels) {
        if (channel === COMMAND_CHANNEL && deps.commands) continue;
        const notificator = notificators.get(channel as NotificatorType);
        if (!notificator) {
          log.debug({ channel, eventId: event.id, userId: user.id }, 'notification channel not configured');
          continue;
        }
        count(notificator.type, user);
        queue.deliver(notificator, { user, message, event, done: new Set() });
      }
    }
  };

  /** Sends a test message to the user through the named channel, or every configured one; no retries. */
  const sendTest = async (user: User, only?: string): Promise<void> => {
    if (only === COMMAND_CHANNEL && deps.commands) throw new NotificationTestError("The command channel sends a notification's saved command to the device of each event; it has no test message");
    if (only !== undefined && !notificators.has(only as NotificatorType)) throw new UnknownNotificatorError(`Unknown or disabled notificator: ${only}`);
    const channels: Notificator[] = only ? [notificators.get(only as NotificatorType)!] : [...notificators.values()];
    const event: Event = { id: 0, type: 'test', eventTime: formatInstant(now()), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} };
    const message = renderMessage({ event, device: undefined, position: undefined, preferences: preferencesOf(user, await repos.server.get()), webUrl: config.webUrl });
    const results = await Promise.allSettled(channels.map(async (notificator) => {
      count(notificator.type, user);
      await notificator.send({ user, message, event, done: new Set() });
    }));
    const failures = results.flatMap((result, index) => (result.status === 'rejected' ? [`${channels[index]!.type}: ${result.reason instanceof Error ? result.reason.message : String(result.reason)}`] : []));
    if (failures.length > 0) throw new NotificationTestError(`Test notification failed (${failures.join('; ')})`);
  };

  /**
   * An announcement from a manager or administrator to users, through one channel other than web
   * (reference §2.5 `notifications/send`): queued like event deliveries, retried when it fails.
   */
  const announce = (users: User[], only: string, text: Pick<NotificationMessage, 'body'> & Partial<NotificationMessage>): void => {
    const notificator = only === 'web' ? undefined : notificators.get(only as NotificatorType);
    if (!notificator) throw new UnknownNotificatorError(`Unknown or disabled notificator: ${only}`);
    const digest = text.digest ?? text.body;
    const message: NotificationMessage = { subject: text.subject ?? digest, digest, body: text.body, priority: text.priority ?? false };
    const event: Event = { id: 0, type: 'announcement', eventTime: formatInstant(now()), deviceId: 0, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: {} };
    for (const user of users) {
      count(notificator.type, user);
      queue.deliver(notificator, { user, message, event, done: new Set() });
    }
  };

  const handling = createPendingWork();

  return {
    /** Configured channels, for GET /api/notifications/notificators. */
    available: (): NotificatorType[] => [...notificators.keys(), ...(deps.commands ? [COMMAND_CHANNEL as NotificatorType] : [])],
    handle: (raised: RaisedEvent): Promise<void> => {
      return handling.track(handle(raised).catch((error: unknown) => log.error({ err: error, eventId: raised.event.id }, 'notifications of an event failed')));
    },
    sendTest,
    announce,
    /** Resolves once every event raised so far has been matched and its deliveries are done (tests). */
    idle: async (): Promise<void> => {
      // an event still on its way here, or one raised by a delivery (a command sent), is waited for too
      do {
        await deps.eventsAnnounced?.();
        await handling.settled();
        await queue.idle();
      } while (handling.size > 0);
    },
    close: () => queue.close(),
  };
};

export type NotificationService = ReturnType<typeof createNotificationService>;

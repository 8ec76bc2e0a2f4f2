import type { Device, Event, Position } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessPolicy } from '../../auth/access-policy.js';
import type { Broadcaster } from '../../live/live-message.js';
import type { Storage } from '../../storage/database.js';
import type { Repositories } from '../../storage/repositories.js';
import { createBatchLoader } from '../batch-loader.js';
import { createPendingWork } from '../../pending-work.js';
import { toEvent, withEventId, type PendingEvent } from './pending-event.js';
import { detectTextMessage, normalizePhone } from './text-message.detector.js';

/** A stored event with what a listener needs to act on it. */
export interface RaisedEvent {
  event: Event;
  device: Device;
  /** The event's position when it has one and it is the one being processed. */
  position: Position | undefined;
}

export type EventListener = (raised: RaisedEvent) => void | Promise<void>;

/**
 * Where raised events go once stored: pushed on the live socket (`{"events": [...]}`) to every
 * user who follows the device, and handed to `onEvent` listeners (notification delivery).
 * Device-only events (status, inactivity, text messages) are stored here too.
 */
export const createEventService = (deps: { storage: Storage; repos: Repositories; broadcaster: Broadcaster; policy: AccessPolicy; log: FastifyBaseLogger }) => {
  const { storage, repos, broadcaster, policy, log } = deps;
  const listeners = new Set<EventListener>();
  const followers = new Map<number, Promise<number[]>>();
  // a fleet's first events (all its devices starting to move at once) ask for thousands at a time
  const followerBatches = createBatchLoader<number, number[]>((ids) => policy.usersSeeingDevices([...ids.keys()]));

  /** Users whose links reach the device; kept until links change (`invalidateFollowers`). */
  const followersOf = (deviceId: number): Promise<number[]> => {
    let ids = followers.get(deviceId);
    if (!ids) {
      ids = followerBatches.load(deviceId, deviceId);
      ids.catch(() => followers.delete(deviceId));
      followers.set(deviceId, ids);
    }
    return ids;
  };

  const notify = (raised: RaisedEvent) => {
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(raised)).catch((error: unknown) => log.error({ err: error, eventId: raised.event.id }, 'event listener failed'));
      } catch (error) {
        log.error({ err: error, eventId: raised.event.id }, 'event listener failed');
      }
    }
  };

  /** Announcements still finding who follows their device, so not yet heard by the listeners. */
  const announcing = createPendingWork();

  /** Pushes stored events live and to the listeners, in order. */
  const announce = (events: readonly Event[], device: Device, position?: Position): Promise<void> =>
    events.length === 0 ? Promise.resolve() : announcing.track(announceNow(events, device, position));

  const announceNow = async (events: readonly Event[], device: Device, position?: Position): Promise<void> => {
    const userIds = await followersOf(device.id).catch((error: unknown) => {
      log.warn({ err: error, deviceId: device.id }, 'could not find who follows the device');
      return [] as number[];
    });
    for (const event of events) {
      for (const userId of userIds) broadcaster.publish({ kind: 'event', userId, event });
      notify({ event, device, position: position && event.positionId === position.id ? position : undefined });
    }
  };

  /** Stores events that have no position and announces them. */
  const raise = async (device: Device, pending: readonly PendingEvent[]): Promise<Event[]> => {
    if (pending.length === 0) return [];
    const events = await storage.db.transaction().execute(async (trx) => {
      const stored: Event[] = [];
      for (const item of pending) {
        const event = toEvent(item, device.id, 0);
        stored.push(withEventId(event, await repos.events.insert(event, trx)));
      }
      return stored;
    });
    await announce(events, device);
    return events;
  };

  return {
    /** Subscribes to every stored event; returns the unsubscribe function. */
    onEvent: (listener: EventListener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce,
    /** Resolves once every event announced so far has been handed to the listeners (tests). */
    announced: (): Promise<void> => announcing.settled(),
    raise,
    followersOf,
    /** An SMS from a device's phone number: textMessage on each device with that number. */
    raiseTextMessage: async (phone: string, message: string, now: number = Date.now()): Promise<Event[]> => {
      const raised: Event[] = [];
      for (const id of await repos.processing.devicesByPhone(normalizePhone(phone))) {
        const device = await repos.devices.findById(id);
        if (device) raised.push(...(await raise(device, detectTextMessage(message, now))));
      }
      return raised;
    },
    /** Links changed: who follows which device is asked again. */
    invalidateFollowers: (): void => followers.clear(),
  };
};

export type EventService = ReturnType<typeof createEventService>;

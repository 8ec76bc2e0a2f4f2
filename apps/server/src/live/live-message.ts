import type { Device, Event, Position } from '@tracklane/domain';

/** What one instance tells every instance (and so every socket) about. */
export type LiveMessage =
  | { kind: 'position'; position: Position }
  | { kind: 'device'; device: Device }
  | { kind: 'event'; userId: number; event: Event }
  /** Links, devices or groups changed: sockets recompute which devices they follow. */
  | { kind: 'access-changed' }
  /**
   * A device was created (by a user, or registered for an unknown identifier): sockets recompute which
   * devices they follow, but nothing known about the other devices changed, so their cached
   * contexts, followers and rows stay; a fleet registering its trackers one by one does not empty the
   * caches of every device at each one.
   */
  | { kind: 'device-added' }
  /** An object processing depends on (geofence, driver, maintenance, computed attribute, calendar, server) changed. */
  | { kind: 'settings-changed' };

export interface Broadcaster {
  publish(message: LiveMessage): void;
  /** Resolves when the transport answers (Redis PING); rejects when it is unreachable. */
  check(): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): void;
  close(): Promise<void>;
}

import type { Device, Event, Position } from '@tracklane/domain';
import { positionJsonWithId, type StoredPositionRow } from '../storage/position-json.js';

/** A position that became its device's latest. */
export interface PositionMessage {
  kind: 'position';
  position: Position;
  /**
   * The row just stored for it, when the publisher has it: its JSON text is then written from the
   * row, whose attributes and network are JSON already, instead of serialising them a second time.
   * Never sent to other instances.
   */
  row?: StoredPositionRow;
  /** The JSON text, once written (see {@link positionJsonOf}). */
  json?: string;
}

/** The position's JSON text, written once per message however many sockets and instances it goes to. */
export const positionJsonOf = (message: PositionMessage): string =>
  (message.json ??= message.row ? positionJsonWithId(message.row, message.position.id) : JSON.stringify(message.position));

/** What one instance tells every instance (and so every socket) about. */
export type LiveMessage =
  | PositionMessage
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
  | { kind: 'settings-changed' }
  /** A command was queued for the device: the instance its next message reaches sends it. */
  | { kind: 'commands-queued'; deviceId: number }
  /** A command for the device's connection, which another instance may hold: the one that does writes it and answers. */
  | { kind: 'command-to-connection'; requestId: string; deviceId: number; command: { type: string; attributes: Record<string, unknown> } }
  /** The answer of the instance holding the connection: whether its protocol took the command. */
  | { kind: 'command-written'; requestId: string; sent: boolean };

export interface Broadcaster {
  /** Whether other instances hear what this one publishes (Redis); a single instance's broadcaster is not. */
  readonly shared?: boolean;
  publish(message: LiveMessage): void;
  /** Resolves when the transport answers (Redis PING); rejects when it is unreachable. */
  check(): Promise<void>;
  subscribe(listener: (message: LiveMessage) => void): void;
  close(): Promise<void>;
}

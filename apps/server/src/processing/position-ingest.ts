import type { Device, Event, Position } from '@tracklane/domain';
import { formatInstant } from '@tracklane/domain';
import type { Storage } from '../storage/database.js';
import type { Repositories } from '../storage/repositories.js';
import type { Broadcaster } from '../live/live-message.js';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import { createGroupCommit } from './group-commit.js';
import type { EventService } from './events/event-service.js';
import { toPosition } from './pipeline-position.js';
import type { PositionProcessor, PreparedPosition } from './position-processor.js';

export type IngestResult =
  | { status: 'stored'; position: Position; device: Device; events: Event[] }
  /** Dropped by a filter: not stored, no events, but the device is online and the tracker gets its acknowledgement. */
  | { status: 'filtered'; device: Device; filters: string[] }
  | { status: 'unknown-device'; uniqueId: string }
  | { status: 'disabled-device'; uniqueId: string };

/** Whether the tracker gets its acknowledgement: the position is stored, or a filter dropped it (Traccar acknowledges both). */
export const isAcknowledged = (result: IngestResult): boolean => result.status === 'stored' || result.status === 'filtered';

/** The position pipeline and where its events go. */
export interface IngestEngine {
  processor: PositionProcessor;
  events: EventService;
}

/** Chains work per key so one device's positions are processed strictly in arrival order. */
const createSerialQueue = () => {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => tails.get(key) === tail && tails.delete(key));
    return run;
  };
};

/**
 * Runs a decoded position through the pipeline (reference/processing.md §1) and stores it with its
 * events, the device's status, lastUpdate and latest position in one transaction (shared with
 * other devices' positions arriving at the same time), then announces them live. A filtered
 * position stores only the device's status. Resolves only once committed, so callers acknowledge
 * the tracker after the data is safe.
 */
export const createPositionIngest = (storage: Storage, repos: Repositories, broadcaster: Broadcaster, engine: IngestEngine, now: () => number = Date.now) => {
  const serial = createSerialQueue();
  const { processor, events: eventService } = engine;

  /** Positions of many devices share one transaction (and one commit) when they arrive together. */
  const write = createGroupCommit((items: { prepared: PreparedPosition; received: number }[]) =>
    storage.db.transaction().execute(async (trx) => {
      const results: { id: number; latestId: number; events: Event[] }[] = [];
      for (const { prepared, received } of items) {
        const { device, result } = prepared;
        if (result.kind === 'filtered') {
          await repos.deviceState.updateStatus(device.id, { status: 'online', lastUpdate: received }, trx);
          results.push({ id: 0, latestId: device.positionId, events: await processor.persist(prepared, 0, trx) });
          continue;
        }
        const id = await repos.positions.insert(toPosition(result.position), trx);
        const latestId = await repos.deviceState.recordMessage(device.id, id, result.position.fixTime, received, trx);
        results.push({ id, latestId, events: await processor.persist(prepared, id, trx) });
      }
      return results;
    }),
  );

  const announce = (events: Event[], device: Device, position?: Position) =>
    void eventService.announce(events, device, position).catch(() => undefined);

  const store = async (decoded: DecodedPosition, device: Device): Promise<IngestResult> => {
    const received = now();
    const prepared = await processor.prepare(decoded, device, received);
    const { id, latestId, events } = await write({ prepared, received });
    processor.commit(prepared);
    const updated: Device = { ...device, status: 'online', lastUpdate: formatInstant(received), positionId: latestId };
    broadcaster.publish({ kind: 'device', device: updated });
    const { result } = prepared;
    if (result.kind === 'filtered') {
      announce(events, updated);
      return { status: 'filtered', device: updated, filters: result.filters };
    }
    const stored = toPosition(result.position);
    if (latestId === id) broadcaster.publish({ kind: 'position', position: stored });
    announce(events, updated, stored);
    return { status: 'stored', position: stored, device: updated, events };
  };

  return {
    ingest: (decoded: DecodedPosition): Promise<IngestResult> =>
      // the device is read inside the queue so each position sees the one stored before it
      serial(decoded.uniqueId, async () => {
        const device = await repos.deviceState.findByUniqueId(decoded.uniqueId);
        if (!device) return { status: 'unknown-device', uniqueId: decoded.uniqueId };
        if (device.disabled) return { status: 'disabled-device', uniqueId: decoded.uniqueId };
        return store(decoded, device);
      }),
  };
};

export type PositionIngest = ReturnType<typeof createPositionIngest>;

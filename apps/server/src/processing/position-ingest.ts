import type { Device, Event, Position } from '@tracklane/domain';
import { formatInstant } from '@tracklane/domain';
import type { IngestOutcome, IngestRecord, IngestWriter } from '../storage/ingest-writer.js';
import type { StoredPositionRow } from '../storage/position-json.js';
import type { Repositories } from '../storage/repositories.js';
import type { Broadcaster } from '../live/live-message.js';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import { createAdmission } from './admission.js';
import { combineObservers, type IngestObserver } from './ingest-observers.js';
import { createDeviceLookup } from './device-lookup.js';
import { createGroupCommit } from './group-commit.js';
import { createSerialLanes, type Lane } from './serial-lanes.js';
import type { EventService } from './events/event-service.js';
import { toPosition, toPositionRow } from './pipeline-position.js';
import type { PositionProcessor, PreparedPosition } from './position-processor.js';
import { andThen, type MaybeAsync } from './maybe-async.js';

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

/**
 * Positions in the pipeline or waiting for their commit at once: a few batches' worth, so the
 * writer always has the next batch ready (see createAdmission).
 */
const ADMITTED = 1024;

/**
 * Runs a decoded position through the pipeline (reference/processing.md §1) and stores it with its
 * events, the device's status, lastUpdate and latest position in one transaction (shared with
 * other devices' positions arriving at the same time), then announces them live. A filtered
 * position stores only the device's status. Resolves only once committed, so callers acknowledge
 * the tracker after the data is safe. `observers` hear of every message and its outcome.
 */
export const createPositionIngest = (writer: IngestWriter, repos: Repositories, broadcaster: Broadcaster, engine: IngestEngine, now: () => number = Date.now, observers: readonly IngestObserver[] = []) => {
  const lanes = createSerialLanes(now);
  const admission = createAdmission(ADMITTED);
  const observer = combineObservers(observers);
  const devices = createDeviceLookup(repos, broadcaster);
  const { processor, events: eventService } = engine;

  /** Positions of many devices share one transaction (and one commit) when they arrive together. */
  const write = createGroupCommit((records: IngestRecord[]) => writer.write(records), { concurrency: writer.concurrency });

  const announce = (events: Event[], device: Device, position?: Position) => {
    if (events.length > 0) void eventService.announce(events, device, position).catch(() => undefined);
  };

  const announced = (prepared: PreparedPosition, device: Device, received: number, row: StoredPositionRow | undefined, { latestId, events }: IngestOutcome): IngestResult => {
    processor.commit(prepared);
    const updated = devices.storedPosition(device, formatInstant(received), latestId);
    broadcaster.publish({ kind: 'device', device: updated });
    const { result } = prepared;
    if (result.kind === 'filtered') {
      announce(events, updated);
      return { status: 'filtered', device: updated, filters: result.filters };
    }
    const stored = toPosition(result.position);
    if (latestId === stored.id) broadcaster.publish({ kind: 'position', position: stored, row });
    announce(events, updated, stored);
    return { status: 'stored', position: stored, device: updated, events };
  };

  const store = (decoded: DecodedPosition, device: Device): MaybeAsync<IngestResult> => {
    const received = now();
    return andThen(processor.prepare(decoded, device, received), (prepared) => {
      const { result } = prepared;
      const position = result.kind === 'accepted' ? { row: toPositionRow(result.position), fixTime: result.position.fixTime } : undefined;
      const record: IngestRecord = { deviceId: device.id, received, position, complete: (positionId) => processor.finish(prepared, positionId) };
      // the stored row also gives the live update its JSON
      return write(record).then((outcome) => announced(prepared, device, received, position?.row as StoredPositionRow | undefined, outcome));
    });
  };

  const accept = (decoded: DecodedPosition, device: Device | undefined): MaybeAsync<IngestResult> => {
    if (!device) return { status: 'unknown-device', uniqueId: decoded.uniqueId };
    if (device.disabled) return { status: 'disabled-device', uniqueId: decoded.uniqueId };
    return store(decoded, device);
  };

  /**
   * The position's work is done: its admission slot goes to the oldest waiting position, then its
   * device's lane to the device's next one, which queues for a slot in turn.
   */
  const finish = (lane: Lane, decoded: DecodedPosition, result: IngestResult | undefined, error?: unknown): void => {
    admission.leave();
    lanes.leave(lane);
    observer.settled(decoded, result, error);
  };

  /**
   * Runs a position holding its device's lane and a slot; one continuation settles it and frees both.
   * Settled in a continuation even when the outcome is at hand (an unknown device), so the work it
   * frees starts from the microtask queue, never nested in this stack however much is waiting.
   */
  const started = (lane: Lane, decoded: DecodedPosition): Promise<IngestResult> => {
    let outcome: MaybeAsync<IngestResult>;
    try {
      // the device is read in its lane so each position sees the one stored before it
      outcome = andThen(devices.find(decoded.uniqueId), (device) => accept(decoded, device));
    } catch (error) {
      outcome = Promise.reject(error);
    }
    return Promise.resolve(outcome).then(
      (result) => {
        finish(lane, decoded, result);
        return result;
      },
      (error: unknown) => {
        finish(lane, decoded, undefined, error);
        throw error;
      },
    );
  };

  const admitted = (lane: Lane, decoded: DecodedPosition): Promise<IngestResult> =>
    admission.take() ? started(lane, decoded) : new Promise((resolve, reject) => admission.queue(() => void started(lane, decoded).then(resolve, reject)));

  return {
    /** Starts at once, synchronously, when its device has nothing under way and the ingest is under its limit. */
    ingest: (decoded: DecodedPosition): Promise<IngestResult> => {
      observer.received(decoded);
      const lane = lanes.take(decoded.uniqueId);
      if (lane) return admitted(lane, decoded);
      return new Promise((resolve, reject) => lanes.queue(decoded.uniqueId, (next) => void admitted(next, decoded).then(resolve, reject)));
    },
  };
};

export type PositionIngest = ReturnType<typeof createPositionIngest>;

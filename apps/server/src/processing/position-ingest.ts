import type { Device, Event, Position } from '@tracklane/domain';
import { formatInstant } from '@tracklane/domain';
import type { IngestOutcome, IngestRecord, IngestWriter } from '../storage/ingest-writer.js';
import type { StoredPositionRow } from '../storage/position-json.js';
import type { Repositories } from '../storage/repositories.js';
import type { Broadcaster } from '../live/live-message.js';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import { createAdmission } from './admission.js';
import { combineObservers, type IngestObserver } from './ingest-observers.js';
import { createDeviceLookup, type RememberedDevice } from './device-lookup.js';
import { createGroupCommit, type Commitment } from './group-commit.js';
import { createSerialLanes, type Lane } from './serial-lanes.js';
import type { EventService } from './events/event-service.js';
import { toPosition, toPositionRow } from './pipeline-position.js';
import type { PositionProcessor, PreparedPosition, ProcessorMemo } from './position-processor.js';
import { andThen, type MaybeAsync } from './maybe-async.js';

/** What an identifier's lane keeps between its messages. */
type LaneMemo = RememberedDevice & ProcessorMemo;
type IngestLane = Lane<LaneMemo>;

export type IngestResult =
  | { status: 'stored'; position: Position; device: Device; events: Event[] }
  /** Dropped by a filter: not stored, no events, but the device is online and the tracker gets its acknowledgement. */
  | { status: 'filtered'; device: Device; filters: readonly string[] }
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
 * Positions in the pipeline or waiting for their commit at once: two full batches, so the writer
 * always has the next batch ready (see createAdmission). Fewer in flight is less for each scavenge
 * to copy: 512 rather than 1,024 with trackers' messages held back as bytes (GT06 at 30,000/s, six
 * interleaved pairs: ack p99 102-143 against 134-188 ms), PostgreSQL at 27,500/s keeping up as
 * before.
 */
const ADMITTED = 512;
/** Free slots before trackers' held-back messages are read again: half a group commit's batch. */
const FREE_TO_RESUME = 128;

/** Told how an ingested message ended: one of the two, once, never from within the `submit` call. Neither may throw. */
export interface IngestCallbacks {
  ingested(result: IngestResult): void;
  /** Storing failed: the tracker must not be acknowledged. */
  failed(error: unknown): void;
}

/**
 * Runs a decoded position through the pipeline (reference/processing.md §1) and stores it with its
 * events, the device's status, lastUpdate and latest position in one transaction (shared with
 * other devices' positions arriving at the same time), then announces them live. A filtered
 * position stores only the device's status. Settles only once committed, so callers acknowledge
 * the tracker after the data is safe. `observers` hear of every message and its outcome.
 */
export const createPositionIngest = (writer: IngestWriter, repos: Repositories, broadcaster: Broadcaster, engine: IngestEngine, now: () => number = Date.now, observers: readonly IngestObserver[] = []) => {
  /**
   * Each identifier's lane keeps from one of its messages to the next the device it was found to be,
   * that device's context and state entry. Each part is checked before it is used.
   */
  const lanes = createSerialLanes<LaneMemo>(now, () => ({ device: undefined, at: -1, context: undefined, contextOf: 0, contextAt: -1, entry: undefined }));
  const admission = createAdmission(ADMITTED, FREE_TO_RESUME);
  const observer = combineObservers(observers);
  const devices = createDeviceLookup(repos, broadcaster);
  const { processor, events: eventService } = engine;

  const announce = (events: Event[], device: Device, position?: Position) => {
    if (events.length > 0) void eventService.announce(events, device, position).catch(() => undefined);
  };

  const announced = (prepared: PreparedPosition, lane: IngestLane, received: number, row: StoredPositionRow | undefined, { latestId, events }: IngestOutcome): IngestResult => {
    processor.commit(prepared);
    const updated = devices.storedPosition(prepared.device, formatInstant(received), latestId, lane.memo);
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

  /**
   * One message from its admission to its outcome: the record the writer stores and the commitment
   * the group commit settles. A single object per message carries what closures and promises at
   * every step carried before (see {@link createGroupCommit}).
   */
  class InFlight implements IngestRecord, Commitment<IngestOutcome> {
    deviceId = 0;
    received = 0;
    position: { row: Record<string, unknown>; fixTime: number } | undefined = undefined;
    prepared: PreparedPosition | undefined = undefined;

    constructor(
      readonly lane: IngestLane,
      readonly decoded: DecodedPosition,
      readonly callbacks: IngestCallbacks,
    ) {}

    /** Holding its device's lane and a slot: the device is read in its lane, so each position sees the one stored before it. */
    start(): void {
      let outcome: MaybeAsync<IngestResult | undefined>;
      try {
        outcome = andThen(devices.find(this.decoded.uniqueId, this.lane.memo), (device) => this.accept(device));
      } catch (error) {
        return this.later(undefined, error);
      }
      if (outcome instanceof Promise) outcome.then((result) => result && this.settle(result), (error: unknown) => this.settle(undefined, error));
      else if (outcome) this.later(outcome);
    }

    /** The outcome when it is known before any write; undefined once the position is queued for its commit. */
    accept(device: Device | undefined): MaybeAsync<IngestResult | undefined> {
      if (!device) return { status: 'unknown-device', uniqueId: this.decoded.uniqueId };
      if (device.disabled) return { status: 'disabled-device', uniqueId: this.decoded.uniqueId };
      this.deviceId = device.id;
      this.received = now();
      return andThen(processor.prepare(this.decoded, device, this.received, this.lane.memo), (prepared) => this.queue(prepared));
    }

    queue(prepared: PreparedPosition): undefined {
      this.prepared = prepared;
      const { result } = prepared;
      if (result.kind === 'accepted') this.position = { row: toPositionRow(result.position), fixTime: result.position.fixTime };
      write(this);
      return undefined;
    }

    complete(positionId: number) {
      return processor.finish(this.prepared!, positionId);
    }

    committed(outcome: IngestOutcome): void {
      let result: IngestResult;
      try {
        // the stored row also gives the live update its JSON
        result = announced(this.prepared!, this.lane, this.received, this.position?.row as StoredPositionRow | undefined, outcome);
      } catch (error) {
        return this.settle(undefined, error);
      }
      this.settle(result);
    }

    failed(error: unknown): void {
      this.settle(undefined, error);
    }

    /**
     * An outcome known at once is given from the microtask queue, so that the work its settling
     * frees starts there, never nested in this stack however much is waiting.
     */
    later(result: IngestResult | undefined, error?: unknown): void {
      queueMicrotask(() => this.settle(result, error));
    }

    /**
     * The message's work is done: its slot goes to the oldest waiting message, then its device's lane
     * to the device's next one. An observer that fails fails the message, unacknowledged.
     */
    settle(result: IngestResult | undefined, error?: unknown): void {
      admission.leave();
      lanes.leave(this.lane);
      let outcome = result;
      let failure = error;
      try {
        observer.settled(this.decoded, result, error);
      } catch (observerError) {
        outcome = undefined;
        failure = observerError;
      }
      if (outcome) this.callbacks.ingested(outcome);
      else this.callbacks.failed(failure);
    }
  }

  /** Positions of many devices share one transaction (and one commit) when they arrive together. */
  const write = createGroupCommit((records: InFlight[]) => writer.write(records), { concurrency: writer.concurrency });

  const admitted = (lane: IngestLane, decoded: DecodedPosition, callbacks: IngestCallbacks): void => {
    const message = new InFlight(lane, decoded, callbacks);
    if (admission.take()) message.start();
    else admission.queue(() => message.start());
  };

  /**
   * Starts at once, synchronously, when its device has nothing under way and the ingest is under its
   * limit. `endpoint`, the tracker's session, keeps the lane of its identifier for its next message.
   */
  const submit = (decoded: DecodedPosition, callbacks: IngestCallbacks, endpoint?: { ingestMemo: unknown }): void => {
    observer.received(decoded);
    const lane = lanes.take(decoded.uniqueId, endpoint?.ingestMemo as IngestLane | undefined);
    if (endpoint && lane) endpoint.ingestMemo = lane;
    if (lane) admitted(lane, decoded, callbacks);
    else lanes.queue(decoded.uniqueId, (next) => admitted(next, decoded, callbacks));
  };

  return {
    submit,
    /** {@link submit} as a promise, for callers that store a message now and then (OsmAnd, tests). */
    ingest: (decoded: DecodedPosition): Promise<IngestResult> =>
      new Promise((resolve, reject) => submit(decoded, { ingested: resolve, failed: reject })),
    /** Whether more messages would start at once, for a source that can hold them back until then (see createAdmission). */
    intake: { hasRoom: admission.hasRoom, whenRoom: admission.whenRoom },
  };
};

export type PositionIngest = ReturnType<typeof createPositionIngest>;

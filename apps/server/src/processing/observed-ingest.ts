import type { DecodedPosition } from '../protocols/decoded-position.js';
import type { IngestResult, PositionIngest } from './position-ingest.js';

/** Hears every message the ingest takes and how it ended; called synchronously, so it must be cheap. */
export interface IngestObserver {
  received?(decoded: DecodedPosition): void;
  /** The outcome, or `error` when storing failed (the tracker gets no acknowledgement). */
  settled?(decoded: DecodedPosition, result: IngestResult | undefined, error?: unknown): void;
}

/**
 * The position ingest with its observers (metrics, statistics, in-flight accounting). One wrapper
 * with one continuation for all of them: an async wrapper per concern cost a promise and a
 * microtask each per position.
 */
export const observedIngest = (ingest: PositionIngest, observers: IngestObserver[]): PositionIngest => {
  const receivers = observers.flatMap((observer) => (observer.received ? [observer.received.bind(observer)] : []));
  const settlers = observers.flatMap((observer) => (observer.settled ? [observer.settled.bind(observer)] : []));
  return {
    ...ingest,
    ingest: (decoded) => {
      for (const received of receivers) received(decoded);
      return ingest.ingest(decoded).then(
        (result) => {
          for (const settled of settlers) settled(decoded, result);
          return result;
        },
        (error: unknown) => {
          for (const settled of settlers) settled(decoded, undefined, error);
          throw error;
        },
      );
    },
  };
};

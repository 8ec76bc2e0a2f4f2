import type { DecodedPosition } from '../protocols/decoded-position.js';
import type { IngestResult } from './position-ingest.js';

/** Hears every message the ingest takes and how it ended; called synchronously, so it must be cheap. */
export interface IngestObserver {
  received?(decoded: DecodedPosition): void;
  /** The outcome, or `error` when storing failed (the tracker gets no acknowledgement). */
  settled?(decoded: DecodedPosition, result: IngestResult | undefined, error?: unknown): void;
}

/** All of an ingest's observers as one. */
export const combineObservers = (observers: readonly IngestObserver[]): Required<IngestObserver> => {
  const receivers = observers.flatMap((observer) => (observer.received ? [observer.received.bind(observer)] : []));
  const settlers = observers.flatMap((observer) => (observer.settled ? [observer.settled.bind(observer)] : []));
  return {
    received: (decoded) => {
      for (const received of receivers) received(decoded);
    },
    settled: (decoded, result, error) => {
      for (const settled of settlers) settled(decoded, result, error);
    },
  };
};

import type { Event, Position } from '@tracklane/domain';
import type { StoredPositionRow } from '../storage/position-json.js';
import type { PageCursor, ReportRepository } from '../storage/report.repository.js';
import type { ReportPosition } from './report-position.js';

/** Rows per query when walking a long period; small pages die young (bigger ones cost more in garbage collection than the extra queries). */
export const PAGE_SIZE = 1000;

/**
 * Walks rows page by page by (time, id) keyset; the next page is requested while the caller still
 * works on the current one. Stops after `limit` rows (0 = no limit).
 */
export async function* pages<T extends { id: number }>(
  fetch: (after: PageCursor | undefined, size: number) => Promise<T[]>,
  timeOf: (row: T) => number,
  limit = 0,
  pageSize = PAGE_SIZE,
): AsyncGenerator<T[]> {
  let remaining = limit > 0 ? limit : Number.POSITIVE_INFINITY;
  let size = Math.min(pageSize, remaining);
  let pending: Promise<T[]> | undefined = fetch(undefined, size);
  try {
    while (pending) {
      const page = await pending;
      remaining -= page.length;
      const last = page[page.length - 1];
      pending = undefined;
      if (last !== undefined && page.length === size && remaining > 0) {
        size = Math.min(pageSize, remaining);
        pending = fetch({ time: timeOf(last), id: last.id }, size);
      }
      if (page.length > 0) yield page;
    }
  } finally {
    // a consumer that stops early leaves the prefetched page unread; its failure is of no interest
    pending?.catch(() => undefined);
  }
}

/** Lean positions of one device in [from, to], ascending by fix time. */
export const leanPositionPages = (repo: ReportRepository, deviceId: number, from: number, to: number): AsyncGenerator<ReportPosition[]> =>
  pages((after, size) => repo.leanPositions(deviceId, from, to, after, size), (row) => row.fixTime);

/** Whole positions of one device in [from, to], ascending by fix time, at most `limit` (0 = all). */
export const positionPages = (repo: ReportRepository, deviceId: number, from: number, to: number, limit: number): AsyncGenerator<Position[]> =>
  pages((after, size) => repo.positions(deviceId, from, to, after, size), (row) => Date.parse(row.fixTime!), limit);

/** Stored position rows of one device in [from, to], ascending by fix time, at most `limit` (0 = all). */
export const positionRowPages = (repo: ReportRepository, deviceId: number, from: number, to: number, limit: number): AsyncGenerator<StoredPositionRow[]> =>
  pages((after, size) => repo.positionRows(deviceId, from, to, after, size), (row) => Number(row.fixTime), limit);

export type EventFilter = Parameters<ReportRepository['events']>[3];

/** Events of one device in [from, to], ascending by event time. */
export const eventPages = (repo: ReportRepository, deviceId: number, from: number, to: number, filter: EventFilter): AsyncGenerator<Event[]> =>
  pages((after, size) => repo.events(deviceId, from, to, filter, after, size), (row) => Date.parse(row.eventTime!));

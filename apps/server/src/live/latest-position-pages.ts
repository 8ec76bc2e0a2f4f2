import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RawBuilder } from 'kysely';
import { positionJson, type StoredPositionRow } from '../storage/position-json.js';

/** How many latest positions are read and written between two turns of the event loop when a socket opens. */
export const LATEST_PAGE_SIZE = 500;

type ReadPage = (deviceIds: RawBuilder<unknown>, afterDeviceId: number, limit: number) => Promise<StoredPositionRow[]>;

/**
 * The latest position of each followed device as JSON, a page at a time in device order, with a
 * turn of the event loop between pages: a dispatcher opening the map of a 10,000-device fleet made
 * the server read and write all of them in one go, holding the event loop for about 190 ms, in
 * which no tracker was served. Yields at least one page, empty when there is nothing.
 */
export async function* latestPositionPages(readPage: ReadPage, deviceIds: RawBuilder<unknown>, pageSize = LATEST_PAGE_SIZE): AsyncGenerator<string[]> {
  let afterDeviceId = 0;
  for (;;) {
    const rows = await readPage(deviceIds, afterDeviceId, pageSize);
    yield rows.map(positionJson);
    if (rows.length < pageSize) return;
    afterDeviceId = Number(rows[rows.length - 1]!.deviceId);
    await nextTurn();
  }
}

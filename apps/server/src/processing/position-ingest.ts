import type { Device, Position } from '@tracklane/domain';
import { formatInstant } from '@tracklane/domain';
import type { Storage } from '../storage/database.js';
import type { Repositories } from '../storage/repositories.js';
import type { Broadcaster } from '../live/live-message.js';
import type { DecodedPosition } from '../protocols/decoded-position.js';
import { createGroupCommit } from './group-commit.js';

export type IngestResult =
  | { status: 'stored'; position: Position; device: Device }
  | { status: 'unknown-device'; uniqueId: string }
  | { status: 'disabled-device'; uniqueId: string };

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
 * Stores a decoded position for its device: the position row, the device's status, lastUpdate and
 * latest position in one transaction (shared with other devices' positions arriving at the same
 * time), then announces both live. Resolves only once committed, so callers acknowledge the
 * tracker after the data is safe.
 */
export const createPositionIngest = (storage: Storage, repos: Repositories, broadcaster: Broadcaster, now: () => number = Date.now) => {
  const serial = createSerialQueue();

  const withLocation = async (decoded: DecodedPosition, device: Device) => {
    if (decoded.hasLocation || device.positionId === 0) return decoded;
    const [last] = await repos.positions.findByIds([device.positionId]);
    return last ? { ...decoded, latitude: last.latitude, longitude: last.longitude, altitude: last.altitude, valid: false } : decoded;
  };

  const toPosition = (located: DecodedPosition, deviceId: number, received: number): Omit<Position, 'id'> => ({
    deviceId,
    protocol: located.protocol,
    serverTime: formatInstant(received),
    deviceTime: formatInstant(located.deviceTime),
    fixTime: formatInstant(located.fixTime),
    valid: located.valid,
    latitude: located.latitude,
    longitude: located.longitude,
    altitude: located.altitude,
    speed: located.speed,
    course: located.course,
    address: null,
    accuracy: located.accuracy,
    network: located.network,
    geofenceIds: null,
    attributes: located.attributes,
  });

  /** Positions of many devices share one transaction (and one commit) when they arrive together. */
  const write = createGroupCommit((items: { position: Omit<Position, 'id'>; fixTime: number; received: number }[]) =>
    storage.db.transaction().execute(async (trx) => {
      const results: { id: number; latestId: number }[] = [];
      for (const { position, fixTime, received } of items) {
        const id = await repos.positions.insert(position, trx);
        results.push({ id, latestId: await repos.deviceState.recordMessage(position.deviceId, id, fixTime, received, trx) });
      }
      return results;
    }),
  );

  const store = async (decoded: DecodedPosition, device: Device): Promise<IngestResult> => {
    const located = await withLocation(decoded, device);
    const received = now();
    const position = toPosition(located, device.id, received);
    const { id, latestId } = await write({ position, fixTime: located.fixTime, received });
    const stored: Position = { ...position, id };
    const updated: Device = { ...device, status: 'online', lastUpdate: formatInstant(received), positionId: latestId };
    broadcaster.publish({ kind: 'device', device: updated });
    if (latestId === id) broadcaster.publish({ kind: 'position', position: stored });
    return { status: 'stored', position: stored, device: updated };
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

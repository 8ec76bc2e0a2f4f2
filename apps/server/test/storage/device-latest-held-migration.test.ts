import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.js';
import { migrateTo } from '../../src/storage/migrator.js';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { sqliteFileDatabase, startTestServer, type TestServer } from '../helpers/test-server.js';

const T0 = Date.UTC(2025, 5, 1, 9);

describe('upgrading a SQLite database to held device rows', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('holds nothing from before: the stored latest rows stand, and the next report updates its device as before', async () => {
    const database = sqliteFileDatabase();
    const before = openStorage(database.url);
    await migrateTo(before, '0006-positions-indexed');
    await sql`insert into devices (name, "uniqueId", attributes, disabled) values ('Van', 'van-1', '{}', 0)`.execute(before.db);
    const van = Number((await before.db.selectFrom('devices').select('id').where('uniqueId', '=', 'van-1').executeTakeFirstOrThrow()).id);
    // the latest, then an older fix stored after it, which did not become the latest
    for (const minute of [5, 1]) {
      await sql`insert into positions ("deviceId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, attributes)
        values (${van}, 'osmand', ${T0 + 10 * 60_000}, ${T0 + minute * 60_000}, ${T0 + minute * 60_000}, 1, 52, 13, '{}')`.execute(before.db);
    }
    await sql`insert into device_latest ("deviceId", status, "lastUpdate", "positionId", "fixTime") values (${van}, 'online', ${T0 + 10 * 60_000}, 1, ${T0 + 5 * 60_000})`.execute(before.db);
    await before.close();

    server = await startTestServer(database);
    const { storage, ingest } = server.ctx;
    expect(storage.sqlite!.prepare('select "heldAfter" from device_latest_held').pluck().all()).toEqual([null]);
    const row = () => storage.sqlite!.prepare('select "positionId", "fixTime" from device_latest where "deviceId" = ?').get(van);
    expect(row()).toEqual({ positionId: 1, fixTime: T0 + 5 * 60_000 });

    const report: DecodedPosition = {
      uniqueId: 'van-1', protocol: 'osmand', deviceTime: T0 + 6 * 60_000, fixTime: T0 + 6 * 60_000, valid: true, hasLocation: true,
      latitude: 52, longitude: 13.01, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {},
    };
    const stored = await ingest.ingest(report);
    expect(stored.status).toBe('stored');
    expect(row()).toMatchObject({ fixTime: T0 + 6 * 60_000 });
    expect((row() as { positionId: number }).positionId).toBeGreaterThan(2);
  });
});

import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.js';
import { migrateTo } from '../../src/storage/migrator.js';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { sqliteFileDatabase, startTestServer, type TestServer } from '../helpers/test-server.js';

const T0 = Date.UTC(2025, 5, 1, 9);

describe('upgrading a SQLite database to the lazy device index', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('keeps every position and its history order, and new positions go on after the highest id', async () => {
    const database = sqliteFileDatabase();
    const before = openStorage(database.url);
    await migrateTo(before, '0004-device-latest');
    await sql`insert into devices (name, "uniqueId", attributes, disabled) values ('Van', 'van-1', '{}', 0)`.execute(before.db);
    const van = await before.db.selectFrom('devices').select('id').where('uniqueId', '=', 'van-1').executeTakeFirstOrThrow();
    for (const minute of [0, 2, 1]) {
      await sql`insert into positions ("deviceId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, attributes)
        values (${van.id}, 'osmand', ${T0 + minute * 60_000}, ${T0 + minute * 60_000}, ${T0 + minute * 60_000}, 1, 52, ${13 + minute / 100}, '{}')`.execute(before.db);
    }
    // the highest id ever used was 4: a deleted position's id is not handed out again
    await sql`insert into positions ("deviceId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, attributes)
      values (${van.id}, 'osmand', ${T0}, ${T0}, ${T0 + 10 * 60_000}, 1, 52, 13, '{}')`.execute(before.db);
    await sql`delete from positions where id = 4`.execute(before.db);
    await before.close();

    server = await startTestServer(database);
    const { repos, ingest } = server.ctx;
    const history = await repos.positions.findRange(Number(van.id), T0, T0 + 60 * 60_000, 100);
    expect(history.map((position) => [position.id, (Date.parse(position.fixTime!) - T0) / 60_000])).toEqual([[1, 0], [3, 1], [2, 2]]);

    const report: DecodedPosition = {
      uniqueId: 'van-1', protocol: 'osmand', deviceTime: T0 + 3 * 60_000, fixTime: T0 + 3 * 60_000, valid: true, hasLocation: true,
      latitude: 52, longitude: 13.03, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {},
    };
    expect((await ingest.ingest(report)).status).toBe('stored');
    const after = await repos.positions.findRange(Number(van.id), T0, T0 + 60 * 60_000, 100);
    expect(after.map((position) => [position.id, (Date.parse(position.fixTime!) - T0) / 60_000])).toEqual([[1, 0], [3, 1], [2, 2], [5, 3]]);
  });
});

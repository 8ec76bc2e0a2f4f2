import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/database.js';
import { migrateTo } from '../../src/storage/migrator.js';
import type { DecodedPosition } from '../../src/protocols/decoded-position.js';
import { newTestSchema, sqliteFileDatabase, startTestServer, testDatabases, type TestServer } from '../helpers/test-server.js';

const T0 = Date.UTC(2025, 5, 1, 9);

describe.each([sqliteFileDatabase(), ...testDatabases().filter((database) => database.name === 'postgres')])('upgrading $name to the device_latest table', (database) => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('keeps what each device was last heard with, and its latest fix still decides over a late one', async () => {
    const schema = await newTestSchema(database);
    const before = openStorage(database.url, schema ? { schema } : {});
    await migrateTo(before, '0003-processing-states');
    // the devices table as version 0003 had it: status, lastUpdate and positionId on the device row
    await sql`insert into devices (name, "uniqueId", attributes, disabled, status, "lastUpdate", "positionId")
      values ('Heard', 'heard-1', '{}', 0, 'online', ${T0 + 5000}, null), ('Silent', 'silent-1', '{}', 0, null, null, null)`.execute(before.db);
    const heard = await before.db.selectFrom('devices').select('id').where('uniqueId', '=', 'heard-1').executeTakeFirstOrThrow();
    const { rows: [latest] } = await sql<{ id: number }>`insert into positions ("deviceId", protocol, "serverTime", "deviceTime", "fixTime", valid, latitude, longitude, attributes)
      values (${heard.id}, 'osmand', ${T0 + 5000}, ${T0}, ${T0}, 1, 52, 13, '{}') returning id`.execute(before.db);
    const latestId = Number(latest!.id);
    await sql`update devices set "positionId" = ${latestId} where id = ${heard.id}`.execute(before.db);
    await before.close();

    server = await startTestServer(database, {}, schema);
    const { repos, ingest } = server.ctx;
    const devices = await repos.devices.list({ sortColumn: 'name' });
    expect(devices.map(({ name, lastUpdate, positionId }) => ({ name, lastUpdate, positionId }))).toEqual([
      { name: 'Heard', lastUpdate: '2025-06-01T09:00:05.000+00:00', positionId: latestId },
      { name: 'Silent', lastUpdate: null, positionId: 0 },
    ]);
    expect(devices.map((device) => device.status)).toEqual(['offline', 'offline']);

    const late: DecodedPosition = {
      uniqueId: 'heard-1', protocol: 'osmand', deviceTime: T0 - 60_000, fixTime: T0 - 60_000, valid: true, hasLocation: true,
      latitude: 52.1, longitude: 13.1, altitude: 0, speed: 0, course: 0, accuracy: 0, network: null, attributes: {},
    };
    expect((await ingest.ingest(late)).status).toBe('stored');
    expect((await repos.devices.findById(Number(heard.id)))?.positionId).toBe(latestId);
  });
});

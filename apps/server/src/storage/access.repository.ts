import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PermissionKey } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { chunksOf } from './id-chunks.js';
import { KEY_TABLES, linkTableName } from './link-tables.js';

type IdSet = RawBuilder<unknown>;

/**
 * Queries answering "which ids may this user reach"; each returns a parenthesised subquery to use
 * with `id in …`. The rules that choose between them live in auth/access-policy.ts.
 */
export const createAccessRepository = (db: Kysely<DatabaseSchema>) => {
  /** Groups linked to the user and all their descendants (any depth; UNION stops on cycles). */
  const groupIds = (userId: number): IdSet => sql`(
    with recursive tree(id) as (
      select "groupId" from user_group where "userId" = ${userId}
      union
      select g.id from "groups" g join tree t on g."groupId" = t.id
    ) select id from tree)`;

  /** Devices linked directly or through any linked group. */
  const deviceIds = (userId: number): IdSet => sql`(
    select "deviceId" from user_device where "userId" = ${userId}
    union
    select d.id from devices d where d."groupId" in ${groupIds(userId)})`;

  const directIds = (owner: 'userId' | 'deviceId' | 'groupId', ownerId: number, property: PermissionKey): IdSet =>
    sql`(select ${sql.ref(property)} from ${sql.table(linkTableName(owner, property))} where ${sql.ref(owner)} = ${ownerId})`;

  /** For each device, the users linked to it directly, or to its group or any group above it. */
  const userIdsOfDevices = async (deviceIds: readonly number[]): Promise<Map<number, number[]>> => {
    const users = new Map<number, number[]>(deviceIds.map((id) => [id, []]));
    for (const chunk of chunksOf([...new Set(deviceIds)])) {
      const list = sql.join(chunk);
      const { rows } = await sql<{ deviceId: number | string; userId: number | string }>`
        with recursive ancestors("deviceId", id) as (
          select id, "groupId" from devices where id in (${list})
          union
          select a."deviceId", g."groupId" from "groups" g join ancestors a on g.id = a.id
        )
        select "deviceId", "userId" from user_device where "deviceId" in (${list})
        union
        select a."deviceId", ug."userId" from user_group ug join ancestors a on ug."groupId" = a.id`.execute(db);
      for (const row of rows) users.get(Number(row.deviceId))?.push(Number(row.userId));
    }
    return users;
  };

  /** Owners linked to one property object, e.g. the users linked to a device. */
  const ownerIds = (owner: 'userId' | 'deviceId' | 'groupId', property: PermissionKey, propertyId: number): IdSet =>
    sql`(select ${sql.ref(owner)} from ${sql.table(linkTableName(owner, property))} where ${sql.ref(property)} = ${propertyId})`;

  const exists = async (key: PermissionKey, id: number): Promise<boolean> => {
    const { rows } = await sql`select 1 as found from ${sql.table(KEY_TABLES[key])} where id = ${id}`.execute(db);
    return rows.length > 0;
  };

  const contains = async (set: IdSet, id: number): Promise<boolean> => {
    const { rows } = await sql<{ found: number }>`select 1 as found where ${id} in ${set}`.execute(db);
    return rows.length > 0;
  };

  const countOf = async (set: IdSet): Promise<number> => {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${set} as ids`.execute(db);
    return Number(rows[0]?.count ?? 0);
  };

  const idsOf = async (set: IdSet): Promise<number[]> => {
    const { rows } = await sql<Record<string, unknown>>`select * from ${set} as ids`.execute(db);
    return rows.map((row) => Number(Object.values(row)[0]));
  };

  return { groupIds, deviceIds, userIdsOfDevices, directIds, ownerIds, exists, contains, countOf, idsOf };
};

export type AccessRepository = ReturnType<typeof createAccessRepository>;

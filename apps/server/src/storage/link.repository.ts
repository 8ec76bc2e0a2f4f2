import { sql, type Kysely, type Transaction } from 'kysely';
import type { PermissionKey } from '@tracklane/domain';
import type { DatabaseSchema } from './database-schema.js';
import { linkTableName } from './link-tables.js';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

export interface Link {
  owner: PermissionKey;
  ownerId: number;
  property: PermissionKey;
  propertyId: number;
}

/** Rows of the permission link tables. Pairs must be validated before they reach here. */
export const createLinkRepository = (root: Kysely<DatabaseSchema>) => ({
  add: async (link: Link, db: Db = root): Promise<void> => {
    await sql`insert into ${sql.table(linkTableName(link.owner, link.property))} (${sql.ref(link.owner)}, ${sql.ref(link.property)}) values (${link.ownerId}, ${link.propertyId})`.execute(db);
  },
  remove: async (link: Link, db: Db = root): Promise<void> => {
    await sql`delete from ${sql.table(linkTableName(link.owner, link.property))} where ${sql.ref(link.owner)} = ${link.ownerId} and ${sql.ref(link.property)} = ${link.propertyId}`.execute(db);
  },
  /** Links of one pair; 0 on either side means any. */
  list: async (owner: PermissionKey, ownerId: number, property: PermissionKey, propertyId: number): Promise<Record<string, number>[]> => {
    const conditions = [
      ...(ownerId > 0 ? [sql`${sql.ref(owner)} = ${ownerId}`] : []),
      ...(propertyId > 0 ? [sql`${sql.ref(property)} = ${propertyId}`] : []),
    ];
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const { rows } = await sql<Record<string, number>>`select ${sql.ref(owner)}, ${sql.ref(property)} from ${sql.table(linkTableName(owner, property))} ${where}`.execute(root);
    return rows.map((row) => ({ [owner]: Number(row[owner]), [property]: Number(row[property]) }));
  },
});

export type LinkRepository = ReturnType<typeof createLinkRepository>;

import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseSchema } from './database-schema.js';
import type { EntityCodec } from './entity-codec.js';

// Resource tables are chosen at run time from the resource table, so this one repository works on
// an untyped view of the database; the codec gives the rows their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;

export interface ListFilter {
  /** Each is an `(subquery)` of allowed ids; all must hold. */
  restrictions?: RawBuilder<unknown>[];
  ids?: number[];
  keyword?: string;
  keywordColumns?: string[];
  sortColumn: string;
  limit?: number;
  offset?: number;
}

export interface EntityRepository<T> {
  readonly table: keyof DatabaseSchema;
  findById(id: number, db?: AnyDb): Promise<T | undefined>;
  list(filter: ListFilter, db?: AnyDb): Promise<T[]>;
  insert(entity: Record<string, unknown>, db?: AnyDb): Promise<number>;
  update(id: number, entity: Record<string, unknown>, db?: AnyDb): Promise<boolean>;
  delete(id: number, db?: AnyDb): Promise<boolean>;
  count(filter: Omit<ListFilter, 'sortColumn'>, db?: AnyDb): Promise<number>;
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const applyFilter = (query: any, filter: Omit<ListFilter, 'sortColumn'>) => {
  let q = query;
  for (const restriction of filter.restrictions ?? []) q = q.where('id', 'in', restriction);
  if (filter.ids) q = q.where('id', 'in', filter.ids.length > 0 ? filter.ids : [-1]);
  const keyword = filter.keyword?.trim();
  if (keyword && filter.keywordColumns?.length) {
    const pattern = `%${escapeLike(keyword)}%`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    q = q.where((eb: any) =>
      eb.or(filter.keywordColumns!.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)),
    );
  }
  return q;
};

/** `readFrom`: a view that reads the entity whole when its table holds only the part people write. */
export const createEntityRepository = <T>(
  rootDb: Kysely<DatabaseSchema>,
  table: keyof DatabaseSchema,
  codec: EntityCodec<T>,
  readFrom: keyof DatabaseSchema = table,
): EntityRepository<T> => {
  const base = rootDb as unknown as AnyDb;
  return {
    table,
    findById: async (id, db = base) => {
      const row = await db.selectFrom(readFrom).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? codec.fromRow(row) : undefined;
    },
    list: async (filter, db = base) => {
      // case-insensitive, so both dialects order names the way people read them
      let query = applyFilter(db.selectFrom(readFrom).selectAll(), filter).orderBy(sql`lower(${sql.ref(filter.sortColumn)})`).orderBy('id');
      if (filter.limit && filter.limit > 0) query = query.limit(filter.limit).offset(filter.offset ?? 0);
      else if (filter.offset && filter.offset > 0) query = query.limit(2 ** 31 - 1).offset(filter.offset);
      const rows: Record<string, unknown>[] = await query.execute();
      return rows.map(codec.fromRow);
    },
    count: async (filter, db = base) => {
      const row = await applyFilter(db.selectFrom(table).select((eb) => eb.fn.countAll().as('count')), filter).executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    insert: async (entity, db = base) => {
      const row = await db.insertInto(table).values(codec.toRow(entity)).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    update: async (id, entity, db = base) => {
      const result = await db.updateTable(table).set(codec.toRow(entity)).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    delete: async (id, db = base) => {
      const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
};

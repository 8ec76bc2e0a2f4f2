import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  isView: boolean;
  column: string;
  dataType: string;
  dataTypeSchema: string;
  notNull: boolean;
  hasDefault: boolean;
  autoIncrementing: boolean;
  comment: string | null;
}

const KYSELY_TABLE = /^kysely_migration/;

/**
 * Kysely's own PostgreSQL introspector reads every schema of the database and asks for each by
 * name whether it may be used; a schema dropped meanwhile (another installation's, another test
 * file's) failed that query with "schema … does not exist", and with it our migrations at start.
 * The migrator only ever looks for its tables in our schema, so this one reads only that.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select current_schema() as name`.execute(this.db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select n.nspname as "schema", c.relname as "table", c.relkind = 'v' as "isView", a.attname as "column",
        t.typname as "dataType", tn.nspname as "dataTypeSchema", a.attnotnull as "notNull",
        a.atthasdef as "hasDefault", a.attidentity <> '' or pg_get_serial_sequence(c.oid::regclass::text, a.attname) is not null as "autoIncrementing",
        col_description(c.oid, a.attnum) as "comment"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    return tablesOf(rows).filter((table) => options.withInternalKyselyTables || !KYSELY_TABLE.test(table.name));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

const tablesOf = (rows: ColumnRow[]): TableMetadata[] => {
  const tables = new Map<string, TableMetadata>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, schema: row.schema, isView: row.isView, columns: [] };
      tables.set(row.table, table);
    }
    table.columns.push({
      name: row.column,
      dataType: row.dataType,
      dataTypeSchema: row.dataTypeSchema,
      isNullable: !row.notNull,
      hasDefaultValue: row.hasDefault,
      isAutoIncrementing: row.autoIncrementing,
      ...(row.comment === null ? {} : { comment: row.comment }),
    });
  }
  return [...tables.values()];
};

/** PostgreSQL as Kysely speaks it, with introspection kept to the connection's own schema. */
export class PostgresOwnSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

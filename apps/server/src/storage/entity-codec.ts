import { formatInstant, parseLenientInstant } from '@tracklane/domain';
import type { TObject, TSchema } from 'typebox';
import { badRequest } from '../errors.js';

type FieldKind = 'id' | 'ref' | 'date' | 'json' | 'flag' | 'number' | 'string' | 'computed' | 'writeonly';

interface Field {
  name: string;
  kind: FieldKind;
  readonly: boolean;
  nullable: boolean;
  /** Schema default used when the stored value is NULL. */
  fallback: unknown;
  /** JSON already written for objects of a field whose objects never change (see `sharedJson`). */
  jsonOf: WeakMap<object, string> | undefined;
}

type Row = Record<string, unknown>;
type Entity = Record<string, unknown>;

const schemaTypes = (schema: TSchema): string[] => {
  const s = schema as { type?: string | string[]; anyOf?: TSchema[]; const?: unknown; nullable?: boolean };
  const nullable = s.nullable ? ['null'] : [];
  if (s.anyOf) return [...s.anyOf.flatMap(schemaTypes), ...nullable];
  if (s.const !== undefined) return [typeof s.const, ...nullable];
  return [...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []), ...nullable];
};

const kindOf = (name: string, schema: TSchema): FieldKind => {
  const s = schema as Record<string, unknown>;
  if (s['x-computed']) return 'computed';
  if (s['x-writeonly']) return 'writeonly';
  if (name === 'id') return 'id';
  if (s['x-ref']) return 'ref';
  if (s['x-date']) return 'date';
  if (s['x-json']) return 'json';
  const types = schemaTypes(schema);
  if (types.includes('boolean')) return 'flag';
  if (types.includes('number') || types.includes('integer')) return 'number';
  return 'string';
};

const readers: Record<FieldKind, (value: unknown, field: Field) => unknown> = {
  id: (value) => Number(value),
  ref: (value) => (value == null ? 0 : Number(value)),
  date: (value) => (value == null ? null : formatInstant(Number(value))),
  json: (value, field) => (value == null ? (field.name === 'attributes' ? {} : null) : JSON.parse(String(value))),
  flag: (value) => Boolean(Number(value)),
  number: (value) => (value == null ? 0 : Number(value)),
  string: (value) => (value == null ? null : String(value)),
  computed: () => undefined,
  writeonly: () => null,
};

const writeDate = (value: unknown, field: Field): number | null => {
  if (value == null || value === '') return null;
  const millis = typeof value === 'string' || typeof value === 'number' ? parseLenientInstant(value) : undefined;
  if (millis === undefined) throw badRequest(`${field.name} is not a valid date`);
  return millis;
};

const sharedJson = (value: object, written: WeakMap<object, string>): string => {
  let text = written.get(value);
  if (text === undefined) written.set(value, (text = JSON.stringify(value)));
  return text;
};

const writers: Record<FieldKind, (value: unknown, field: Field) => unknown> = {
  id: (value) => value,
  ref: (value) => (typeof value === 'number' && value > 0 ? value : null),
  date: writeDate,
  json: (value, field) => (value == null ? (field.name === 'attributes' ? '{}' : null) : field.jsonOf && typeof value === 'object' ? sharedJson(value, field.jsonOf) : JSON.stringify(value)),
  flag: (value) => (value ? 1 : 0),
  number: (value) => (typeof value === 'number' ? value : 0),
  string: (value) => (typeof value === 'string' ? value : null),
  computed: () => undefined,
  writeonly: () => undefined,
};

export interface EntityCodec<T> {
  /** Stored columns a create or full update writes. */
  readonly writableColumns: string[];
  fromRow(row: Row): T;
  /** Full replacement row from an API object (PUT semantics: missing fields reset to defaults). */
  toRow(entity: Entity): Row;
}

/** Maps between API objects and stored rows, driven entirely by the entity's schema annotations. */
export interface CodecOptions {
  /** String fields stored trimmed. */
  trim?: string[];
  /**
   * JSON fields whose objects are never changed once made, so that an object passed on from one
   * entity to the next (a tracker staying in one cell keeps its position's network object) is
   * written to JSON once.
   */
  sharedJson?: string[];
}

/** A column's stored value from the entity's value. */
type ColumnWriter = (value: unknown) => unknown;

/** Makes a row from an entity, each column's value given by its writer (`writers[index]`). */
type RowMaker = (entity: Entity, writers: readonly ColumnWriter[]) => Row;

/**
 * A row maker for `columns`: one object literal with every column, written for this codec. Built
 * key by key, a row's property storage grew several times as it filled (a position's 16 columns:
 * 0.33 against 0.03 µs a row, measured), and the ingest makes a row per position. Each column calls
 * its own writer from a call site of its own, which V8 can inline; one shared call site dispatching
 * on the field's kind saw every writer and inlined none. The source holds nothing but the schema's
 * own column names, each quoted as a JSON string.
 */
const rowMaker = (columns: readonly string[]): RowMaker => {
  const properties = columns.map((name, index) => `${JSON.stringify(name)}: writers[${index}](entity[${JSON.stringify(name)}])`);
  const makeRow = new Function('entity', 'writers', `return { ${properties.join(', ')} };`) as RowMaker;
  // A first row of nulls makes every column's field take any value. A field that only ever held
  // numbers keeps each in a box of its own, made for every row, and again for every list the row's
  // values are copied into (the writer thread's batch); a field taking any value holds the number
  // the entity already had.
  makeRow({}, columns.map(() => () => null));
  return makeRow;
};

export const createCodec = <T>(schema: TObject, options: CodecOptions = {}): EntityCodec<T> => {
  const fields: Field[] = Object.entries(schema.properties).map(([name, property]) => ({
    name,
    kind: kindOf(name, property),
    readonly: Boolean((property as Record<string, unknown>)['x-readonly']),
    nullable: schemaTypes(property).includes('null'),
    fallback: (property as { default?: unknown }).default,
    jsonOf: options.sharedJson?.includes(name) ? new WeakMap<object, string>() : undefined,
  }));
  const stored = fields.filter((field) => !['computed', 'writeonly'].includes(field.kind));
  const writable = stored.filter((field) => field.kind !== 'id' && !field.readonly);
  const trim = new Set(options.trim ?? []);
  const makeRow = rowMaker(writable.map((field) => field.name));
  // per column, decided once rather than looked up for every column of every row
  const columnWriters = writable.map((field): ColumnWriter => {
    const write = writers[field.kind];
    return trim.has(field.name) ? (value) => write(typeof value === 'string' ? value.trim() : value, field) : (value) => write(value, field);
  });
  return {
    writableColumns: writable.map((field) => field.name),
    fromRow: (row) => {
      const entity: Entity = {};
      for (const field of fields) {
        const stored = row[field.name];
        const value = stored == null && field.fallback !== undefined ? field.fallback : readers[field.kind](stored, field);
        entity[field.name] = value === undefined ? defaultOf(field) : value;
      }
      return entity as T;
    },
    toRow: (entity) => makeRow(entity, columnWriters),
  };
};

const defaultOf = (field: Field): unknown => {
  if (field.nullable) return null;
  return field.kind === 'flag' ? false : 0;
};

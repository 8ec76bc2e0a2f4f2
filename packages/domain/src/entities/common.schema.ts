import { Type, type Static, type TSchema } from 'typebox';

/**
 * Schema annotations read by the storage codec and the API layer:
 * - `x-ref`: an id reference; `0` in JSON is NULL in storage.
 * - `x-date`: an instant; ISO-8601 UTC in JSON, epoch milliseconds in storage.
 * - `x-json`: a nested value stored as JSON text.
 * - `x-readonly`: derived by the server; accepted in input but never written from it.
 * - `x-computed`: filled per request, never stored.
 * - `x-writeonly`: accepted in input, never returned (always `null` in output).
 */
export type StorageAnnotation = 'x-ref' | 'x-date' | 'x-json' | 'x-readonly' | 'x-computed' | 'x-writeonly';

export const Id = Type.Integer({ minimum: 0, description: 'Identifier; 0 before creation' });

export const Ref = (description: string) =>
  Type.Integer({ minimum: 0, 'x-ref': true, description: `${description}; 0 for none` });

export const Attributes = (description = 'Free-form attributes; values keep their JSON types') =>
  Type.Record(Type.String(), Type.Unknown(), { 'x-json': true, description });

/**
 * Nullable values use OpenAPI's `nullable: true` rather than a union with null: the validator's
 * type coercion would otherwise turn `null` into `""` or `0` inside the union's first branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

export const NullableString = (description: string, options: { maxLength?: number } = {}) => Nullable(Type.String({ ...options, description }));

export const DateTime = (description: string) => Nullable(Type.String({ format: 'date-time', 'x-date': true, description }));

export const Flag = (description: string) => Type.Boolean({ description });

export const Integer = (description: string) => Type.Integer({ description });

export const Double = (description: string) => Type.Number({ description });

export const ReadOnly = <T extends TSchema>(schema: T): T => ({ ...schema, 'x-readonly': true });

export const Computed = <T extends TSchema>(schema: T): T => ({ ...schema, 'x-computed': true });

/** Typed item returned by the `types` and `notificators` endpoints. */
export const TypedSchema = Type.Object({ type: Type.String() }, { $id: 'Typed' });

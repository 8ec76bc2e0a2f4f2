import { Type, type TSchema } from 'typebox';

const idOf = (schema: TSchema): string => String((schema as { $id?: string }).$id);

/** A `$ref` to a schema registered once with `app.addSchema` (it becomes an OpenAPI component). */
export const refOf = (schema: TSchema) => Type.Ref(idOf(schema));

/** The schema without its `$id`, for use inline in several routes. */
export const inline = <T extends TSchema>(schema: T): T => {
  const { $id: _id, ...rest } = schema as T & { $id?: string };
  return rest as T;
};

import { Type, type TObject, type TSchema } from 'typebox';

// A type list, not a union: coercion inside a union's first branch would turn null into "".
const LenientDate = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'] });

/**
 * Request-body schema of an entity: every field optional except `required`; dates accepted in the
 * lenient body forms; read-only and computed fields accepted and ignored. Unknown properties are
 * refused (as Traccar does) unless `lenient`.
 */
export const inputSchema = (entity: TObject, options: { required?: string[]; lenient?: boolean } = {}): TObject => {
  const required = new Set(options.required ?? []);
  const properties: Record<string, TSchema> = {};
  for (const [name, property] of Object.entries(entity.properties) as [string, TSchema & Record<string, unknown>][]) {
    let schema: TSchema = property;
    if (property['x-readonly'] || (property['x-computed'] && name !== 'deviceId')) schema = Type.Unknown();
    else if (property['x-date']) schema = LenientDate;
    else if (name === 'attributes') schema = { ...property, nullable: true };
    properties[name] = required.has(name) ? schema : Type.Optional(schema);
  }
  return Type.Object(properties, { additionalProperties: Boolean(options.lenient) });
};

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

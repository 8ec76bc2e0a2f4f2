import { Type, type Static } from 'typebox';
import { Id } from './common.schema.js';

export const COMPUTED_ATTRIBUTE_TYPES = ['string', 'number', 'boolean'] as const;

export const ComputedAttributeSchema = Type.Object(
  {
    id: Id,
    description: Type.String({ minLength: 1, maxLength: 4000, description: 'Description' }),
    attribute: Type.String({ minLength: 1, maxLength: 128, description: 'Position attribute to set' }),
    expression: Type.String({ minLength: 1, maxLength: 4000, description: 'Expression evaluated per position' }),
    type: Type.Union([Type.Literal('string'), Type.Literal('number'), Type.Literal('boolean')], { description: 'Result type' }),
    priority: Type.Integer({ description: 'Evaluation order' }),
  },
  { $id: 'ComputedAttribute' },
);
export type ComputedAttribute = Static<typeof ComputedAttributeSchema>;

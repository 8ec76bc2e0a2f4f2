import { Type, type Static } from 'typebox';
import { Attributes, Id, NullableString } from './common.schema.js';

export const OrderSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    uniqueId: Type.String({ minLength: 1, maxLength: 128, description: 'Order number' }),
    description: NullableString('Description', { maxLength: 512 }),
    fromAddress: NullableString('Pick-up address', { maxLength: 512 }),
    toAddress: NullableString('Delivery address', { maxLength: 512 }),
  },
  { $id: 'Order' },
);
export type Order = Static<typeof OrderSchema>;

import { Type, type Static } from 'typebox';
import { Attributes, Id, Ref } from './common.schema.js';

export const GroupSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    groupId: Ref('Parent group'),
    name: Type.String({ minLength: 1, maxLength: 128, description: 'Name' }),
  },
  { $id: 'Group' },
);
export type Group = Static<typeof GroupSchema>;

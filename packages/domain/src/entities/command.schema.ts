import { Type, type Static } from 'typebox';
import { Attributes, Flag, Id } from './common.schema.js';

export const CommandSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Command parameters: data, frequency, timezone, noQueue, …'),
    deviceId: Type.Integer({ minimum: 0, 'x-computed': true, description: 'Target device; not stored, 0 when read back' }),
    type: Type.String({ minLength: 1, maxLength: 128, description: 'Command type' }),
    textChannel: Flag('Send by SMS'),
    description: Type.String({ minLength: 1, maxLength: 4000, description: 'Description' }),
  },
  { $id: 'Command' },
);
export type Command = Static<typeof CommandSchema>;

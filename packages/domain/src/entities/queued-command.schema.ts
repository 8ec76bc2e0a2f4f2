import { Type, type Static } from 'typebox';
import { Attributes, Flag, Id } from './common.schema.js';

/** A command waiting for its device's next message, as `POST /api/commands/send` answers with 202. */
export const QueuedCommandSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Command parameters: data, frequency, …'),
    deviceId: Type.Integer({ minimum: 1, description: 'Device the command waits for' }),
    type: Type.String({ minLength: 1, maxLength: 128, description: 'Command type' }),
    textChannel: Flag('Send by SMS'),
  },
  { $id: 'QueuedCommand' },
);
export type QueuedCommand = Static<typeof QueuedCommandSchema>;

import type { FastifyInstance } from 'fastify';
import { EventSchema } from '@tracklane/domain';
import { Type } from 'typebox';
import { requireUser } from './request-context.js';
import { refOf } from './schema-ref.js';

const InboundSms = Type.Object(
  {
    phone: Type.String({ minLength: 3, maxLength: 32, description: 'Sender number, as the gateway reports it' }),
    message: Type.String({ minLength: 1, maxLength: 2000, description: 'Text of the SMS' }),
  },
  { additionalProperties: true },
);

/**
 * `POST /api/sms/inbound`: an SMS gateway hands over a text a tracker sent by SMS (form or JSON,
 * authenticated as an administrator, e.g. with a Bearer token). Each device with that phone number
 * gets a textMessage event, stored and pushed like any other (reference/processing.md §3).
 */
export default async function smsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.post('/api/sms/inbound', { schema: { tags: ['sms'], body: InboundSms, response: { 200: Type.Array(refOf(EventSchema)) } } }, async (request) => {
    ctx.policy.assertAdmin(requireUser(request));
    const { phone, message } = request.body as { phone: string; message: string };
    return ctx.events.raiseTextMessage(phone, message, ctx.now());
  });
}

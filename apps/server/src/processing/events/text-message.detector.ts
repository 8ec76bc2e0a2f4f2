import { deviceEvent, type PendingEvent } from './pending-event.js';

/** Phone numbers compared as dialled: digits and a leading +, nothing else. */
export const normalizePhone = (phone: string): string => phone.replace(/[^\d+]/g, '');

/**
 * textMessage: a text (SMS) arrived from the device's phone number, attribute `message`. Traccar
 * raised it from its SMS gateway (removed in July 2025); here an inbound SMS hook calls
 * `ctx.events.raiseTextMessage(phone, text)`. Empty texts raise nothing.
 * @see reference/processing.md §3.2 (textMessage)
 */
export const detectTextMessage = (message: string, now: number): PendingEvent[] =>
  message.trim() === '' ? [] : [deviceEvent('textMessage', now, { message })];

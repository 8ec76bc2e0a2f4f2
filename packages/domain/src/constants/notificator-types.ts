/** Notification delivery channels. */
export const NOTIFICATOR_TYPES = ['web', 'mail', 'sms', 'firebase', 'command', 'traccar'] as const;
export type NotificatorType = (typeof NOTIFICATOR_TYPES)[number];

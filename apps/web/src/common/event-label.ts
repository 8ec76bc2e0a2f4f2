import type { TFunction } from 'i18next';

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** "geofenceEnter" → its translated name (key eventGeofenceEnter); unknown types show as sent. */
export const eventLabel = (t: TFunction, type: string) => t(`event${capitalised(type)}`, { defaultValue: type });

/** "lowBattery" → its translated alarm name (key alarmLowBattery). */
export const alarmLabel = (t: TFunction, alarm: string) => t(`alarm${capitalised(alarm)}`, { defaultValue: alarm });

/** "mail" → its translated channel name (key notificatorMail). */
export const notificatorLabel = (t: TFunction, channel: string) => t(`notificator${capitalised(channel)}`, { defaultValue: channel });

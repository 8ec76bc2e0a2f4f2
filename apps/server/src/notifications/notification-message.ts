import { ALARM_KINDS, EVENT_TYPES, fromKnots, fromLitres, type AlarmKind, type Device, type Event, type Position } from '@tracklane/domain';
import { EN_MESSAGES } from './messages/en.messages.js';
import { HI_MESSAGES } from './messages/hi.messages.js';
import type { MessageCatalog, MessageKind, MessageValues } from './messages/message-catalog.js';
import type { MessageLanguage, UserPreferences } from './user-preferences.js';

/** What every channel sends: a subject, a one-line digest and an HTML body (Traccar's template outputs). */
export interface NotificationMessage {
  subject: string;
  digest: string;
  body: string;
  /** High priority (notification attribute `priority`), for push channels. */
  priority: boolean;
}

const CATALOGS: Record<MessageLanguage, MessageCatalog> = { en: EN_MESSAGES, hi: HI_MESSAGES };

/** Names of the objects an event refers to, looked up by the caller. */
export interface ReferencedNames {
  geofence?: string;
  maintenance?: string;
  driver?: string;
  linkedDevice?: string;
}

export interface MessageInput {
  event: Pick<Event, 'type' | 'eventTime' | 'attributes'>;
  device: Pick<Device, 'name'> | undefined;
  position: Position | undefined;
  names?: ReferencedNames;
  preferences: UserPreferences;
  /** Public address of the web app, linked from mail. */
  webUrl?: string;
  priority?: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `yyyy-MM-dd HH:mm:ss` in the time zone. */
export const formatLocalTime = (instant: number | string, timezone: string): string => {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timezone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};

const number = (value: unknown): number | undefined => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
};

const text = (value: unknown): string | undefined => (value === undefined || value === null || value === '' ? undefined : String(value));

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const isAlarmKind = (value: string): value is AlarmKind => (ALARM_KINDS as readonly string[]).includes(value);

const valuesOf = (input: MessageInput, catalog: MessageCatalog): MessageValues => {
  const { event, position, preferences: prefs, names = {} } = input;
  const { attributes } = event;
  const speed = (knots: number | undefined) => (knots === undefined ? undefined : `${fromKnots(knots, prefs.speedUnit).toFixed(1)} ${catalog.speedUnits[prefs.speedUnit]}`);
  const volume = (litres: number | undefined) => (litres === undefined ? undefined : `${fromLitres(litres, prefs.volumeUnit).toFixed(1)} ${catalog.volumeUnits[prefs.volumeUnit]}`);
  const lastUpdate = number(attributes.lastUpdate);
  const alarm = text(attributes.alarm);
  const media = text(attributes.media);
  return {
    device: input.device?.name ?? '',
    time: event.eventTime ? formatLocalTime(event.eventTime, prefs.timezone) : '',
    speed: speed(number(attributes.speed) ?? position?.speed),
    speedLimit: speed(number(attributes.speedLimit)),
    geofence: names.geofence,
    alarm: alarm === undefined ? undefined : isAlarmKind(alarm) ? catalog.alarms[alarm] : alarm,
    maintenance: names.maintenance,
    driver: names.driver ?? text(attributes.driverUniqueId),
    lastUpdate: lastUpdate === undefined ? undefined : formatLocalTime(lastUpdate, prefs.timezone),
    before: volume(number(attributes.before)),
    after: volume(number(attributes.after)),
    result: text(attributes.result),
    message: text(attributes.message),
    media: media === undefined ? undefined : (catalog.media[media] ?? media),
    linkedDevice: names.linkedDevice,
  };
};

const isKnown = (type: string): type is MessageKind => type === 'test' || (EVENT_TYPES as readonly string[]).includes(type);

const mailBody = (digest: string, values: MessageValues, input: MessageInput, catalog: MessageCatalog): string => {
  const rows: [string, string | undefined][] = [
    [catalog.labels.device, values.device || undefined],
    [catalog.labels.time, values.time || undefined],
    [catalog.labels.position, input.position ? `${input.position.latitude.toFixed(6)}, ${input.position.longitude.toFixed(6)}` : undefined],
    [catalog.labels.address, input.position?.address ?? undefined],
    [catalog.labels.speed, input.position ? values.speed : undefined],
  ];
  const table = rows.filter(([, value]) => value !== undefined).map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value!)}</td></tr>`).join('');
  const link = input.webUrl ? `<p><a href="${escapeHtml(input.webUrl)}">${escapeHtml(catalog.labels.open)}</a></p>` : '';
  return `<!DOCTYPE html><html><body><p>${escapeHtml(digest)}</p>${table ? `<table>${table}</table>` : ''}${link}</body></html>`;
};

/** The message of one event for one user, in the user's language, units and time zone (English when the language has no text). */
export const renderMessage = (input: MessageInput): NotificationMessage => {
  const catalog = CATALOGS[input.preferences.language];
  const kind = input.event.type;
  const values = valuesOf(input, catalog);
  // an event type without texts is named as it is (Traccar's missing-template rule)
  if (!isKnown(kind)) return { subject: kind, digest: kind, body: mailBody(kind, values, input, catalog), priority: input.priority ?? false };
  const digest = catalog.digests[kind](values);
  const title = kind === 'alarm' && values.alarm ? `${catalog.titles.alarm}: ${values.alarm}` : catalog.titles[kind];
  const subject = kind === 'test' || !values.device ? title : `${values.device}: ${title}`;
  return { subject, digest, body: mailBody(digest, values, input, catalog), priority: input.priority ?? false };
};

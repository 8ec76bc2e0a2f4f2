import type { AlarmKind, DistanceUnit, EventType, SpeedUnit, VolumeUnit } from '@tracklane/domain';

/** The values a message is written with, already formatted in the user's units, time zone and language. */
export interface MessageValues {
  device: string;
  /** The event time. */
  time: string;
  speed?: string;
  speedLimit?: string;
  geofence?: string;
  alarm?: string;
  maintenance?: string;
  driver?: string;
  lastUpdate?: string;
  before?: string;
  after?: string;
  result?: string;
  message?: string;
  media?: string;
  linkedDevice?: string;
}

export type MessageKind = EventType | 'test';

/** Everything a language needs to write notification messages. */
export interface MessageCatalog {
  /** Short title of each event type; the subject is "{device}: {title}". */
  titles: Record<MessageKind, string>;
  /** One-line text (web pop-up, SMS, push body) of each event type. */
  digests: Record<MessageKind, (values: MessageValues) => string>;
  /** Name of every alarm kind: a kind added to ALARM_KINDS without a text here fails to compile. */
  alarms: Record<AlarmKind, string>;
  media: Record<string, string>;
  speedUnits: Record<SpeedUnit, string>;
  distanceUnits: Record<DistanceUnit, string>;
  volumeUnits: Record<VolumeUnit, string>;
  /** Row labels of the mail body. */
  labels: { device: string; time: string; position: string; address: string; speed: string; open: string };
}

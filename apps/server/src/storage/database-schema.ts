import type { Generated } from 'kysely';

/** Stored row shapes. Instants are epoch milliseconds, flags 0/1, JSON values text. */
type Id = Generated<number>;
type Flag = number;
type Instant = number | null;
type Ref = number | null;

interface WithAttributes {
  attributes: string;
}

export interface ServerRow extends WithAttributes {
  id: number;
  registration: Flag;
  readonly: Flag;
  deviceReadonly: Flag;
  limitCommands: Flag;
  disableReports: Flag;
  fixedEmail: Flag;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  poiLayer: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  forceSettings: Flag;
  coordinateFormat: string | null;
  announcement: string | null;
}

export interface UserRow extends WithAttributes {
  id: Id;
  name: string;
  login: string | null;
  email: string;
  phone: string | null;
  readonly: Flag;
  administrator: Flag;
  map: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  hashedPassword: string | null;
  coordinateFormat: string | null;
  disabled: Flag;
  expirationTime: Instant;
  deviceLimit: number;
  userLimit: number;
  deviceReadonly: Flag;
  limitCommands: Flag;
  disableReports: Flag;
  fixedEmail: Flag;
  poiLayer: string | null;
  totpKey: string | null;
  temporary: Flag;
}

export interface DeviceRow extends WithAttributes {
  id: Id;
  groupId: Ref;
  calendarId: Ref;
  name: string;
  uniqueId: string;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  disabled: Flag;
  expirationTime: Instant;
}

/**
 * What the server learns from a device's messages, one narrow row per device that has been heard
 * (migration 0004 tells why it is not on the devices row). `fixTime` is the latest position's.
 */
export interface DeviceLatestRow {
  deviceId: number;
  status: string | null;
  lastUpdate: Instant;
  positionId: Ref;
  fixTime: Instant;
}

/** A device as the API shows it: its row and what its messages told (a view). */
export interface DeviceWithLatestRow extends DeviceRow, Omit<DeviceLatestRow, 'deviceId' | 'fixTime'> {}

export interface GroupRow extends WithAttributes {
  id: Id;
  groupId: Ref;
  name: string;
}

export interface PositionRow extends WithAttributes {
  id: Id;
  deviceId: number;
  protocol: string | null;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  valid: Flag;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  address: string | null;
  accuracy: number;
  network: string | null;
  geofenceIds: string | null;
}

export interface EventRow extends WithAttributes {
  id: Id;
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: Ref;
  geofenceId: Ref;
  maintenanceId: Ref;
}

export interface GeofenceRow extends WithAttributes {
  id: Id;
  calendarId: Ref;
  name: string;
  description: string | null;
  area: string;
}

export interface NotificationRow extends WithAttributes {
  id: Id;
  calendarId: Ref;
  always: Flag;
  type: string;
  commandId: Ref;
  notificators: string | null;
  description: string | null;
}

export interface DriverRow extends WithAttributes {
  id: Id;
  name: string;
  uniqueId: string;
}

export interface ComputedAttributeRow {
  id: Id;
  description: string;
  attribute: string;
  expression: string;
  type: string;
  priority: number;
}

export interface MaintenanceRow extends WithAttributes {
  id: Id;
  name: string;
  type: string;
  start: number;
  period: number;
}

export interface CalendarRow extends WithAttributes {
  id: Id;
  name: string;
  data: string;
}

export interface CommandRow extends WithAttributes {
  id: Id;
  type: string;
  textChannel: Flag;
  description: string;
}

export interface QueuedCommandRow extends WithAttributes {
  id: Id;
  deviceId: number;
  type: string;
  textChannel: Flag;
}

export interface OrderRow extends WithAttributes {
  id: Id;
  uniqueId: string;
  description: string | null;
  fromAddress: string | null;
  toAddress: string | null;
}

export interface ReportRow extends WithAttributes {
  id: Id;
  calendarId: number;
  type: string;
  description: string;
}

export interface StatisticsRow extends WithAttributes {
  id: Id;
  captureTime: number;
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  protocols: string | null;
}

export interface SessionRow {
  id: string;
  userId: number;
  origin: string | null;
  createdAt: number;
  /** Absolute end (token logins and SESSION_TIMEOUT); null = until logout. */
  expiresAt: Instant;
}

export interface TokenRow {
  /** SHA-256 of the token; the token itself is never stored. */
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
}

export interface PasswordResetRow {
  /** SHA-256 of the emailed token. */
  id: string;
  userId: number;
  expiresAt: number;
}

/** Detector state that survives restarts (processing/device-state.ts), JSON. */
export interface ProcessingStateRow {
  deviceId: number;
  state: string;
}

/** Link tables are `<owner>_<property>` with the two key columns, e.g. user_device(userId, deviceId). */
export type LinkRow = Record<string, number>;

export interface DatabaseSchema {
  server: ServerRow;
  users: UserRow;
  devices: DeviceRow;
  device_latest: DeviceLatestRow;
  devices_with_latest: DeviceWithLatestRow;
  groups: GroupRow;
  positions: PositionRow;
  events: EventRow;
  geofences: GeofenceRow;
  notifications: NotificationRow;
  drivers: DriverRow;
  computed_attributes: ComputedAttributeRow;
  maintenances: MaintenanceRow;
  calendars: CalendarRow;
  commands: CommandRow;
  queued_commands: QueuedCommandRow;
  orders: OrderRow;
  reports: ReportRow;
  statistics: StatisticsRow;
  sessions: SessionRow;
  tokens: TokenRow;
  password_resets: PasswordResetRow;
  processing_states: ProcessingStateRow;
}

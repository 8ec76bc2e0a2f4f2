import { Type, type Static } from 'typebox';
import { Attributes, DateTime, Flag, Id, NullableString, ReadOnly, Ref } from './common.schema.js';

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const DeviceSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Device attributes (speedLimit, fuelCapacity, deviceImage, per-device settings)'),
    groupId: Ref('Group'),
    calendarId: Ref('Calendar'),
    name: Type.String({ minLength: 1, maxLength: 128, description: 'Display name' }),
    uniqueId: Type.String({ minLength: 1, maxLength: 128, description: 'Identifier the tracker reports (IMEI, …), unique' }),
    status: ReadOnly(Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('unknown')], { default: 'offline', description: 'Connection status; offline until the device reports' })),
    lastUpdate: ReadOnly(DateTime('Time of the last received message')),
    positionId: ReadOnly(Type.Integer({ minimum: 0, 'x-ref': true, description: 'Latest position; 0 for none' })),
    phone: NullableString('SIM phone number', { maxLength: 128 }),
    model: NullableString('Model', { maxLength: 128 }),
    contact: NullableString('Contact', { maxLength: 512 }),
    category: NullableString('Icon category', { maxLength: 128 }),
    disabled: Flag('Data from a disabled device is rejected'),
    expirationTime: DateTime('Device unusable after this instant'),
  },
  { $id: 'Device' },
);
export type Device = Static<typeof DeviceSchema>;

import { Type, type Static } from 'typebox';
import { Attributes, DateTime, Id, Integer, Nullable } from './common.schema.js';

export const StatisticsSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes(),
    captureTime: DateTime('End of the captured period'),
    activeUsers: Integer('Users that made requests'),
    activeDevices: Integer('Devices that sent data'),
    requests: Integer('API requests'),
    messagesReceived: Integer('Device messages received'),
    messagesStored: Integer('Positions stored'),
    mailSent: Integer('E-mails sent'),
    smsSent: Integer('SMS sent'),
    geocoderRequests: Integer('Geocoder requests'),
    geolocationRequests: Integer('Geolocation requests'),
    protocols: Nullable(Type.Record(Type.String(), Type.Integer(), { 'x-json': true, description: 'Messages per protocol' })),
  },
  { $id: 'Statistics' },
);
export type Statistics = Static<typeof StatisticsSchema>;

import { Type, type Static } from 'typebox';
import { Attributes, DateTime, Double, Flag, Id, NullableString, Nullable } from './common.schema.js';

export const CellTowerSchema = Type.Object({
  cellId: Type.Number(),
  locationAreaCode: Type.Number(),
  mobileCountryCode: Type.Number(),
  mobileNetworkCode: Type.Number(),
  signalStrength: Type.Optional(Type.Number()),
  radioType: Type.Optional(Type.String()),
});

export const WifiAccessPointSchema = Type.Object({
  macAddress: Type.String(),
  signalStrength: Type.Optional(Type.Number()),
  channel: Type.Optional(Type.Number()),
});

export const NetworkSchema = Type.Object({
  radioType: Type.Optional(Type.String()),
  considerIp: Type.Optional(Type.Boolean()),
  homeMobileCountryCode: Type.Optional(Type.Number()),
  homeMobileNetworkCode: Type.Optional(Type.Number()),
  carrier: Type.Optional(Type.String()),
  cellTowers: Type.Optional(Type.Array(CellTowerSchema)),
  wifiAccessPoints: Type.Optional(Type.Array(WifiAccessPointSchema)),
});
export type Network = Static<typeof NetworkSchema>;

export const PositionSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Protocol data: batteryLevel, ignition, motion, distance (m), totalDistance (m), alarm, …'),
    deviceId: Type.Integer({ minimum: 1, description: 'Device' }),
    protocol: NullableString('Protocol name, e.g. osmand'),
    serverTime: DateTime('When the server received it'),
    deviceTime: DateTime('Time reported by the device'),
    fixTime: DateTime('GPS fix time; history and reports use this'),
    valid: Flag('GPS fix valid'),
    latitude: Type.Number({ minimum: -90, maximum: 90, description: 'Degrees' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: 'Degrees' }),
    altitude: Double('Metres'),
    speed: Double('Knots'),
    course: Double('Degrees 0–360'),
    address: NullableString('Reverse-geocoded address'),
    accuracy: Double('Metres; 0 when unknown'),
    network: Nullable(Type.Object(NetworkSchema.properties, { 'x-json': true, description: 'Cell and Wi-Fi data' })),
    geofenceIds: Nullable(Type.Array(Type.Integer(), { 'x-json': true, description: 'Geofences containing the position' })),
  },
  { $id: 'Position' },
);
export type Position = Static<typeof PositionSchema>;

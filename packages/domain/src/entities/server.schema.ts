import { Type, type Static } from 'typebox';
import { Attributes, Computed, Double, Flag, Id, Integer, NullableString, ReadOnly, Nullable } from './common.schema.js';

export const ServerSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('Server-wide preferences and feature switches'),
    registration: Flag('Anonymous self-registration allowed'),
    readonly: Flag('Non-administrators may not change anything'),
    deviceReadonly: Flag('Non-administrators may not create, edit or delete devices'),
    limitCommands: Flag('Non-administrators limited to saved commands'),
    disableReports: Flag('Non-administrators cannot run reports or history'),
    fixedEmail: Flag('Users may not change their e-mail'),
    map: NullableString('Default map layer id'),
    bingKey: NullableString('Bing maps key'),
    mapUrl: NullableString('Custom tile URL'),
    overlayUrl: NullableString('Custom overlay URL'),
    poiLayer: NullableString('Points-of-interest layer URL'),
    latitude: Double('Default map latitude'),
    longitude: Double('Default map longitude'),
    zoom: Integer('Default map zoom'),
    forceSettings: Flag('Server preferences override user preferences'),
    coordinateFormat: NullableString('Coordinate display format'),
    announcement: NullableString('Banner text shown on the login page'),
    version: ReadOnly(Computed(Type.String({ description: 'Server version' }))),
    emailEnabled: ReadOnly(Computed(Flag('An SMTP server is configured'))),
    textEnabled: ReadOnly(Computed(Flag('An SMS gateway is configured'))),
    geocoderEnabled: ReadOnly(Computed(Flag('A geocoder is configured'))),
    storageSpace: ReadOnly(
      Computed(Nullable(Type.Array(Type.Number(), { description: 'Usable and total bytes (administrators only)' }))),
    ),
    newServer: ReadOnly(Computed(Flag('True for anonymous callers while no user exists'))),
    openIdEnabled: ReadOnly(Computed(Flag('OpenID Connect login is available'))),
    openIdForce: ReadOnly(Computed(Flag('Only OpenID Connect login is allowed'))),
  },
  { $id: 'Server' },
);
export type Server = Static<typeof ServerSchema>;

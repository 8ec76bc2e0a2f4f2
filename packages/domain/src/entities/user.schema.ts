import { Type, type Static } from 'typebox';
import { Attributes, DateTime, Double, Flag, Id, Integer, NullableString, Nullable } from './common.schema.js';

export const UserSchema = Type.Object(
  {
    id: Id,
    attributes: Attributes('User preferences (speedUnit, distanceUnit, timezone, notificationTokens, …)'),
    name: Type.String({ minLength: 1, maxLength: 128, description: 'Display name' }),
    login: NullableString('Alternative login name', { maxLength: 128 }),
    email: Type.String({ minLength: 1, maxLength: 128, description: 'E-mail address, unique' }),
    phone: NullableString('Phone number', { maxLength: 128 }),
    readonly: Flag('May not change anything'),
    administrator: Flag('Administrator'),
    map: NullableString('Preferred map layer'),
    latitude: Double('Preferred map latitude'),
    longitude: Double('Preferred map longitude'),
    zoom: Integer('Preferred map zoom'),
    password: Nullable(
      Type.String({ maxLength: 256, 'x-writeonly': true, description: 'Write-only: a non-empty value sets a new password; always null in responses' }),
    ),
    coordinateFormat: NullableString('Coordinate display format'),
    disabled: Flag('Account disabled'),
    expirationTime: DateTime('Account unusable after this instant'),
    deviceLimit: Type.Integer({ minimum: -1, description: '-1 unlimited, 0 none, N at most N devices' }),
    userLimit: Type.Integer({ minimum: -1, description: '0 not a manager, -1 unlimited, N at most N managed users' }),
    deviceReadonly: Flag('May not create, edit or delete devices'),
    limitCommands: Flag('Limited to saved commands'),
    disableReports: Flag('Reports and history disabled'),
    fixedEmail: Flag('May not change own e-mail'),
    poiLayer: NullableString('Points-of-interest layer URL'),
    totpKey: NullableString('Base32 TOTP secret'),
    temporary: Flag('Temporary share user'),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

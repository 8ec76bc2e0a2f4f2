import { Type, type Static } from 'typebox';

/** A tracker identifier that reached a protocol port without a matching device (Tracklane extension). */
export const UnknownDeviceSchema = Type.Object(
  {
    uniqueId: Type.String({ description: 'Identifier the tracker sent' }),
    protocol: Type.String({ description: 'Protocol it spoke' }),
    remoteAddress: Type.String({ description: 'Address it connected from; empty when unknown' }),
    firstSeen: Type.Number({ description: 'First message, epoch milliseconds' }),
    lastSeen: Type.Number({ description: 'Latest message, epoch milliseconds' }),
    count: Type.Integer({ description: 'Messages seen with this identifier' }),
  },
  { $id: 'UnknownDevice' },
);
export type UnknownDevice = Static<typeof UnknownDeviceSchema>;

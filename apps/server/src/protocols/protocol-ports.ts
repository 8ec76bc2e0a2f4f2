/**
 * Default listening port of every protocol this server speaks (Traccar's numbers, so trackers
 * configured for Traccar need no change). `<NAME>_PORT` overrides one; `0` disables it.
 */
export const PROTOCOL_DEFAULT_PORTS = {
  osmand: 5055,
  gps103: 5001,
  tk103: 5002,
  gl200: 5004,
  suntech: 5011,
  h02: 5013,
  jt808: 5015,
  // Traccar has no default for it; 1078 after the standard's number
  jt1078: 1078,
  meitrack: 5020,
  gt06: 5023,
  teltonika: 5027,
  wialon: 5039,
  ruptela: 5046,
  calamp: 5082,
  watch: 5093,
} as const;

export type ProtocolName = keyof typeof PROTOCOL_DEFAULT_PORTS;

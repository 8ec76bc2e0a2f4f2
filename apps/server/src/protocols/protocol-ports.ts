/**
 * Default listening port of every protocol this server speaks (Traccar's numbers, so trackers
 * configured for Traccar need no change). `<NAME>_PORT` overrides one; `0` disables it.
 */
export const PROTOCOL_DEFAULT_PORTS = {
  osmand: 5055,
  suntech: 5011,
  meitrack: 5020,
  gps103: 5001,
  tk103: 5002,
  h02: 5013,
  gt06: 5023,
  teltonika: 5027,
  watch: 5093,
} as const;

export type ProtocolName = keyof typeof PROTOCOL_DEFAULT_PORTS;

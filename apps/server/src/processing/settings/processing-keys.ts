/**
 * Per-device processing settings, after Traccar's config keys (reference/processing.md §0.2 and
 * Appendix A). `config` keys can be set by environment variable (`filter.maxSpeed` →
 * `FILTER_MAX_SPEED`); `device` keys by device and group attributes; `server` keys by server
 * attributes. Durations are in the unit Traccar uses for the key (mostly seconds).
 */
import { SPEED_UNITS } from '@tracklane/domain';

export type KeyScope = 'config' | 'server' | 'device';

interface KeyDefinition {
  type: 'boolean' | 'number' | 'string';
  scopes: readonly KeyScope[];
  default?: boolean | number | string;
  /** The values a string key may take. */
  oneOf?: readonly string[];
  description: string;
}

const C = ['config'] as const;
const CD = ['config', 'device'] as const;
const SD = ['server', 'device'] as const;
const D = ['device'] as const;

export const PROCESSING_KEYS = {
  'filter.enable': { type: 'boolean', scopes: C, default: true, description: 'Run the position filters at all' },
  'filter.invalid': { type: 'boolean', scopes: CD, description: 'Drop positions without a valid fix or with out-of-range coordinates' },
  'filter.zero': { type: 'boolean', scopes: CD, description: 'Drop positions at exactly 0, 0' },
  'filter.outdated': { type: 'boolean', scopes: CD, description: 'Drop positions without a location of their own' },
  'filter.future': { type: 'number', scopes: CD, default: 86_400, description: 'Drop fixes more than this many seconds ahead of the server clock' },
  'filter.past': { type: 'number', scopes: CD, description: 'Drop fixes more than this many seconds old' },
  'filter.accuracy': { type: 'number', scopes: CD, description: 'Drop positions whose accuracy is worse than this many metres' },
  'filter.approximate': { type: 'boolean', scopes: CD, description: 'Drop positions marked approximate' },
  'filter.duplicate': { type: 'boolean', scopes: CD, description: 'Drop repeats of the last fix time carrying no new attribute' },
  'filter.static': { type: 'boolean', scopes: CD, description: 'Drop positions with speed 0' },
  'filter.distance': { type: 'number', scopes: CD, description: 'Drop positions closer than this many metres to the last one' },
  'filter.maxSpeed': { type: 'number', scopes: CD, description: 'Drop jumps implying more than this many knots' },
  'filter.minPeriod': { type: 'number', scopes: CD, description: 'Drop positions less than this many seconds after the last one' },
  'filter.dailyLimit': { type: 'number', scopes: CD, description: 'Positions stored per device per day' },
  'filter.dailyLimitInterval': { type: 'number', scopes: CD, description: 'Past the daily limit, still keep one position per this many seconds' },
  'filter.skipLimit': { type: 'number', scopes: CD, description: 'Seconds of silence after which duplicate/static/distance filters let a position through' },
  'filter.skipAttributes': { type: 'string', scopes: CD, default: '', description: 'Attributes whose change lets a position through duplicate/static/distance filters' },
  'coordinates.filter': { type: 'boolean', scopes: C, default: false, description: 'Replace jitter and jumps by the last coordinates' },
  'coordinates.minError': { type: 'number', scopes: C, description: 'Metres below which a move counts as jitter' },
  'coordinates.maxError': { type: 'number', scopes: C, description: 'Metres above which a move counts as a jump' },
  'time.override': { type: 'string', scopes: CD, description: 'serverTime or deviceTime: which time replaces the fix time' },
  'time.protocols': { type: 'string', scopes: C, description: 'Protocols the time override applies to (all when empty)' },
  'event.motion.speedThreshold': { type: 'number', scopes: CD, default: 0.01, description: 'Knots above which a position is in motion' },
  'processing.copyAttributes.enable': { type: 'boolean', scopes: C, default: false, description: 'Copy missing attributes from the last position' },
  'processing.copyAttributes': { type: 'string', scopes: CD, default: '', description: 'Attributes to copy' },
  'processing.useLinkedDriver': { type: 'boolean', scopes: C, default: false, description: 'Fill driverUniqueId from a driver linked to the device' },
  'geofence.polylineDistance': { type: 'number', scopes: C, default: 25, description: 'Metres either side of a LINESTRING geofence (a geofence attribute overrides it)' },
  speedLimit: { type: 'number', scopes: SD, default: 0, description: 'Overspeed limit in knots' },
  'event.overspeed.thresholdMultiplier': { type: 'number', scopes: C, default: 1, description: 'Overspeed when speed > limit × this' },
  'event.overspeed.minimalDuration': { type: 'number', scopes: C, default: 0, description: 'Seconds over the limit before an overspeed event' },
  'event.overspeed.preferLowest': { type: 'boolean', scopes: C, default: false, description: 'Use the lowest geofence speed limit instead of the highest' },
  'event.behavior.accelerationThreshold': { type: 'number', scopes: C, description: 'm/s² for a hardAcceleration alarm' },
  'event.behavior.brakingThreshold': { type: 'number', scopes: C, description: 'm/s² for a hardBraking alarm' },
  fuelDropThreshold: { type: 'number', scopes: SD, default: 0, description: 'Litres of drop for a deviceFuelDrop event' },
  fuelIncreaseThreshold: { type: 'number', scopes: SD, default: 0, description: 'Litres of increase for a deviceFuelIncrease event' },
  'event.ignoreDuplicateAlerts': { type: 'boolean', scopes: C, default: true, description: 'No alarm event for an alarm the last position already had' },
  'event.status.enable': { type: 'boolean', scopes: C, default: false, description: 'Raise deviceOnline/deviceOffline/deviceUnknown events' },
  deviceInactivityStart: { type: 'number', scopes: D, description: 'Milliseconds of silence before deviceInactive' },
  deviceInactivityPeriod: { type: 'number', scopes: D, description: 'Milliseconds between repeated deviceInactive events' },
  'report.trip.newLogic': { type: 'boolean', scopes: C, default: true, description: 'Distance/time window motion detection' },
  'report.trip.minDistance': { type: 'number', scopes: CD, default: 200, description: 'Metres that make a move (new logic)' },
  'report.trip.minDuration': { type: 'number', scopes: CD, default: 180, description: 'Seconds that confirm a stop (new logic)' },
  'report.trip.stopGap': { type: 'number', scopes: CD, default: 3600, description: 'Seconds of silence treated as a stop (new logic)' },
  'report.trip.minimalTripDistance': { type: 'number', scopes: CD, default: 500, description: 'Metres that confirm a trip (old logic)' },
  'report.trip.minimalTripDuration': { type: 'number', scopes: CD, default: 300, description: 'Seconds that confirm a trip (old logic)' },
  'report.trip.minimalParkingDuration': { type: 'number', scopes: CD, default: 300, description: 'Seconds that confirm a stop (old logic)' },
  'report.trip.minimalNoDataDuration': { type: 'number', scopes: CD, default: 3600, description: 'Seconds of silence that end a trip (old logic)' },
  'report.trip.useIgnition': { type: 'boolean', scopes: CD, default: false, description: 'Ignition off confirms a stop (old logic)' },
  'report.ignoreOdometer': { type: 'boolean', scopes: CD, default: false, description: 'Report distances from totalDistance even when the device sends an odometer' },
  'report.fastThreshold': { type: 'number', scopes: C, default: 86_400, description: 'Seconds of report period above which trips, stops and summary use stored motion events and end positions only' },
  'report.periodLimit': { type: 'number', scopes: C, description: 'Longest period, in seconds, of an events, trips, stops or summary report' },
  fuelCapacity: { type: 'number', scopes: D, description: 'Tank litres, for spent fuel from fuelLevel percentages in reports' },
  // decoder settings of device protocols, applied when a tracker's connection identifies it
  'suntech.hbm': { type: 'string', scopes: CD, default: '', description: 'Suntech: 1 (or true) when reports end with hour meter, backup battery and buffered flag; 2 adds the serving cell' },
  'suntech.protocolType': { type: 'number', scopes: CD, default: 0, description: 'Suntech: 1 when ST9xx reports carry a cell field and an odometer' },
  'suntech.includeAdc': { type: 'boolean', scopes: CD, default: false, description: 'Suntech: HBM reports carry three ADC values' },
  'suntech.includeRpm': { type: 'boolean', scopes: CD, default: false, description: 'Suntech: HBM reports carry the engine RPM' },
  'suntech.includeTemp': { type: 'boolean', scopes: CD, default: false, description: 'Suntech: HBM reports carry temperature sensors' },
  'osmand.speed': { type: 'string', scopes: C, default: 'kn', oneOf: SPEED_UNITS, description: "OsmAnd: the unit of the query form's speed (kn, kmh, mph or mps); the JSON form's is always m/s" },
  'osmand.minAccuracy': { type: 'number', scopes: C, default: 10, description: 'OsmAnd: metres below which a JSON accuracy counts as unknown (0)' },
  'decoder.timezone': { type: 'string', scopes: CD, default: '', description: 'Zone of the clock of devices that report local time (JT808: GMT+8 unless set; GT06 unless its login names one): UTC, GMT+8, UTC-03:30 or a zone name such as Europe/Moscow' },
  'gt06.alternative': { type: 'boolean', scopes: CD, default: false, description: 'GT06: engine stop and resume as DYD,<password># and HFYD,<password># (older models) instead of Relay,1# and Relay,0#' },
  'gt06.language': { type: 'boolean', scopes: CD, default: false, description: 'GT06: commands carry the language word for English (0x0002) after their text, for models that want it' },
  'meitrack.alternative': { type: 'boolean', scopes: CD, default: false, description: 'Meitrack: alarm arming and disarming as B21,1 and B21,0 (models that take it) instead of output C01' },
  'tk103.alternative': { type: 'boolean', scopes: CD, default: false, description: 'TK103: commands as the SMS texts of the alternative firmware, [begin]sms2,<text>,[end] (*getposl*, *routetrack*99*, …), instead of (<id>AP00) and the like' },
  'h02.alternative': { type: 'boolean', scopes: CD, default: false, description: 'H02: periodic tracking as the D1 command (models that take it) instead of S71' },
  'jt808.alternative': { type: 'boolean', scopes: CD, default: false, description: 'JT808: engine stop and resume as the oil and circuit control message 0xA006 (models that take it) instead of terminal control' },
  'h02.messageLength': { type: 'number', scopes: C, default: 0, oneOf: ['0', '32', '45'], description: 'H02: the length of binary messages (32 or 45 bytes), or 0 to find it from the first one' },
  'h02.ack': { type: 'boolean', scopes: CD, default: false, description: 'H02: answer every text location but a V1 (which has its own reply) with an R12' },
  'gl200.ack': { type: 'boolean', scopes: CD, default: false, description: 'Queclink: answer every text message with +SACK:<count>$, which devices in SACK mode wait for before dropping buffered reports' },
  'teltonika.extended': { type: 'boolean', scopes: CD, default: false, description: 'Teltonika: records carry a section of 16-byte IO elements' },
} as const satisfies Record<string, KeyDefinition>;

export type ProcessingKey = keyof typeof PROCESSING_KEYS;
type TypeOf<T> = T extends 'boolean' ? boolean : T extends 'number' ? number : string;
export type ValueOf<K extends ProcessingKey> = TypeOf<(typeof PROCESSING_KEYS)[K]['type']>;
export type KeysOfType<T extends KeyDefinition['type']> = { [K in ProcessingKey]: (typeof PROCESSING_KEYS)[K]['type'] extends T ? K : never }[ProcessingKey];

/** `filter.maxSpeed` → `FILTER_MAX_SPEED`. */
export const envNameOf = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/\./g, '_').toUpperCase();

export const definitionOf = (key: ProcessingKey): KeyDefinition => PROCESSING_KEYS[key];

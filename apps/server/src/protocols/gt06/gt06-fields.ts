import type { DeviceTimeZone } from '../device-time-zone.js';
import type { DecodedPosition } from '../decoded-position.js';
import type { MediaAssembly } from '../media-assembly.js';
import { Alarm } from '../alarms.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, cellTower, knotsFromKph, networkOf, setFix, utc } from '../position-builder.js';

/** Content bytes left before the serial and CRC (readers run up to the `0D 0A`, as Traccar's do). */
export const left = (reader: ByteReader): number => reader.remaining - 4;

/** Per-connection GT06 state: the zone of the device's clock, from its login or `decoder.timezone` (UTC unless either says). */
export interface Gt06State {
  zone: DeviceTimeZone;
  /** The zone the login announced, which wins over the setting also when the settings are read again. */
  loginZone: DeviceTimeZone | undefined;
  /** `gt06.alternative`: engine commands in the older models' DYD/HFYD form. */
  alternative: boolean;
  /** `gt06.language`: commands name their language (English) after the text, as some models want. */
  language?: boolean;
  /** The photo on its way in parts, one at a time: a newly announced one replaces it. */
  photo?: Gt06PhotoTransfer;
}

/**
 * A photo arriving in parts: X1 cameras (0x35, 0x36) send each part the server asks for; WD-209
 * units (0x41) push numbered packets.
 */
export interface Gt06PhotoTransfer {
  source: 'x1' | 'multimedia';
  /** The picture (X1) or media (WD-209) id the parts carry. */
  id: number;
  media: MediaAssembly;
  /** WD-209: the packet number expected next. */
  nextPacket: number;
}

/** Layouts told apart by type and length (Traccar's variants), plus the configured device model. */
export type Gt06Variant =
  | 'standard' | 'vxt01' | 'wanwayS20' | 'sr411Mini' | 'gt06eCard' | 'benway' | 's5' | 'space10x'
  | 'obd6' | 'wetrust' | 'jc400' | 'sl4x' | 'seeworld' | 'rfid' | 'lw4g';

// Type, length test, variant: the first match wins, as in Traccar.
const VARIANTS: readonly [number, (length: number) => boolean, Gt06Variant][] = [
  [0x12, (l) => l === 0x24, 'vxt01'],
  [0x16, (l) => l === 0x24, 'vxt01'],
  [0x24, (l) => l === 0x31, 'wanwayS20'],
  [0x24, (l) => l === 0x2e, 'sr411Mini'],
  [0x12, (l) => l >= 0x71, 'gt06eCard'],
  [0x12, (l) => l === 0x21, 'benway'],
  [0x12, (l) => l === 0x2b, 's5'],
  [0x19, (l) => l >= 0x17, 'space10x'],
  [0x13, (l) => l === 0x13, 'obd6'],
  [0x12, (l) => l === 0x29, 'wetrust'],
  [0x34, (l) => l === 0x37, 'sl4x'],
  [0x31, (l) => l === 0x2a, 'sl4x'],
  [0x32, (l) => l === 0x27 || l === 0x29, 'sl4x'],
  [0x22, (l) => l === 0x2f, 'seeworld'],
  [0x16, (l) => l === 0x26, 'seeworld'],
  [0xa3, (l) => l === 0x0c, 'seeworld'],
  [0x17, (l) => l === 0x28, 'rfid'],
  [0xa2, (l) => l === 0x40, 'lw4g'],
];

/** The variants a message type may be, in VARIANTS' order: looked up once a message rather than searched. */
const VARIANTS_BY_TYPE = new Map<number, [(length: number) => boolean, Gt06Variant][]>();
for (const [type, matches, variant] of VARIANTS) {
  const candidates = VARIANTS_BY_TYPE.get(type) ?? [];
  candidates.push([matches, variant]);
  VARIANTS_BY_TYPE.set(type, candidates);
}

export const variantOf = (extended: boolean, type: number, length: number, frame: Buffer): Gt06Variant => {
  if (extended) return 'standard';
  if (type === 0x95 && frame.length >= 6 && frame.readUInt16BE(4) === 0xffff) return 'jc400';
  const candidates = VARIANTS_BY_TYPE.get(type);
  if (candidates) for (let index = 0; index < candidates.length; index++) if (candidates[index]![0](length)) return candidates[index]![1];
  return 'standard';
};

/** Date and time as six bytes YY MM DD hh mm ss in the device's zone. */
export const readTime = (reader: ByteReader, state: Gt06State): number => {
  const [year, month, day, hour, minute, second] = [reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8(), reader.u8()];
  return state.zone.toUtc(utc(year, month, day, hour, minute, second));
};

export interface GpsOptions {
  hasLength?: boolean;
  hasSatellites?: boolean;
  hasSpeed?: boolean;
  longSpeed?: boolean;
}

/**
 * The GPS block: time, [length], satellites nibble, latitude and longitude (÷ 1 800 000), speed
 * km/h, then the course/status word (reference/protocols.md §2). False when a length byte says "no GPS".
 */
export const decodeGps = (position: DecodedPosition, reader: ByteReader, state: Gt06State, options: GpsOptions = {}): boolean => {
  const { hasLength = false, hasSatellites = true, hasSpeed = true, longSpeed = false } = options;
  const time = readTime(reader, state);
  position.deviceTime = time;
  position.fixTime = time;
  if (hasLength && reader.u8() === 0) return false;
  if (hasSatellites) position.attributes.sat = reader.u8() & 0x0f;
  let latitude = reader.u32() / 1_800_000;
  let longitude = reader.u32() / 1_800_000;
  const speed = hasSpeed ? knotsFromKph(longSpeed ? reader.u16() : reader.u8()) : 0;
  const flags = reader.u16();
  if ((flags & 0x0400) === 0) latitude = -latitude;
  if ((flags & 0x0800) !== 0) longitude = -longitude;
  setFix(position, { time, latitude, longitude, valid: (flags & 0x1000) !== 0, speed, course: flags & 0x03ff });
  if ((flags & 0x4000) !== 0) position.attributes.ignition = (flags & 0x8000) !== 0;
  return true;
};

export interface LbsLayout {
  /** A leading length byte (0 = no cell data). */
  hasLength: boolean;
  mnc16?: boolean;
  /** 4-byte LAC (4G types). */
  lac32?: boolean;
  /** Width of the cell id in bytes; 3 unless told otherwise. */
  cidBytes?: 3 | 4 | 8;
}

const MAX_CELL_ID = 0x0fffffff;

/** The LBS block: MCC (bit 15 = 2-byte MNC), MNC, LAC, cell id. */
export const decodeLbs = (position: DecodedPosition, reader: ByteReader, layout: LbsLayout): boolean => {
  let length = 0;
  if (layout.hasLength) {
    length = reader.u8();
    if (length === 0) {
      const zeroed = reader.buffer.subarray(reader.position + 9, reader.position + 45).every((byte) => byte === 0);
      if (zeroed) reader.skip(Math.max(0, Math.min(left(reader), 45)));
      return false;
    }
  }
  const mcc = reader.u16();
  const mnc = (mcc & 0x8000) !== 0 || layout.mnc16 ? reader.u16() : reader.u8();
  const lac = layout.lac32 ? reader.i32() : reader.u16();
  const cidBytes = layout.cidBytes ?? 3;
  const cid = cidBytes === 8 ? Number(reader.i64()) : cidBytes === 4 ? reader.u32() : reader.u24();
  // a cell without an area code, or with an id wider than LTE's 28 bits, locates nothing
  position.network = lac > 0 && cid <= MAX_CELL_ID ? networkOf([cellTower(mcc & 0x7fff, mnc, lac, cid)]) : null;
  if (length > 9) reader.skip(length - 9);
  return true;
};

/** The terminal information byte: ACC, charging, cut-off and an alarm in bits 3–5. */
export const decodeStatus = (position: DecodedPosition, reader: ByteReader, variant: Gt06Variant): void => {
  const status = reader.u8();
  position.attributes.status = status;
  position.attributes.ignition = (status & 0x02) !== 0;
  position.attributes.charge = (status & 0x04) !== 0;
  position.attributes.blocked = (status & 0x80) !== 0;
  const alarms: Record<number, string> = { 1: Alarm.vibration, 2: Alarm.powerCut, 3: Alarm.lowBattery, 4: Alarm.sos, 6: Alarm.geofence, 7: variant === 'vxt01' ? Alarm.overspeed : Alarm.removing };
  addAlarm(position, alarms[(status >> 3) & 0x07]);
};

const ALARMS: Record<number, string> = {
  0x01: Alarm.sos, 0x02: Alarm.powerCut, 0x03: Alarm.vibration, 0x04: Alarm.geofenceEnter, 0x05: Alarm.geofenceExit,
  0x06: Alarm.overspeed, 0x09: Alarm.vibration, 0x0e: Alarm.lowBattery, 0x0f: Alarm.lowBattery, 0x11: Alarm.powerOff,
  0x0c: Alarm.tampering, 0x13: Alarm.tampering, 0x25: Alarm.tampering, 0x32: Alarm.tampering, 0x14: Alarm.door,
  0x18: Alarm.removing, 0x19: Alarm.lowBattery, 0x1a: Alarm.braking, 0x27: Alarm.braking, 0xf1: Alarm.braking,
  0x1b: Alarm.cornering, 0x2a: Alarm.cornering, 0x2b: Alarm.cornering, 0x2e: Alarm.cornering, 0x23: Alarm.fallDown,
  0x26: Alarm.acceleration, 0xf0: Alarm.acceleration, 0x28: Alarm.braking, 0x29: Alarm.acceleration, 0x2c: Alarm.accident,
  0xf2: Alarm.accident, 0x30: Alarm.jamming, 0x33: Alarm.lock, 0x34: Alarm.unlock, 0x53: Alarm.fuelLeak,
  0x5b: Alarm.temperature, 0x5c: Alarm.temperature, 0xc9: Alarm.idle,
};

/** Models whose 0x22/0x25 locations carry the NT layout (IMEI, device time, power, odometer, hours). */
const NT_MODELS = new Set(['NT11', 'NT20', 'NT26', 'NT40', 'NT46', 'VL100', 'XT40']);
/** Models that number some alarm codes differently (and VL103 tails). */
const VL_MODELS = new Set(['VL103', 'LL303', 'VL512', 'G18']);

export const isNtModel = (model: string | undefined): boolean => NT_MODELS.has(model?.toUpperCase() ?? '');
export const isVlModel = (model: string | undefined): boolean => VL_MODELS.has(model?.toUpperCase() ?? '');

/** Model-specific meanings of alarm codes: LW, SEEWORLD and VL models reuse a few codes. */
const modelAlarmOf = (value: number, model: string | undefined): string | undefined => {
  const upper = model?.toUpperCase() ?? '';
  const lw = upper.startsWith('LW');
  const seeworld = upper === 'SEEWORLD';
  const vl = isVlModel(upper);
  if (value === 0x09 && vl) return Alarm.tow;
  if (value === 0x18 && lw) return Alarm.accident;
  if (value === 0x19 && lw) return Alarm.acceleration;
  if (value === 0x28 && (seeworld || vl)) return seeworld ? Alarm.cornering : Alarm.powerOff;
  if (value === 0x29 && seeworld) return Alarm.accident;
  if (value === 0x30 && vl) return Alarm.braking;
  return undefined;
};

/** The alarm byte of the alarm/language word (reference/protocols.md §2); some codes mean otherwise on some models. */
export const alarmOf = (value: number, model: string | undefined): string | undefined => modelAlarmOf(value, model) ?? ALARMS[value];

/** Voltage level 0–6 as a percentage; 7–100 are percentages already. */
export const batteryLevelOf = (value: number): number | undefined => (value <= 6 ? Math.trunc((value * 100) / 6) : value <= 100 ? value : undefined);

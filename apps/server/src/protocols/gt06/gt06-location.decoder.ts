import type { DecodedPosition } from '../decoded-position.js';
import type { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, setAttribute, setTime } from '../position-builder.js';
import { alarmOf, batteryLevelOf, decodeGps, decodeLbs, decodeStatus, isNtModel, isVlModel, readTime, type Gt06State, type Gt06Variant, type LbsLayout, left } from './gt06-fields.js';
import { decodeGpsLbs1Tail, decodeNtTail, decodeSeeworldTail, decodeVlLocationTail, decodeVlStatusTail } from './gt06-model-tails.js';

const GPS = new Set([0x10, 0x12, 0x22, 0x25, 0x37, 0x2d, 0x31, 0x11, 0x16, 0x26, 0x27, 0x32, 0xa2, 0x1a, 0x1e, 0xa0, 0x17, 0xa3, 0xa4]);
const LBS = new Set([0x19, 0x12, 0x22, 0x25, 0x37, 0x2d, 0x31, 0x11, 0x16, 0x26, 0x27, 0x32, 0xa2, 0xa0, 0x17, 0xa3, 0xa4, 0xa5, 0xa7]);
const STATUS = new Set([0x13, 0x36, 0x19, 0x16, 0x26, 0x27, 0x32, 0xa2, 0xa4, 0xa5]);

/** Types carrying GPS, LBS or status blocks in the common order. */
export const isLocationType = (type: number): boolean => GPS.has(type) || LBS.has(type) || STATUS.has(type);

/** Which blocks one frame carries: 0xA3 is a status on SEEWORLD units, a geofence location elsewhere. */
interface Blocks {
  gps: boolean;
  lbs: boolean;
  status: boolean;
  nt: boolean;
}

const blocksOf = (type: number, variant: Gt06Variant, model: string | undefined): Blocks => {
  const nt = (type === 0x22 || type === 0x25) && isNtModel(model);
  const seeworldStatus = type === 0xa3 && variant === 'seeworld';
  return {
    gps: GPS.has(type) && !seeworldStatus,
    lbs: LBS.has(type) && !seeworldStatus,
    status: STATUS.has(type) || seeworldStatus || nt,
    nt,
  };
};

const lbsLayoutOf = (type: number, variant: Gt06Variant, blocks: Blocks): LbsLayout => {
  const excluded = type === 0x19 || type === 0xa5 || type === 0xa2 || (type === 0x16 && variant === 'vxt01');
  const lac32 = type === 0xa5 || type === 0xa0 || type === 0xa2;
  const wide = lac32 || (variant === 'sl4x' && type === 0x32);
  const cidBytes = wide ? 8 : type === 0x11 || type === 0x25 || variant === 'seeworld' || variant === 'sl4x' ? 4 : 3;
  return { hasLength: blocks.status && !excluded, lac32, cidBytes, mnc16: type === 0x11 || variant === 'sl4x' };
};

/** OBD6 status: satellites and signal packed in a word, alarm, language, battery, mode, power, [temperature]. */
const decodeObd6Status = (position: DecodedPosition, reader: ByteReader, model: string | undefined) => {
  const signal = reader.u16();
  position.attributes.sat = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
  position.attributes.rssi = signal & 0x1f;
  addAlarm(position, alarmOf(reader.u8(), model));
  reader.u8(); // language
  setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
  const mode = reader.u8();
  position.attributes.power = reader.u16() / 100;
  if (left(reader) < 3) return;
  reader.skip(3); // reserved, working time
  if (mode === 4 && left(reader) >= 2) position.attributes.temp1 = reader.i16() / 10;
};

const decodeStatusBlock = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, model: string | undefined, nt: boolean) => {
  if (type === 0xa2) reader.u8(); // network indicator
  decodeStatus(position, reader, variant);
  if (variant === 'obd6') return decodeObd6Status(position, reader, model);
  if (type === 0xa2 || nt) position.attributes.power = reader.u16() * 0.01;
  if (type === 0x13 && model === 'R11') position.attributes.power = reader.u16() * 0.01;
  else if (nt) position.attributes.battery = reader.u8() / 10;
  else setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
  position.attributes.rssi = reader.u8();
  if (type === 0x13 && model?.toUpperCase().startsWith('LW')) {
    position.attributes.power = (reader.u16() & 0x0fff) / 10;
  } else if (type === 0x16 && isVlModel(model) && left(reader) >= 10) {
    decodeVlStatusTail(position, reader);
  } else if (left(reader) > 0 || (type === 0x32 && variant === 'sl4x')) {
    // SL4X reads its extension byte even where serial and CRC follow (Traccar's layout for the vectors)
    const extension = reader.u8();
    if (type === 0x13 && model === 'SEEWORLD') position.attributes.power = extension;
    else if (variant !== 'vxt01') addAlarm(position, alarmOf(extension, model));
  }
  if (nt) reader.u8(); // language
};

/** Modules of the Jimi 4G status 0x36: battery voltage and level. */
const decodeStatusModules = (position: DecodedPosition, reader: ByteReader) => {
  reader.u8(); // language
  while (left(reader) > 0) {
    const module = reader.u16();
    const length = reader.u8();
    if (module === 0x0018) position.attributes.battery = reader.u16() / 100;
    else if (module === 0x006a) setAttribute(position, 'batteryLevel', batteryLevelOf(reader.u8()));
    else reader.skip(length);
  }
};

/** The tails later firmware appended: ignition/event/archive, modules, RFID, mileage, geofence. */
const decodeCommonTails = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, nt: boolean) => {
  const a = position.attributes;
  if (type === 0xa2 && variant === 'lw4g') {
    reader.u8(); // language
    a.odometer = reader.u32();
    a.hours = reader.u32() * 1000;
    reader.skip(8); // terminal id
    a.input = reader.u16();
  }
  if (type === 0x32 && variant === 'sl4x') position.altitude = reader.i16();
  if ([0x22, 0x37, 0x2d, 0x31].includes(type) && left(reader) >= 3 && !nt) {
    a.ignition = reader.u8() > 0;
    a.event = reader.u8();
    a.archive = reader.u8() > 0;
    if (variant === 'sl4x') {
      if (left(reader) > 2) a.odometer = reader.u32();
      position.altitude = reader.i16();
    }
  }
  if (type === 0x37 && left(reader) >= 3) {
    const module = reader.u16();
    const length = reader.u8();
    if (module === 0x0027) a.power = reader.u16() * 0.01;
    else if (module === 0x002e) a.odometer = reader.u32();
    else if (module === 0x003b) position.accuracy = reader.u16() * 0.01;
    else reader.skip(length);
  }
  if (type === 0x17) {
    a.driverUniqueId = reader.hex(8);
    reader.u8(); // validity
  }
  if (nt) decodeNtTail(position, reader, type);
  if (left(reader) === 3 || left(reader) === 7) {
    a.ignition = reader.u8() > 0;
    reader.u8(); // upload mode
    if (reader.u8() > 0) a.archive = true;
  }
  if (left(reader) === 4) a.odometer = reader.u32();
  if ((type === 0x27 || type === 0xa4) && left(reader) >= 1) a.geofence = reader.u8();
};

/**
 * GPS / LBS / status messages (0x10–0x37, 0xA0–0xA7): the blocks their type carries, in order,
 * then the optional tails (ACC, upload mode, re-upload, mileage) that later firmware appended.
 */
export const decodeLocation = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, state: Gt06State, model: string | undefined): void => {
  const blocks = blocksOf(type, variant, model);
  position.attributes.type = type;
  if (type === 0x12 && model === 'QH302R') reader.skip(8); // IMEI first
  let deviceTime: number | undefined;
  if (blocks.nt) {
    reader.u8(); // location source
    reader.skip(8); // IMEI
    deviceTime = readTime(reader, state);
  }
  if (blocks.gps) decodeGps(position, reader, state);
  else setTime(position, undefined);
  if (deviceTime !== undefined && Number.isFinite(deviceTime)) position.deviceTime = deviceTime;
  if (blocks.lbs && left(reader) > 0) decodeLbs(position, reader, lbsLayoutOf(type, variant, blocks));
  if (blocks.status) decodeStatusBlock(position, reader, type, variant, model, blocks.nt);
  if (type === 0x36) decodeStatusModules(position, reader);
  if (type === 0x12) decodeGpsLbs1Tail(position, reader, variant, model);
  if (type === 0x22 && variant === 'seeworld') decodeSeeworldTail(position, reader);
  decodeCommonTails(position, reader, type, variant, blocks.nt);
};

/** VL103 location 0x36: GPS, one 4-byte-cell LBS block, then the VL tail. */
export const decodeVlLocation = (position: DecodedPosition, reader: ByteReader, state: Gt06State): void => {
  position.attributes.type = 0x36;
  decodeGps(position, reader, state);
  decodeLbs(position, reader, { hasLength: false, cidBytes: 4 });
  decodeVlLocationTail(position, reader);
};

/** iButton location 0x61: IMEI, GPS, LBS with a 4-byte cell, then the key as a 6-byte number. */
export const decodeIButton = (position: DecodedPosition, reader: ByteReader, state: Gt06State): void => {
  reader.skip(8); // IMEI
  decodeGps(position, reader, state);
  decodeLbs(position, reader, { hasLength: false, cidBytes: 4 });
  position.attributes.driverUniqueId = String(reader.u32() * 65536 + reader.u16());
};

/** GL21L status 0xA3 (too short for a fix): only the step counter is known in it. */
export const decodeGl21lStatus = (position: DecodedPosition, reader: ByteReader): void => {
  setTime(position, undefined);
  reader.skip(11); // status, counters and flags
  position.attributes.steps = reader.u16();
};

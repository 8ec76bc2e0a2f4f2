import { fixedOffset } from '../device-time-zone.js';
import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { ByteReader } from '../transport/byte-reader.js';
import { addAlarm, cellTower, networkOf, newPosition, setTime } from '../position-builder.js';
import { gt06Ack, gt06AddressResponse, gt06TimeResponse, gt06WifiAck } from './gt06.encoder.js';
import { decodeGps, decodeLbs, isVlModel, readTime, variantOf, type Gt06State, type Gt06Variant, left } from './gt06-fields.js';
import { decodeGl21lStatus, decodeIButton, decodeLocation, decodeVlLocation, isLocationType } from './gt06-location.decoder.js';
import { decodeMultiLbs, decodeWifi } from './gt06-network.decoder.js';
import { decodeX1PhotoInfo } from './gt06-photo.decoder.js';

const MULTI_LBS = new Set([0x28, 0x2e, 0x24, 0x18, 0x2c, 0xa1, 0x33]);
const COMMAND_REPLIES = new Set([0x80, 0x81, 0x82]);

/** Login (0x01): 8-byte BCD IMEI, type, optional time-zone word (`hhmm` << 4, bit 3 = west). */
const decodeLogin = (reader: ByteReader, dataLength: number, state: Gt06State, serial: number): DecodeResult => {
  const imei = reader.hex(8).slice(1);
  if (reader.remaining >= 2) reader.u16(); // device type (short logins end here)
  if (dataLength > 10) {
    const word = reader.u16();
    const hhmm = word >> 4;
    const offset = (Math.trunc(hhmm / 100) * 60 + (hhmm % 100)) * 60;
    state.loginZone = fixedOffset((word & 0x08 ? -offset : offset) * 1000);
    state.zone = state.loginZone;
  }
  return { identify: imei, positions: [], ack: [gt06Ack(0x01, serial)] };
};

/** X1 GPS (0x34): alarm word, GPS, terminal info, odometer, one cell, driver id, voltages, ports. */
const decodeX1 = (position: DecodedPosition, reader: ByteReader, state: Gt06State) => {
  const a = position.attributes;
  reader.u32(); // data and alarm
  decodeGps(position, reader, state);
  reader.u16(); // terminal info
  a.odometer = reader.u32();
  position.network = networkOf([cellTower(reader.u16(), reader.u8(), reader.u16(), reader.u32())]);
  const driver = reader.u32();
  if (driver > 0) a.driverUniqueId = String(driver);
  a.battery = reader.u16() * 0.01;
  a.power = reader.u16() * 0.01;
  const ports = reader.u32();
  a.input = reader.u8();
  a.output = reader.u8();
  for (let i = 1; i <= ((ports >> 20) & 0x0f); i++) a[`adc${i}`] = reader.u16() * 0.01;
};

const EVENT_ALARMS: Record<number, string> = {
  0x0e: Alarm.lowPower, 0x76: Alarm.temperature, 0x80: Alarm.vibration, 0x87: Alarm.overspeed, 0x88: Alarm.powerCut,
  0x90: Alarm.acceleration, 0x91: Alarm.braking, 0x92: Alarm.cornering, 0x93: Alarm.accident,
};

/** Alarm packet 0x95 (JC100/JC400 cameras): time [+ GPS], event code. */
const decodeAlarmPacket = (position: DecodedPosition, reader: ByteReader, dataLength: number, variant: Gt06Variant, state: Gt06State) => {
  const extended = dataLength > 7;
  const jc400 = variant === 'jc400';
  if (extended) {
    if (jc400) reader.skip(3); // marker, version
    decodeGps(position, reader, state, { hasSatellites: jc400, hasSpeed: jc400, longSpeed: jc400 });
  } else {
    setTime(position, readTime(reader, state));
  }
  if (jc400) position.attributes.power = reader.u16() * 0.1;
  const event = reader.u8();
  position.attributes.event = event;
  addAlarm(position, event === 0x01 ? (extended ? Alarm.sos : Alarm.general) : EVENT_ALARMS[event]);
};

/** Layouts that share a type number with the common location blocks but not their order. */
const decodeSpecialLocation = (position: DecodedPosition, reader: ByteReader, type: number, variant: Gt06Variant, dataLength: number, context: DecodeContext<Gt06State>): boolean => {
  if (type === 0x61) decodeIButton(position, reader, context.state);
  else if (type === 0x36 && isVlModel(context.model)) decodeVlLocation(position, reader, context.state);
  // a GPS and a cell block need 27 bytes; GL21L status packets reuse 0xA3 with less
  else if (type === 0xa3 && variant !== 'seeworld' && dataLength < 27) decodeGl21lStatus(position, reader);
  else return false;
  return true;
};

/** Standard packets (`78 78`). */
export const decodeBasic = (frame: Buffer, context: DecodeContext<Gt06State>): DecodeResult => {
  const length = frame[2]!;
  const type = frame[3]!;
  const dataLength = length - 5;
  const serial = frame.length >= 8 ? frame.readUInt16BE(frame.length - 6) : 0;
  const reader = new ByteReader(frame, 4, Math.max(4, frame.length - 2));
  const { state } = context;
  if (type === 0x01) return decodeLogin(reader, dataLength, state, serial);

  const uniqueId = context.uniqueId;
  if (uniqueId === undefined) return nothing();
  const variant = variantOf(false, type, length, frame);
  const position = newPosition('gt06', uniqueId, context.now());
  const reply = (ack = gt06Ack(type, serial)): DecodeResult => ({ positions: [position], ack: [ack] });
  const a = position.attributes;

  if (type === 0x23) {
    const status = reader.u8();
    a.armed = (status & 0x01) !== 0;
    a.ignition = (status & 0x02) !== 0;
    a.charge = (status & 0x04) !== 0;
    if (left(reader) >= 2) a.battery = reader.u16() * 0.01;
    if (left(reader) >= 1) a.rssi = reader.u8();
    return reply();
  }
  if (type === 0x2a) return { positions: [], ack: [gt06AddressResponse()] };
  if (type === 0x8a) return { positions: [], ack: [gt06TimeResponse(context.now())] };
  if (type === 0x34 && variant !== 'sl4x') {
    decodeX1(position, reader, state);
    return { positions: [position], ack: [] };
  }
  if (type === 0x35) return decodeX1PhotoInfo(reader, context);
  if ((type === 0x17 && variant !== 'rfid') || type === 0x69 || type === 0xf3) {
    const time = decodeWifi(position, frame, type);
    return { positions: [position], ack: type === 0xf3 ? [] : [gt06WifiAck(type, time)] };
  }
  if (type === 0x94) {
    a.power = reader.i16() * 0.01;
    return { positions: [position], ack: [] };
  }
  if (type === 0x24 && variant === 'sr411Mini') {
    decodeGps(position, reader, state);
    decodeLbs(position, reader, { hasLength: false });
    a.ignition = reader.u8() > 0;
    a.power = reader.u16() * 0.01;
    a.battery = reader.u16() * 0.01;
    return { positions: [position], ack: [] };
  }
  if (MULTI_LBS.has(type) || (type === 0x34 && variant === 'sl4x') || (type === 0xa2 && variant !== 'lw4g')) {
    decodeMultiLbs(position, reader, type, variant, state);
    return reply();
  }
  if (type === 0x15) {
    const commandLength = reader.u8();
    if (commandLength > 0) {
      reader.u32(); // server flag
      const data = reader.ascii(commandLength - 4);
      if (data.startsWith('<ICCID:')) a.iccid = data.slice(7, 27);
      else a.result = data;
    }
    return reply();
  }
  if (type === 0x19 && variant === 'space10x') return nothing(); // multi-LBS message
  const special = decodeSpecialLocation(position, reader, type, variant, dataLength, context);
  if (special) return reply();
  if (isLocationType(type)) {
    decodeLocation(position, reader, type, variant, state, context.model);
    return reply();
  }
  if (type === 0x95) {
    decodeAlarmPacket(position, reader, dataLength, variant, state);
    return reply();
  }
  // unsupported type: acknowledged so the device does not repeat it, except command replies
  return { positions: [], ack: COMMAND_REPLIES.has(type) ? [] : [gt06Ack(type, serial)] };
};

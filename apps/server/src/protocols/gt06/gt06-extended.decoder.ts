import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { nothing, type DecodeContext, type DecodeResult } from '../protocol-definition.js';
import { ByteReader, FrameError, isPrintable } from '../transport/byte-reader.js';
import { addAlarm, newPosition, setFix, setTime, utc } from '../position-builder.js';
import { gt06Ack, gt06Packet } from './gt06.encoder.js';
import { decodeGps, decodeLbs, readTime, type Gt06State, left } from './gt06-fields.js';
import { decodeDeviceStatus, decodeObd, decodePeripheral } from './gt06-jimi.decoder.js';
import { decodeModular } from './gt06-modular.decoder.js';
import { decodeMultimedia, decodeX1PhotoPart } from './gt06-photo.decoder.js';

const LOCATION_TEXT = /Current position!Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+\.\d+),Speed:(\d+\.\d+),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)/;
const FUEL_TEXT = /!AIOIL,\d+,\d+\.\d+,(\d+\.\d+),[^,]+,\d\d\d\d,(\d+\.\d+),[01],\d+,[0-9A-Fa-f]{2}/;

/** 0x21: command reply text (ASCII or UTF-16BE), or a "Current position!" text location. */
const decodeStringInfo = (position: DecodedPosition, reader: ByteReader) => {
  reader.u32(); // server flag
  const ascii = reader.u8() === 1;
  const bytes = reader.rest(4);
  if (!ascii && bytes.length % 2 !== 0) throw new FrameError('UTF-16 text of odd length');
  const text = ascii ? bytes.toString('latin1') : Buffer.from(bytes).swap16().toString('utf16le');
  const match = LOCATION_TEXT.exec(text);
  if (!match) {
    position.attributes.result = text;
    return;
  }
  const [, ns, lat, ew, lon, course, speed, year, month, day, hour, minute, second] = match as unknown as string[];
  setFix(position, {
    time: utc(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second)),
    latitude: ns === 'S' ? -Number(lat) : Number(lat),
    longitude: ew === 'W' ? -Number(lon) : Number(lon),
    valid: true,
    course: Number(course),
    speed: Number(speed),
  });
};

/** 0x94 information packets; false for a subtype without data worth a position. */
const decodeInfo = (position: DecodedPosition, reader: ByteReader, state: Gt06State): boolean => {
  const a = position.attributes;
  const subtype = reader.u8();
  switch (subtype) {
    case 0x00:
      a.adc1 = reader.u16() * 0.01;
      return true;
    case 0x04:
      for (const pair of reader.rest(4).toString('latin1').split(';')) {
        const [key = '', value = ''] = pair.split('=');
        const number = Number.parseInt(value, 16);
        if (/^ALM[123]$/.test(key)) a[`alarm${key[3]}Status`] = number;
        else if (key === 'STA1') a.otherStatus = number;
        else if (key === 'DYD') a.engineStatus = number;
      }
      return true;
    case 0x05:
      if (left(reader) >= 7) setTime(position, readTime(reader, state));
      {
        const flags = reader.u8();
        a.door = (flags & 0x01) !== 0;
        a.io1 = (flags & 0x04) !== 0;
      }
      return true;
    case 0x0a:
      reader.skip(16); // IMEI, IMSI
      a.iccid = reader.hex(10).replace(/f/g, '');
      return true;
    case 0x0b:
      // two bytes: external power in 1/100 V; one byte: the network generation
      if (left(reader) >= 2) a.power = reader.u16() * 0.01;
      else a.networkTechnology = reader.u8() > 0 ? '4G' : '2G';
      return true;
    case 0x1e:
      a.temp1 = reader.i32() / 10;
      a.humidity = reader.u32() / 10;
      return true;
    case 0x0d: {
      if (reader.peekU8() !== 0x21) reader.skip(6);
      const match = FUEL_TEXT.exec(reader.rest(4).toString('latin1'));
      if (!match) return false;
      a.temp1 = Number(match[1]);
      a.fuel = Number(match[2]);
      return true;
    }
    case 0x1b: {
      const first = reader.peekU8();
      if ((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a)) {
        a.serial = reader.rest(4).toString('latin1').trim();
      } else {
        reader.skip(2); // header, type
        a.driverUniqueId = reader.hex(4);
      }
      return true;
    }
    default:
      return false;
  }
};

/** AZ735 location/alarm (0x32, 0x33) in extended frames. */
const decodeAz735 = (position: DecodedPosition, reader: ByteReader, type: number, state: Gt06State) => {
  const a = position.attributes;
  if (!decodeGps(position, reader, state, { hasLength: true })) position.hasLocation = false;
  if (decodeLbs(position, reader, { hasLength: true })) a.rssi = reader.u8();
  reader.skip(reader.u8()); // more cells
  reader.skip(reader.u8()); // Wi-Fi
  const status = reader.u8();
  a.status = status;
  if (type === 0x33) {
    if (status === 0xa0) a.armed = true;
    else if (status === 0xa1) a.armed = false;
    else addAlarm(position, { 0xa2: Alarm.lowBattery, 0xa3: Alarm.lowBattery, 0xa4: Alarm.general, 0xa5: Alarm.door }[status]);
  }
};

/**
 * Extended packets (`79 79`). Only AZ735, modular, Jimi status and WD-209 multimedia packets are
 * acknowledged, as Traccar does; an X1 photo part is answered by the request for the next one.
 */
export const decodeExtended = (frame: Buffer, context: DecodeContext<Gt06State>): DecodeResult => {
  const uniqueId = context.uniqueId;
  if (uniqueId === undefined) return nothing();
  const type = frame[4]!;
  const serial = frame.readUInt16BE(frame.length - 6);
  const reader = new ByteReader(frame, 5, frame.length - 2);
  const position = newPosition('gt06', uniqueId, context.now());
  switch (type) {
    case 0x21:
      decodeStringInfo(position, reader);
      return { positions: [position], ack: [] };
    case 0x94:
      return decodeInfo(position, reader, context.state) ? { positions: [position], ack: [] } : nothing();
    case 0x32:
    case 0x33:
      decodeAz735(position, reader, type, context.state);
      return { positions: [position], ack: [gt06Packet(type, serial, undefined, true)] };
    case 0x70:
      decodeModular(position, reader);
      return { positions: [position], ack: [gt06Ack(0x70, serial)] };
    case 0x8c:
      decodeObd(position, reader, context.state);
      return { positions: [position], ack: [] };
    case 0xf1:
    case 0xf2:
      if (type === 0xf1) decodeDeviceStatus(position, reader);
      else decodePeripheral(position, reader);
      return { positions: [position], ack: [gt06Ack(type, serial)] };
    case 0x36:
      return decodeX1PhotoPart(reader, context);
    case 0x41:
      return decodeMultimedia(reader, context, serial);
    case 0x9b: {
      reader.u8(); // external device type
      const data = reader.rest(4);
      if (data.length === 0) return nothing();
      position.attributes.result = isPrintable(data) ? data.toString('latin1').trim() : data.toString('hex');
      return { positions: [position], ack: [] };
    }
    default:
      return nothing();
  }
};

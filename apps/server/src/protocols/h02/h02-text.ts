import { Alarm } from '../alarms.js';
import type { DecodedPosition } from '../decoded-position.js';
import { addAlarm, cellTower, networkOf, setFix, setTime, utc } from '../position-builder.js';

/** The 32-bit status word, mostly active-low: alarms, ignition (bit 10), and the raw value. */
export const applyStatus = (position: DecodedPosition, status: number): void => {
  const bit = (n: number) => Math.floor(status / 2 ** n) % 2 === 1;
  if (!bit(0)) addAlarm(position, Alarm.vibration);
  else if (!bit(1) || !bit(18)) addAlarm(position, Alarm.sos);
  else if (!bit(2)) addAlarm(position, Alarm.overspeed);
  else if (!bit(19)) addAlarm(position, Alarm.powerCut);
  position.attributes.ignition = bit(10);
  position.attributes.status = status;
};

const COORDINATE = String.raw`(?:-(\d+)-(\d+\.\d+)|(\d*)(\d\d\.\d+)|(\d+)(\d\d)(\d{4}))`;
/** A location sentence (V1, V2, V4 replies with a location, V5, V6, V8, V19, …). */
const LOCATION = new RegExp(
  String.raw`^\*..,(\d*),(?:V4,(.*)|(V[^,]*)),(?:(\d\d)(\d\d)(\d\d))?,(?:([ABV])?|(\d+)),` +
    String.raw`${COORDINATE},([NS]),${COORDINATE},([EW]), *(\d+\.?\d*),(\d+\.?\d*)?,(?:\d+,)?(?:(\d\d)(\d\d)(\d\d))?` +
    String.raw`(?:,[^,]*,[^,]*,[^,]*)?(?:,([0-9A-Fa-f]{8})(?:,(\d+),(-?\d+),(\d+\.\d+),(-?\d+),([0-9A-Fa-f]+),([0-9A-Fa-f]+)|,([\s\S]*))?)?#$`,
);

const coordinate = (groups: (string | undefined)[], hemisphere: string): number => {
  const [d1, m1, d2, m2, d3, m3, f3] = groups;
  const value = d1 !== undefined ? Number(d1) + Number(m1) / 60 : d2 !== undefined ? Number(d2 || 0) + Number(m2) / 60 : Number(d3) + (Number(m3) + Number(f3) / 10000) / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
};

export interface H02Sentence {
  id: string;
  type: string;
}

/** Decodes a location sentence into `position`; false when the sentence is not one. */
export const decodeLocationSentence = (position: DecodedPosition, sentence: string, now: number): { id: string; type: string } | undefined => {
  const m = LOCATION.exec(sentence);
  if (!m) return undefined;
  const g = (index: number) => m[index];
  const [id = '', result, type = 'V4'] = [g(1), g(2), g(3)];
  if (result !== undefined) position.attributes.result = result;
  const valid = g(8) !== undefined || g(7) === 'A';
  const latitude = coordinate(m.slice(9, 16), g(16)!);
  const longitude = coordinate(m.slice(17, 24), g(24)!);
  const time = g(27) !== undefined ? utc(Number(g(29)), Number(g(28)), Number(g(27)), Number(g(4) ?? 0), Number(g(5) ?? 0), Number(g(6) ?? 0)) : now;
  setFix(position, { time, latitude, longitude, valid, speed: Number(g(25)), course: Number(g(26) ?? 0) });
  if (g(30) !== undefined) applyStatus(position, Number.parseInt(g(30)!, 16));
  if (g(31) !== undefined) {
    position.attributes.odometer = Number(g(31));
    position.attributes.temp1 = Number(g(32));
    position.attributes.fuel = Number(g(33));
    position.altitude = Number(g(34));
    position.network = networkOf([cellTower(0, 0, Number.parseInt(g(35)!, 16), Number.parseInt(g(36)!, 16))]);
  }
  if (g(37) !== undefined) {
    g(37)!.split(',').forEach((value, index) => value.trim() !== '' && (position.attributes[`io${index + 1}`] = value.trim()));
  }
  return { id, type };
};

/** Date `ddmmyy` + time `hhmmss` of the LBS-style sentences. */
const timeOf = (hhmmss: string, ddmmyy: string): number =>
  utc(Number(ddmmyy.slice(4, 6)), Number(ddmmyy.slice(2, 4)), Number(ddmmyy.slice(0, 2)), Number(hhmmss.slice(0, 2)), Number(hhmmss.slice(2, 4)), Number(hhmmss.slice(4, 6)));

const NBR = /^\*..,(\d+),NBR,(\d{6}),(\d+),(\d+),\d+,\d+,((?:\d+,\d+,-?\d+,)+)(\d{6}),([0-9A-Fa-f]{8})/;
const LINK = /^\*..,(\d+),LINK,(\d{6}),(\d+),(\d+),(\d+),(\d+),(\d+),(\d{6}),([0-9A-Fa-f]{8})/;
const V3 = /^\*..,(\d+),V3,(\d{6}),(\d{3})(\d+),(\d+),(.*),([0-9A-Fa-f]{4}),\d+,X,(\d{6}),([0-9A-Fa-f]{8})/;
const VP1 = /^\*hq,(\d{15}),VP1,(?:V,(\d+),(\d+),([^#]+)|[AB],(\d+)(\d\d\.\d+),([NS]),(\d+)(\d\d\.\d+),([EW]),(\d+\.\d+),(\d+\.\d+),(\d{6}))/;
const HEARTBEAT = /^\*HQ,(\d{15}),HTBT,(\d+)/;

/** Neighbour cells (NBR): MCC, MNC and (LAC, CID, RSSI) triples. */
export const decodeNbr = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = NBR.exec(sentence);
  if (!m) return undefined;
  const cells = m[5]!.split(',').filter(Boolean).map(Number);
  const towers = [];
  for (let i = 0; i + 2 < cells.length; i += 3) towers.push(cellTower(Number(m[3]), Number(m[4]), cells[i]!, cells[i + 1]!, cells[i + 2]!));
  position.network = networkOf(towers);
  setTime(position, timeOf(m[2]!, m[6]!));
  applyStatus(position, Number.parseInt(m[7]!, 16));
  return m[1];
};

/** Link status (LINK): signal, satellites, battery, steps. */
export const decodeLink = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = LINK.exec(sentence);
  if (!m) return undefined;
  Object.assign(position.attributes, { rssi: Number(m[3]), sat: Number(m[4]), batteryLevel: Number(m[5]), steps: Number(m[6]), turnovers: Number(m[7]) });
  setTime(position, timeOf(m[2]!, m[8]!));
  applyStatus(position, Number.parseInt(m[9]!, 16));
  return m[1];
};

/** Multi-cell report (V3): cells as groups of four, battery in hex. */
export const decodeV3 = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = V3.exec(sentence);
  if (!m) return undefined;
  const values = m[6]!.split(',');
  const towers = [];
  for (let i = 0; i < Number(m[5]) && i * 4 + 1 < values.length; i++) towers.push(cellTower(Number(m[3]), Number(m[4]), Number(values[i * 4]), Number(values[i * 4 + 1])));
  position.network = networkOf(towers);
  position.attributes.battery = Number.parseInt(m[7]!, 16);
  setTime(position, timeOf(m[2]!, m[8]!));
  applyStatus(position, Number.parseInt(m[9]!, 16));
  return m[1];
};

/** VP1: cells (`V`) or a location (`A`/`B`). */
export const decodeVp1 = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = VP1.exec(sentence);
  if (!m) return undefined;
  if (m[2] !== undefined) {
    const towers = m[4]!.split('Y').map((cell) => cell.split(',').map(Number)).filter((v) => v.length >= 3);
    position.network = networkOf(towers.map(([lac, cid, rssi]) => cellTower(Number(m[2]), Number(m[3]), lac!, cid!, rssi)));
  } else {
    const latitude = (Number(m[5]) + Number(m[6]) / 60) * (m[7] === 'S' ? -1 : 1);
    const longitude = (Number(m[8]) + Number(m[9]) / 60) * (m[10] === 'W' ? -1 : 1);
    const date = m[13]!;
    setFix(position, { time: utc(Number(date.slice(4)), Number(date.slice(2, 4)), Number(date.slice(0, 2))), latitude, longitude, valid: true, speed: Number(m[11]), course: Number(m[12]) });
  }
  return m[1];
};

/** Heartbeat with battery level (HTBT). */
export const decodeHeartbeat = (position: DecodedPosition, sentence: string): string | undefined => {
  const m = HEARTBEAT.exec(sentence);
  if (!m) return undefined;
  position.attributes.batteryLevel = Number(m[2]);
  return m[1];
};

import type { Position } from '@tracklane/domain';
import { formatLocal } from './report-periods.js';

type Pages = () => AsyncIterable<Position[]>;

const CSV_COLUMNS = ['id', 'deviceId', 'protocol', 'serverTime', 'deviceTime', 'fixTime', 'valid', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'address', 'accuracy'] as const;
const TIME_COLUMNS = new Set(['serverTime', 'deviceTime', 'fixTime']);

/** A cell a spreadsheet would run as a formula is blanked (CSV injection); quotes where RFC 4180 needs them. */
const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) return '';
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * Positions as CSV (reference/traccar-api.md §2.8): the fixed columns, then one column per attribute
 * key seen in the period; times as `YYYY-MM-DD HH:mm:ss` in the user's time zone. The positions are
 * read twice — once for the attribute keys, once for the rows — rather than held in memory.
 */
export async function* positionsCsv(pages: Pages, timeZone: string): AsyncGenerator<string> {
  const keys = new Set<string>();
  for await (const page of pages()) for (const position of page) for (const key of Object.keys(position.attributes)) keys.add(key);
  const attributeKeys = [...keys];
  yield `${[...CSV_COLUMNS, ...attributeKeys].join(',')}\r\n`;
  for await (const page of pages()) {
    let chunk = '';
    for (const position of page) {
      const fixed = CSV_COLUMNS.map((column) => {
        const value = position[column];
        return TIME_COLUMNS.has(column) && typeof value === 'string' ? formatLocal(Date.parse(value), timeZone) : csvCell(value);
      });
      chunk += `${[...fixed, ...attributeKeys.map((key) => csvCell(position.attributes[key]))].join(',')}\r\n`;
    }
    yield chunk;
  }
}

const xml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Positions as a GPX 1.1 track. */
export async function* positionsGpx(pages: Pages, deviceName: string): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Tracklane" xmlns="http://www.topografix.com/GPX/1/1">\n<trk>\n<name>${xml(deviceName)}</name>\n<trkseg>\n`;
  for await (const page of pages()) {
    yield page
      .map((p) => `<trkpt lat="${p.latitude}" lon="${p.longitude}"><ele>${p.altitude}</ele><time>${new Date(Date.parse(p.fixTime!)).toISOString()}</time></trkpt>\n`)
      .join('');
  }
  yield '</trkseg>\n</trk>\n</gpx>\n';
}

/** Positions as a KML line string (longitude, latitude, altitude). */
export async function* positionsKml(pages: Pages, deviceName: string, period: string): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n<name>${xml(deviceName)}</name>\n<Placemark>\n<name>${xml(period)}</name>\n<LineString>\n<extrude>1</extrude>\n<tessellate>1</tessellate>\n<altitudeMode>absolute</altitudeMode>\n<coordinates>`;
  for await (const page of pages()) yield page.map((p) => `${p.longitude},${p.latitude},${p.altitude} `).join('');
  yield '</coordinates>\n</LineString>\n</Placemark>\n</Document>\n</kml>\n';
}

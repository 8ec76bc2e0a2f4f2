import ExcelJS from 'exceljs';
import type { StopReportItem, SummaryReportItem, TripReportItem } from '@tracklane/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metresEast } from '../helpers/processing-fixtures.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { bootstrapAdmin, createUser, startTestServer, testDatabases, type Client, type TestServer } from '../helpers/test-server.js';

const SPREADSHEET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The journey starts 15 minutes before midnight in India (18:30 UTC). */
const START = Date.parse('2025-03-10T18:15:00Z');
const minute = (n: number) => new Date(START + n * 60_000).toISOString();
const minuteOf = (iso: string) => (Date.parse(iso) - START) / 60_000;
const range = (from: number, to: number) => `from=${encodeURIComponent(minute(from))}&to=${encodeURIComponent(minute(to))}`;
const DAY = range(-60, 120);
const WEEK = range(-3 * 1440, 3 * 1440);

/** Metres east of the van, one fix a minute: still until 00:09, 600 m a minute to 00:19, still to 00:30 (reference §5.3's illustration). */
const vanMetres = (n: number) => Math.min(Math.max(n - 9, 0), 10) * 600;

const workbookOf = async (body: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
};

/** The first attachment of a MIME message, decoded. */
const attachmentOf = (raw: string): Buffer => {
  const part = raw.split(/\r?\n--/).find((section) => section.includes(SPREADSHEET))!;
  const body = part.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
};

describe.each(testDatabases())('reports on $name', (database) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Client;
  let owner: Client;
  let stranger: Client;
  let van: number;
  let truck: number;
  let other: number;
  let fleet: number;

  const send = async (uniqueId: string, n: number, metres: number, speed: number, extra = '') => {
    const query = `id=${uniqueId}&lat=0&lon=${10 + metresEast(metres)}&timestamp=${encodeURIComponent(minute(n))}&speed=${speed}${extra}`;
    const response = await server.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: query });
    expect(response.statusCode).toBe(200);
  };
  const get = (client: Client, url: string, accept = 'application/json') => server.app.inject({ method: 'GET', url, headers: { cookie: client.cookie, accept } });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(database, {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'reports@example.com', REPORT_MAX_POSITIONS: '25', REPORT_PERIOD_LIMIT: String(8 * 86_400),
    });
    admin = await bootstrapAdmin(server.app);
    owner = await createUser(admin, server.app, { email: 'owner@example.com', attributes: { timezone: 'Asia/Kolkata', distanceUnit: 'mi', speedUnit: 'kmh' } });
    stranger = await createUser(admin, server.app, { email: 'stranger@example.com' });
    fleet = (await owner.post('/api/groups', { name: 'Fleet' })).json().id;
    const north = (await owner.post('/api/groups', { name: 'North', groupId: fleet })).json().id;
    van = (await owner.post('/api/devices', { name: 'Van', uniqueId: 'rep-van' })).json().id;
    truck = (await owner.post('/api/devices', { name: 'Truck', uniqueId: 'rep-truck', groupId: north })).json().id;
    other = (await stranger.post('/api/devices', { name: 'Other', uniqueId: 'rep-other' })).json().id;
    await owner.post('/api/drivers', { name: 'Asha', uniqueId: 'D-7' });
    for (let n = 0; n <= 30; n++) await send('rep-van', n, vanMetres(n), n >= 10 && n <= 19 ? 19.4 : 0, n === 9 ? '&driverUniqueId=D-7' : '');
    for (let n = 0; n <= 4; n++) await send('rep-truck', n, n * 100, 10);
    for (let n = 0; n <= 4; n++) await send('rep-other', n, n * 100, 10);

    const secret = (await admin.post('/api/geofences', { name: 'Secret', area: 'CIRCLE (0 10, 500)' })).json().id;
    const depot = (await owner.post('/api/geofences', { name: 'Depot', area: 'CIRCLE (0 10, 500)' })).json().id;
    const event = (type: string, n: number, fields: Record<string, unknown> = {}) => server.ctx.repos.events.insert({ type, deviceId: van, eventTime: minute(n), ...fields });
    await event('alarm', 1, { attributes: { alarm: 'sos' } });
    await event('alarm', 2, { attributes: { alarm: 'powerCut' } });
    await event('geofenceExit', 3, { geofenceId: secret });
    await event('geofenceExit', 4, { geofenceId: depot });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  describe('JSON', () => {
    it('route: positions ascending by fix time, capped per device at REPORT_MAX_POSITIONS', async () => {
      const response = await get(owner, `/api/reports/route?deviceId=${van}&${DAY}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const positions = response.json() as { deviceId: number; fixTime: string; attributes: Record<string, unknown> }[];
      expect(positions.map((p) => minuteOf(p.fixTime))).toEqual(Array.from({ length: 25 }, (_, n) => n));
      expect(positions[0]).toMatchObject({ deviceId: van, attributes: { motion: false } });
      // written straight from the stored rows, the same as the history the positions API answers
      expect(positions).toEqual((await get(owner, `/api/positions?deviceId=${van}&${DAY}`)).json());
      expect((await get(owner, `/api/reports/route?deviceId=${van}&${range(100, 120)}`)).json()).toEqual([]);
    });

    it('trips (distance/time method): one trip 00:09 → 00:23 with distance, speeds, driver and positions', async () => {
      const trips = (await get(owner, `/api/reports/trips?deviceId=${van}&${DAY}`)).json() as TripReportItem[];
      expect(trips).toHaveLength(1);
      const [trip] = trips;
      expect([minuteOf(trip!.startTime), minuteOf(trip!.endTime), trip!.duration]).toEqual([9, 23, 840_000]);
      expect(trip).toMatchObject({ deviceId: van, deviceName: 'Van', maxSpeed: 19.4, driverUniqueId: 'D-7', driverName: 'Asha', startLat: 0, spentFuel: 0 });
      expect(trip!.distance).toBeCloseTo(6000, 3);
      expect(trip!.averageSpeed).toBeCloseTo((6000 / 840) * (3600 / 1852), 3);
      expect(trip!.endOdometer - trip!.startOdometer).toBeCloseTo(6000, 3);
    });

    it('stops: 00:00–00:09 and 00:23–00:30', async () => {
      const stops = (await get(owner, `/api/reports/stops?deviceId=${van}&${DAY}`)).json() as { startTime: string; endTime: string; duration: number }[];
      expect(stops.map((s) => [minuteOf(s.startTime), minuteOf(s.endTime), s.duration])).toEqual([[0, 9, 540_000], [23, 30, 420_000]]);
    });

    it('switches to the motion-flag method with the device attribute report.trip.newLogic=false', async () => {
      const device = (await owner.get(`/api/devices/${van}`)).json();
      expect((await owner.put(`/api/devices/${van}`, { ...device, attributes: { 'report.trip.newLogic': 'false', 'report.trip.minimalParkingDuration': '120' } })).statusCode).toBe(200);
      const trips = (await get(owner, `/api/reports/trips?deviceId=${van}&${DAY}`)).json() as { startTime: string; endTime: string }[];
      await owner.put(`/api/devices/${van}`, device);
      // first moving fix 00:10, first still one 00:20 (confirmed two minutes later)
      expect(trips.map((t) => [minuteOf(t.startTime), minuteOf(t.endTime)])).toEqual([[10, 20]]);
    });

    it('summary: one item per device; daily=true cuts at midnight of the user time zone', async () => {
      const summary = (await get(owner, `/api/reports/summary?deviceId=${van}&${DAY}`)).json() as SummaryReportItem[];
      expect(summary).toHaveLength(1);
      expect(summary[0]).toMatchObject({ deviceName: 'Van', maxSpeed: 19.4, engineHours: 0, averageSpeed: 0 });
      expect(summary[0]!.distance).toBeCloseTo(6000, 3);
      const daily = (await get(owner, `/api/reports/summary?deviceId=${van}&${DAY}&daily=true`)).json() as SummaryReportItem[];
      // 00:15 is midnight in Kolkata: the fix at that minute counts in both days
      expect(daily.map((d) => [minuteOf(d.startTime), minuteOf(d.endTime)])).toEqual([[0, 15], [15, 30]]);
      expect(daily[0]!.distance + daily[1]!.distance).toBeCloseTo(6000, 3);
    });

    it('periods over a day use the stored motion events and end positions (maxSpeed 0)', async () => {
      const trips = (await get(owner, `/api/reports/trips?deviceId=${van}&${WEEK}`)).json() as TripReportItem[];
      expect(trips.map((t) => [minuteOf(t.startTime), minuteOf(t.endTime), t.maxSpeed])).toEqual([[9, 23, 0]]);
      const stops = (await get(owner, `/api/reports/stops?deviceId=${van}&${WEEK}`)).json() as StopReportItem[];
      expect(stops.map((s) => [minuteOf(s.startTime), minuteOf(s.endTime)])).toEqual([[0, 9], [23, 30]]);
      const [summary] = (await get(owner, `/api/reports/summary?deviceId=${van}&${WEEK}`)).json() as SummaryReportItem[];
      expect(summary).toMatchObject({ maxSpeed: 0 });
      expect(summary!.distance).toBeCloseTo(6000, 3);
    });

    it('events: all types by default, type and alarm filters, never a geofence the user cannot see', async () => {
      const types = (query: string) => get(owner, `/api/reports/events?deviceId=${van}&${DAY}${query}`).then((r) => (r.json() as { type: string; eventTime: string }[]).map((e) => `${e.type}@${minuteOf(e.eventTime)}`));
      // stored by hand: two alarms and a geofence exit per geofence; by the pipeline: driver change and motion
      expect(await types('')).toEqual(['alarm@1', 'alarm@2', 'geofenceExit@4', 'driverChanged@9', 'deviceMoving@9', 'deviceStopped@23']);
      expect(await types('&type=allEvents')).toEqual(await types(''));
      expect(await types('&type=deviceMoving&type=deviceStopped')).toEqual(['deviceMoving@9', 'deviceStopped@23']);
      expect(await types('&type=alarm&alarm=sos')).toEqual(['alarm@1']);
      const adminView = (await get(admin, `/api/reports/events?${DAY}`)).json();
      expect(adminView).toEqual([]);
    });

    it('events: never a maintenance the user cannot see; events without a maintenance stay', async () => {
      const hidden = (await admin.post('/api/maintenance', { name: 'Audit', type: 'totalDistance', start: 0, period: 1000 })).json().id;
      const own = (await owner.post('/api/maintenance', { name: 'Oil', type: 'totalDistance', start: 0, period: 1000 })).json().id;
      // an hour after the journey, apart from the events the other tests count
      const event = (type: string, n: number, maintenanceId = 0) => server.ctx.repos.events.insert({ type, deviceId: van, eventTime: minute(n), maintenanceId });
      await event('maintenance', 91, hidden);
      await event('maintenance', 92, own);
      await event('deviceOverspeed', 93);
      const events = (await get(owner, `/api/reports/events?deviceId=${van}&${range(90, 95)}`)).json() as { type: string; eventTime: string; maintenanceId: number }[];
      expect(events.map((e) => [e.type, minuteOf(e.eventTime), e.maintenanceId])).toEqual([['maintenance', 92, own], ['deviceOverspeed', 93, 0]]);
      const maintenanceOnly = (await get(owner, `/api/reports/events?deviceId=${van}&${range(90, 95)}&type=maintenance`)).json() as { maintenanceId: number }[];
      expect(maintenanceOnly.map((e) => e.maintenanceId)).toEqual([own]);
    });
  });

  describe('devices and access', () => {
    const devicesIn = async (client: Client, query: string) => {
      const items = (await get(client, `/api/reports/summary?${DAY}${query}`)).json() as { deviceName: string }[];
      return items.map((item) => item.deviceName).sort();
    };

    it('no deviceId or groupId: every accessible device; groups include their sub-groups', async () => {
      expect(await devicesIn(owner, '')).toEqual(['Truck', 'Van']);
      expect(await devicesIn(owner, `&groupId=${fleet}`)).toEqual(['Truck']);
      expect(await devicesIn(owner, `&groupId=${fleet}&deviceId=${van}`)).toEqual(['Truck', 'Van']);
    });

    it("drops devices the caller cannot access: another user's device gives nothing", async () => {
      expect(await devicesIn(stranger, `&deviceId=${van}`)).toEqual([]);
      expect(await devicesIn(stranger, `&deviceId=${van}&deviceId=${other}`)).toEqual(['Other']);
      expect(await devicesIn(owner, `&deviceId=${other}`)).toEqual([]);
      expect((await get(stranger, `/api/reports/route?deviceId=${van}&${DAY}`)).json()).toEqual([]);
      expect((await get(stranger, `/api/reports/trips?deviceId=${van}&${DAY}`)).json()).toEqual([]);
    });

    it('refuses users with reports disabled', async () => {
      const blocked = await createUser(admin, server.app, { email: 'noreports@example.com', disableReports: true });
      expect((await get(blocked, `/api/reports/trips?${DAY}`)).statusCode).toBe(403);
      expect((await get(blocked, `/api/positions/csv?deviceId=${van}&${DAY}`)).statusCode).toBe(403);
    });

    it('refuses anonymous callers', async () => {
      expect((await server.app.inject({ method: 'GET', url: `/api/reports/trips?${DAY}` })).statusCode).toBe(401);
    });
  });

  describe('bad requests', () => {
    it('answers 400 with a short message for inverted, malformed and missing dates', async () => {
      const inverted = await get(owner, `/api/reports/trips?deviceId=${van}&from=${encodeURIComponent(minute(10))}&to=${encodeURIComponent(minute(0))}`);
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json().message).toBe('from must not be after to');
      const malformed = await get(owner, `/api/reports/route?deviceId=${van}&from=yesterday&to=${encodeURIComponent(minute(0))}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^from must be an ISO date-time/);
      expect((await get(owner, `/api/reports/stops?from=2025-03-10T18:00:00&to=${encodeURIComponent(minute(0))}`)).statusCode).toBe(400);
      expect((await get(owner, `/api/reports/summary?to=${encodeURIComponent(minute(0))}`)).statusCode).toBe(400);
      expect((await get(owner, `/api/reports/events?deviceId=abc&${DAY}`)).statusCode).toBe(400);
    });

    it('refuses periods over REPORT_PERIOD_LIMIT, except for the route', async () => {
      const long = range(0, 9 * 1440);
      expect((await get(owner, `/api/reports/trips?${long}`)).statusCode).toBe(400);
      expect((await get(owner, `/api/reports/route?deviceId=${van}&${long}`)).statusCode).toBe(200);
    });
  });

  describe('spreadsheets', () => {
    it("Accept: xlsx gives a workbook in the user's units and time zone", async () => {
      const response = await get(owner, `/api/reports/trips?deviceId=${van}&${DAY}`, SPREADSHEET);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(SPREADSHEET);
      expect(response.headers['content-disposition']).toBe('attachment; filename=report.xlsx');
      const sheet = await workbookOf(response.rawPayload);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(['Device', 'Start time', 'Start odometer (mi)', 'Start address', 'End time', 'End odometer (mi)', 'End address', 'Distance (mi)', 'Average speed (km/h)', 'Maximum speed (km/h)', 'Duration', 'Spent fuel (l)', 'Driver']);
      expect(sheet.rowCount).toBe(2);
      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe('Van');
      // 18:24 UTC is 23:54 in Kolkata; the cell holds that wall-clock time
      expect((row.getCell(2).value as Date).toISOString()).toBe('2025-03-10T23:54:00.000Z');
      expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(row.getCell(8).value as number).toBeCloseTo(6000 * 0.000621371, 6);
      expect(row.getCell(10).value as number).toBeCloseTo(19.4 * 1.852, 6);
      // a duration cell: 840 s after Excel's day zero, shown as [h]:mm:ss
      expect((row.getCell(11).value as Date).getTime() - Date.UTC(1899, 11, 30)).toBe(840_000);
      expect(row.getCell(11).numFmt).toBe('[h]:mm:ss');
      expect(row.getCell(13).value).toBe('Asha');
    });

    it('the /xlsx path form works without the Accept header, for the route and events too', async () => {
      const route = await get(owner, `/api/reports/route/xlsx?deviceId=${van}&${DAY}`, '*/*');
      expect(route.headers['content-type']).toBe(SPREADSHEET);
      const routeSheet = await workbookOf(route.rawPayload);
      expect(routeSheet.rowCount).toBe(26);
      expect(routeSheet.getRow(1).getCell(7).value).toBe('Speed (km/h)');
      const events = await workbookOf((await get(owner, `/api/reports/events/xlsx?deviceId=${van}&${DAY}`, '*/*')).rawPayload);
      const exit = events.getRow(4);
      expect([exit.getCell(1).value, exit.getCell(3).value, exit.getCell(5).value]).toEqual(['Van', 'geofenceExit', 'Depot']);
      expect(events.getRow(2).getCell(4).value).toBe('sos');
    });

    it('mail=true answers 204 at once and e-mails the spreadsheet to the user', async () => {
      const before = smtp.received.length;
      const response = await get(owner, `/api/reports/summary?deviceId=${van}&${DAY}&mail=true`, SPREADSHEET);
      expect(response.statusCode).toBe(204);
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 1);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual(['owner@example.com']);
      expect(mail.raw).toContain('report.xlsx');
      const sheet = await workbookOf(attachmentOf(mail.raw));
      expect(sheet.getRow(1).getCell(4).value).toBe('Distance (mi)');
      expect(sheet.getRow(2).getCell(1).value).toBe('Van');
    });

    it('the /mail path form mails too', async () => {
      const before = smtp.received.length;
      expect((await get(owner, `/api/reports/stops/mail?deviceId=${van}&${DAY}`, '*/*')).statusCode).toBe(204);
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(before + 1);
      const sheet = await workbookOf(attachmentOf(smtp.received.at(-1)!.raw));
      expect(sheet.rowCount).toBe(3);
    });
  });

  describe('position exports', () => {
    it('csv: fixed columns, one column per attribute, times in the user time zone', async () => {
      const response = await get(owner, `/api/positions/csv?deviceId=${van}&${range(0, 2)}`, '*/*');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename=positions.csv');
      const [header, first, ...rest] = response.body.trim().split('\r\n');
      expect(header!.startsWith('id,deviceId,protocol,serverTime,deviceTime,fixTime,valid,latitude,longitude,altitude,speed,course,address,accuracy,')).toBe(true);
      expect(header).toContain('totalDistance');
      expect(rest).toHaveLength(2);
      expect(first!.split(',')[5]).toBe('2025-03-10 23:45:00');
    });

    it('gpx and kml: the track of the period', async () => {
      const gpx = await get(owner, `/api/positions/gpx?deviceId=${van}&${range(0, 4)}`, '*/*');
      expect(gpx.headers['content-type']).toMatch(/^application\/gpx\+xml/);
      expect(gpx.body.match(/<trkpt /g)).toHaveLength(5);
      expect(gpx.body).toContain('<time>2025-03-10T18:15:00.000Z</time>');
      const kml = await get(owner, `/api/positions/kml?deviceId=${van}&${range(0, 4)}`, '*/*');
      expect(kml.headers['content-type']).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
      expect(/<coordinates>([^<]*)<\/coordinates>/.exec(kml.body)![1]!.trim().split(' ')).toHaveLength(5);
    });

    it("refuses another user's device; has no KMZ form", async () => {
      expect((await get(stranger, `/api/positions/gpx?deviceId=${van}&${DAY}`)).statusCode).toBe(403);
      expect((await get(owner, `/api/positions/kmz?deviceId=${van}&${DAY}`)).statusCode).toBe(404);
    });
  });

  it('documents the report items in the OpenAPI document', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['TripReportItem', 'StopReportItem', 'SummaryReportItem']));
    expect(document.paths['/api/reports/trips'].get.responses['200'].content['application/json'].schema.items.$ref).toBe('#/components/schemas/TripReportItem');
  });
});

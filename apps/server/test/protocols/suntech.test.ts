import { describe, expect, it } from 'vitest';
import { loadVectors } from '../helpers/protocol-vectors.js';
import { latestPosition, useProtocolApp } from '../helpers/protocol-app.js';
import { testDatabases } from '../helpers/test-server.js';
import { connectTracker, eventually } from '../helpers/tracker-client.js';

// a captured SA200 status report with its asserted values (shared/reference/vectors/suntech.json)
const vector = loadVectors('suntech').find((v) => v.message.startsWith('SA200STT;317652;042;20120718;15:37:12'))!;

describe.each(testDatabases())('Suntech on $name', (database) => {
  const app = useProtocolApp(database, 'suntech', '317652');

  it('stores a report split across two segments, sends nothing back, and serves the position', async () => {
    const tracker = await connectTracker(app.trackers.portOf('suntech'));
    tracker.send(vector.message.slice(0, 30));
    tracker.send(`${vector.message.slice(30)}\r`);
    const position = await eventually(async () => latestPosition(app));
    expect(position).toMatchObject({ protocol: 'suntech', valid: true, fixTime: '2012-07-18T15:37:12.000+00:00' });
    expect(position?.latitude as number).toBeCloseTo(vector.values!.latitude as number, 5);
    expect(position?.longitude as number).toBeCloseTo(vector.values!.longitude as number, 5);
    // Traccar acknowledges no Suntech report
    expect((await tracker.drain(200)).length).toBe(0);
    tracker.close();
  });
});

// an ST300 alert that ends with the HBM fields: hour meter 3188 min, backup battery 4.1 V, live (shared/reference/vectors/suntech.json)
const hbmReport = loadVectors('suntech').find((v) => v.message.startsWith('ST300ALT;007239104;40;313;20190112;01:07:16'))!;

describe.each(testDatabases())("Suntech with the device's suntech.hbm setting on $name", (database) => {
  const app = useProtocolApp(database, 'suntech', '007239104');

  const send = async () => {
    const tracker = await connectTracker(app.trackers.portOf('suntech'));
    tracker.send(`${hbmReport.message}\r`);
    return tracker;
  };
  const storedPositions = async () => ((await app.admin.get(`/api/positions?deviceId=${app.deviceId}&from=2019-01-12T00:00:00Z&to=2019-01-13T00:00:00Z`)).json() as { attributes: Record<string, unknown> }[]).map((position) => position.attributes);

  it('reads the hour meter and backup battery once the device (as in Traccar) says its reports carry them', async () => {
    let tracker = await send();
    await expect.poll(storedPositions, { timeout: 5000 }).toHaveLength(1);
    tracker.close();
    expect((await storedPositions())[0]).not.toHaveProperty('hours');
    const device = (await app.admin.get(`/api/devices/${app.deviceId}`)).json() as Record<string, unknown>;
    expect((await app.admin.put(`/api/devices/${app.deviceId}`, { ...device, attributes: { 'suntech.hbm': 1 } })).statusCode).toBe(200);
    // the tracker's next connection decodes under the new setting
    tracker = await send();
    await expect.poll(storedPositions, { timeout: 5000 }).toHaveLength(2);
    tracker.close();
    const attributes = (await storedPositions())[1]!;
    expect(attributes.hours).toBe(hbmReport.values!.hours);
    expect(attributes.hours).toBe(3188 * 60_000);
    expect(attributes.battery).toBe(4.1);
  });
});

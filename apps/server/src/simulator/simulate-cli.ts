/**
 * `npm run simulate -- --protocol gt06 --devices 100 --rate 1` (or teltonika, osmand): drives simulated vehicles through a
 * device protocol against a running Tracklane. With --email and --password the missing devices are
 * registered first through the API; otherwise they must exist (or the server registers unknown ones).
 */
import { parseArgs } from 'node:util';
import { startFleetSimulation, type FixSender } from './fleet-simulation.js';
import { createGt06Sender } from './gt06-sender.js';
import { sendOsmAnd } from './osmand-sender.js';
import { createTeltonikaSender } from './teltonika-sender.js';

const { values } = parseArgs({
  options: {
    protocol: { type: 'string', default: 'osmand' },
    devices: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1' },
    server: { type: 'string', default: 'http://127.0.0.1:8082' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    prefix: { type: 'string', default: 'sim-' },
    latitude: { type: 'string', default: '28.6315' },
    longitude: { type: 'string', default: '77.2167' },
  },
});

const SENDERS: Record<string, { defaultPort: number; numericIds: boolean; sender: (host: string, port: number) => FixSender }> = {
  osmand: { defaultPort: 5055, numericIds: false, sender: (host, port) => (uniqueId, fix, time) => sendOsmAnd(`http://${host}:${port}`, uniqueId, fix, time) },
  gt06: { defaultPort: 5023, numericIds: true, sender: (host, port) => createGt06Sender(host, port).send },
  teltonika: { defaultPort: 5027, numericIds: true, sender: (host, port) => createTeltonikaSender(host, port).send },
};

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const protocol = SENDERS[values.protocol] ?? fail(`Unknown protocol ${values.protocol}; choose one of ${Object.keys(SENDERS).join(', ')}`);
const count = Number(values.devices);
const rate = Number(values.rate);
if (!Number.isInteger(count) || count < 1) fail('--devices must be a positive whole number');
if (!(rate > 0)) fail('--rate must be a positive number of reports per device per second');

const devices = Array.from({ length: count }, (_, index) => ({
  // GT06 and Teltonika trackers identify by a 15-digit IMEI
  uniqueId: protocol.numericIds ? String(860_000_000_000_000 + index + 1) : `${values.prefix}${String(index + 1).padStart(5, '0')}`,
  origin: { latitude: Number(values.latitude) + ((index % 10) - 5) * 0.01, longitude: Number(values.longitude) + (Math.floor(index / 10) % 10 - 5) * 0.012 },
}));

const registerDevices = async (email: string, password: string) => {
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`, 'Content-Type': 'application/json' };
  const existing = (await (await fetch(`${values.server}/api/devices`, { headers })).json()) as { uniqueId: string }[];
  const known = new Set(existing.map((device) => device.uniqueId));
  for (const device of devices.filter((item) => !known.has(item.uniqueId))) {
    const response = await fetch(`${values.server}/api/devices`, { method: 'POST', headers, body: JSON.stringify({ name: `Simulated ${device.uniqueId}`, uniqueId: device.uniqueId }) });
    if (!response.ok) fail(`Could not register ${device.uniqueId}: ${response.status} ${await response.text()}`);
  }
};

if (values.email && values.password) await registerDevices(values.email, values.password);
let sent = 0;
let failed = 0;
const send = protocol.sender(values.host, Number(values.port ?? protocol.defaultPort));
const simulation = startFleetSimulation({
  devices,
  rate,
  send: async (...args) => {
    await send(...args);
    sent++;
  },
  onError: () => failed++,
});
const report = setInterval(() => process.stdout.write(`${new Date().toISOString()} sent ${sent}, failed ${failed}\n`), 10_000);
process.on('SIGINT', () => {
  simulation.stop();
  clearInterval(report);
  process.stdout.write(`stopped: sent ${sent}, failed ${failed}\n`);
  process.exit(0);
});
process.stdout.write(`simulating ${count} ${values.protocol} devices at ${rate}/s each; Ctrl-C stops\n`);

/**
 * `npm run simulate -- --protocol gt06 --devices 100 --rate 1` (or any other device protocol the
 * server speaks): drives simulated vehicles through it against a running Tracklane, over TCP or,
 * with `--transport udp`, UDP where the protocol's trackers use it. With --email
 * and --password the missing devices are registered first through the API; otherwise they must
 * exist (or the server registers unknown ones).
 */
import { parseArgs } from 'node:util';
import { PROTOCOL_DEFAULT_PORTS } from '../protocols/protocol-ports.js';
import { startFleetSimulation, type FixSender } from './fleet-simulation.js';
import { sendOsmAnd } from './osmand-sender.js';
import { SIMULATED_PROTOCOLS } from './simulated-protocols.js';
import { createTrackerSender } from './tracker-sender.js';
import { createUdpTrackerSender } from './udp-tracker-sender.js';

const { values } = parseArgs({
  options: {
    protocol: { type: 'string', default: 'osmand' },
    transport: { type: 'string', default: 'tcp' },
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

interface Sender {
  defaultPort: number;
  identifier(index: number): string;
  sender(host: string, port: number): FixSender;
  udpSender?(host: string, port: number): FixSender;
}

const osmand: Sender = {
  defaultPort: PROTOCOL_DEFAULT_PORTS.osmand,
  identifier: (index) => `${values.prefix}${String(index + 1).padStart(5, '0')}`,
  sender: (host, port) => (uniqueId, fix, time) => sendOsmAnd(`http://${host}:${port}`, uniqueId, fix, time),
};

const SENDERS = new Map<string, Sender>([
  ['osmand', osmand],
  ...[...SIMULATED_PROTOCOLS.values()].map((protocol): [string, Sender] => [
    protocol.name,
    {
      defaultPort: PROTOCOL_DEFAULT_PORTS[protocol.name],
      identifier: protocol.identifier,
      sender: (host, port) => createTrackerSender(host, port, protocol).send,
      ...(protocol.udpLocation && { udpSender: (host: string, port: number) => createUdpTrackerSender(host, port, protocol).send }),
    },
  ]),
]);

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const protocol = SENDERS.get(values.protocol) ?? fail(`Unknown protocol ${values.protocol}; choose one of ${[...SENDERS.keys()].join(', ')}`);
if (values.transport !== 'tcp' && values.transport !== 'udp') fail('--transport must be tcp or udp');
const overUdp = values.transport === 'udp';
if (overUdp && !protocol.udpSender) {
  fail(`${values.protocol} trackers do not report over UDP; these do: ${[...SENDERS].filter(([, sender]) => sender.udpSender).map(([name]) => name).join(', ')}`);
}
const count = Number(values.devices);
const rate = Number(values.rate);
if (!Number.isInteger(count) || count < 1) fail('--devices must be a positive whole number');
if (!(rate > 0)) fail('--rate must be a positive number of reports per device per second');

const devices = Array.from({ length: count }, (_, index) => ({
  uniqueId: protocol.identifier(index),
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
const send = (overUdp ? protocol.udpSender! : protocol.sender)(values.host, Number(values.port ?? protocol.defaultPort));
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
process.stdout.write(`simulating ${count} ${values.protocol} devices${overUdp ? ' over UDP' : ''} at ${rate}/s each; Ctrl-C stops\n`);

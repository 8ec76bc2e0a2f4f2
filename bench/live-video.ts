/**
 * Live video benchmark: what a camera's stream costs the server. BENCH_CAMERAS cameras (50) each
 * stream BENCH_SECONDS (20) of H.264 at 25 pictures a second, a key frame each second, pictures of
 * BENCH_PICTURE_BYTES (4,000: about 800 kbit/s, a dash camera's sub-stream) in JT1078 packets of
 * at most 950 bytes, interleaved as the cameras' connections deliver them. The built server's
 * JT1078 framer and decoder take them, and its live streams join, mux and segment them, in this
 * process and without sockets (the kernel's share is the tracker benchmarks' concern). Prints the
 * CPU time per picture and per megabyte, and the bytes of the segments each stream keeps, and
 * appends them to BENCHMARKS.md. Needs `npm run build`.
 */
import { addBenchmarkRow } from './benchmarks-file.js';
import { machine, today } from './bench-server.js';
import { jt1078Protocol } from '../apps/server/dist/protocols/jt1078/jt1078.protocol.js';
import { createLiveVideoStreams } from '../apps/server/dist/video/live-video-streams.js';
import { FrameBuffer } from '../apps/server/dist/protocols/transport/frame-buffer.js';
import { pictureBytes, picturePackets } from '../apps/server/test/helpers/jt1078-camera.js';

const CAMERAS = Number(process.env.BENCH_CAMERAS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PICTURE_BYTES = Number(process.env.BENCH_PICTURE_BYTES ?? 4_000);
const FPS = 25;

const sims = Array.from({ length: CAMERAS }, (_, index) => `0139${String(10_000_000 + index).slice(-8)}`);
const clock = { now: Date.now() };
const streams = createLiveVideoStreams(() => clock.now);
const connections = sims.map((sim) => ({
  sim,
  uniqueId: sim.replace(/^0+/, ''),
  buffer: new FrameBuffer(jt1078Protocol.createFramer(), jt1078Protocol.maxFrameLength),
  state: jt1078Protocol.createState(),
}));

// the cameras' bytes, made before the clock starts: one second of each, sent again with new times
const secondOf = (sim: string, second: number): Buffer[] =>
  Array.from({ length: FPS }, (_, frame) => Buffer.concat(picturePackets(sim, 1, frame === 0, second * 1000 + frame * 40, pictureBytes(frame === 0, PICTURE_BYTES, frame))));
const seconds = Array.from({ length: SECONDS }, (_, second) => connections.map((connection) => secondOf(connection.sim, second)));

const cpuBefore = process.cpuUsage();
const started = performance.now();
let pictures = 0;
let bytes = 0;
for (const [second, reads] of seconds.entries()) {
  clock.now += 1000;
  for (let frame = 0; frame < FPS; frame++) {
    for (const [index, connection] of connections.entries()) {
      const read = reads[index]![frame]!;
      bytes += read.length;
      pictures++;
      for (const packet of connection.buffer.push(read)) {
        jt1078Protocol.decode(packet, { uniqueId: connection.uniqueId, model: undefined, transport: 'tcp', state: connection.state, now: () => clock.now, writeVideo: streams.write });
      }
    }
  }
  if (second === SECONDS - 1 && !streams.playlist(connections[0]!.uniqueId, 1)) throw new Error('no playlist: the streams did not segment');
}
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMicros = cpu.user + cpu.system;
// what the playlists list: the bytes a stream keeps (the segment being filled comes on top, at most one more)
let heldBytes = 0;
for (const { uniqueId } of connections) for (let index = 0; index < SECONDS; index++) heldBytes += streams.segment(uniqueId, 1, index)?.length ?? 0;
const heldMiB = heldBytes / 2 ** 20;
const megabytes = bytes / 2 ** 20;

const row = `| ${today()} | ${machine()} | ${CAMERAS} cameras × ${SECONDS} s at ${FPS} pictures/s of ${PICTURE_BYTES.toLocaleString('en')} bytes (${((PICTURE_BYTES * FPS * 8) / 1000).toFixed(0)} kbit/s each) | ${(cpuMicros / pictures).toFixed(1)} µs of CPU a picture, ${(cpuMicros / 1000 / megabytes).toFixed(1)} ms a MB (${megabytes.toFixed(0)} MB in ${(elapsed / 1000).toFixed(2)} s) | ${(heldMiB / CAMERAS).toFixed(2)} MiB of segments held a stream (the five listed) |`;
console.log(row);
addBenchmarkRow('## Live video', row, 'JT1078 pictures through the built server\'s framer, decoder, muxer and segments, in one process without sockets (`npm run bench:live-video`). No target: what a camera costs.\n\n| Date | Machine | Scenario | CPU | Memory |\n|---|---|---|---|---|');

// `npm start`: builds once when a build output is missing, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['apps/server/dist/main.js', 'packages/domain/dist/index.js', 'apps/web/dist/index.html'];

if (outputs.some((file) => !fs.existsSync(path.join(root, file)))) {
  console.log('No complete build found: running npm run build first');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server gets its own process group, so a terminal's Ctrl-C reaches it once, through this
// script, instead of twice (directly and forwarded): a second signal makes it stop without grace.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});

// `npm start` also re-sends the terminal's signal to this script, so one Ctrl-C arrives here twice
// within milliseconds: forward one signal per second at most.
let lastForwarded = 0;
const forward = (signal) => {
  if (Date.now() - lastForwarded < 1000) return;
  lastForwarded = Date.now();
  server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
// Should this script die of an unexpected error, do not leave the server running on its own.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

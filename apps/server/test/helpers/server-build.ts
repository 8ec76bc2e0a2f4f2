import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');
const BUILD_INFO = path.join(root, 'apps/server/dist/.tsbuildinfo');
const SOURCES = [path.join(root, 'apps/server/src'), path.join(root, 'packages/domain/src')];
const LOCK = path.join(os.tmpdir(), 'tracklane-server-build.lock');
const STALE_LOCK_MS = 120_000;
/** Hook timeout for suites that may have to build the server before starting it. */
export const BUILD_AND_START_MS = 60_000;

const newestSource = (dir: string): number => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
};

const isFresh = (): boolean =>
  fs.existsSync(SERVER_ENTRY) && fs.existsSync(BUILD_INFO) && fs.statSync(BUILD_INFO).mtimeMs >= Math.max(...SOURCES.map(newestSource));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Test files run in parallel forks: one builds, the others wait for its lock. */
const acquireLock = async (): Promise<void> => {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      return;
    } catch {
      const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      await sleep(200);
    }
  }
};

const build = () => {
  try {
    execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'apps/server'], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const { stdout } = error as { stdout?: Buffer };
    throw new Error(`building the server failed:\n${stdout?.toString() ?? String(error)}`);
  }
};

/**
 * The scale tests run the built server as real processes. `npm test` builds it (typecheck is
 * `tsc -b`), so this usually returns at once; run alone, a missing or stale build is made once.
 */
export const ensureServerBuilt = async (): Promise<string> => {
  if (isFresh()) return SERVER_ENTRY;
  await acquireLock();
  try {
    if (!isFresh()) build();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
  return SERVER_ENTRY;
};

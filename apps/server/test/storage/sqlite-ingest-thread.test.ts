import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startSqliteIngestThread } from '../../src/storage/sqlite-ingest-thread.js';

const run = promisify(execFile);

describe('the SQLite writer thread when its database cannot be opened', () => {
  it('fails the batch it was given with the reason, and tries afresh for the next one', async () => {
    // the database's folder would have to be created where a file already is
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-thread-'));
    const blocker = path.join(folder, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const thread = startSqliteIngestThread(path.join(blocker, 'database.sqlite'));
    try {
      await expect(thread.write([{ deviceId: 1, received: 0, events: [] }])).rejects.toThrow(/SQLite writer thread failed: .*not-a-folder/);
      await expect(thread.write([{ deviceId: 1, received: 0, events: [] }])).rejects.toThrow(/SQLite writer thread failed: .*not-a-folder/);
    } finally {
      await thread.close();
    }
  });
});

describe('closing the SQLite writer thread', () => {
  it('finishes in a process with nothing else left to do, instead of the process ending before the thread has stopped', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-thread-')), 'database.sqlite');
    const module = new URL('../../src/storage/sqlite-ingest-thread.ts', import.meta.url).href;
    // the batch done, the thread is idle and unreferenced: only close() can keep the process going
    const script = `const { startSqliteIngestThread } = await import(${JSON.stringify(module)});
      const thread = startSqliteIngestThread(${JSON.stringify(file)});
      await thread.write([]);
      await thread.close();
      console.log('closed');`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(stdout.trim()).toBe('closed');
  });
});

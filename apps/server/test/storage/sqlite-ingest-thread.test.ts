import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startSqliteIngestThread } from '../../src/storage/sqlite-ingest-thread.js';

const run = promisify(execFile);

/** Runs a module of its own in a fresh process (a file: an `-e` script can outlive its top-level await). */
const runScript = (folder: string, source: string) => {
  const script = path.join(folder, 'script.mjs');
  fs.writeFileSync(script, source);
  return run(process.execPath, ['--import', 'tsx', script]);
};

describe('the SQLite writer thread when its database cannot be opened', () => {
  it('fails the batch it was given with the reason, and tries afresh for the next one', async () => {
    // the database's folder would have to be created where a file already is
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-thread-'));
    const blocker = path.join(folder, 'not-a-folder');
    fs.writeFileSync(blocker, '');
    const thread = startSqliteIngestThread(path.join(blocker, 'database.sqlite'));
    try {
      await expect(thread.write({ columns: [], positions: [], values: [1, 0, 0, 0, null, 0] })).rejects.toThrow(/SQLite writer thread failed: .*not-a-folder/);
      await expect(thread.write({ columns: [], positions: [], values: [1, 0, 0, 0, null, 0] })).rejects.toThrow(/SQLite writer thread failed: .*not-a-folder/);
    } finally {
      await thread.close();
    }
  });
});

describe('closing the SQLite writer thread', () => {
  it('finishes in a process with nothing else left to do, instead of the process ending before the thread has stopped', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-close-'));
    const module = new URL('../../src/storage/sqlite-ingest-thread.ts', import.meta.url).href;
    // the batch done, the thread is idle and unreferenced: only close() can keep the process going
    const { stdout } = await runScript(folder, `const { startSqliteIngestThread } = await import(${JSON.stringify(module)});
      const thread = startSqliteIngestThread(${JSON.stringify(path.join(folder, 'database.sqlite'))});
      await thread.write({ columns: [], positions: [], values: [] });
      await thread.close();
      console.log('closed');`);
    expect(stdout.trim()).toBe('closed');
  });
});

describe('closing a SQLite file database', () => {
  it('finishes in a process with nothing else left to do: the checkpointer does its last checkpoint before the process ends', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tracklane-close-'));
    const module = new URL('../../src/storage/database.ts', import.meta.url).href;
    // the checkpointer is unreferenced while idle, so only close() can keep the process going; the
    // filler gives its last checkpoint megabytes of log to copy
    const { stdout } = await runScript(folder, `const { openStorage } = await import(${JSON.stringify(module)});
      const storage = openStorage(${JSON.stringify(`sqlite:${path.join(folder, 'database.sqlite')}`)});
      await storage.ingestThread.write({ columns: [], positions: [], values: [] });
      await new Promise((resolve) => setTimeout(resolve, 700));
      storage.sqlite.exec("create table filler (text text); with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000) insert into filler select printf('%0200d', i) from n");
      await storage.close();
      console.log('closed');`);
    expect(stdout.trim()).toBe('closed');
  });
});

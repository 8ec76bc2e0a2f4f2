import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSqliteIngestThread } from '../../src/storage/sqlite-ingest-thread.js';

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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteCheckpointer, type SqliteCheckpointer } from './sqlite-checkpointer.js';
import { openSqliteConnection } from './sqlite-connection.js';

const opened: { db: SqliteDatabase.Database; checkpointer?: SqliteCheckpointer }[] = [];
afterEach(async () => {
  for (const { db, checkpointer } of opened.splice(0)) {
    await checkpointer?.close();
    db.close();
  }
});

/** A WAL database whose own connection never checkpoints, with a table to fill. */
const walDatabase = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-')), 'data.sqlite');
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table rows (id integer primary key, text text not null)');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const entry: (typeof opened)[number] = { db };
  opened.push(entry);
  return { file, db, entry };
};

const fill = (db: SqliteDatabase.Database, count: number) => {
  const insert = db.prepare('insert into rows (text) values (?)');
  db.transaction(() => {
    for (let index = 0; index < count; index++) insert.run(`row ${index} ${'x'.repeat(200)}`);
  })();
};

const waitFor = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('background checkpoints of the embedded database', () => {
  it('copies committed pages into the database file while the writer never checkpoints', async () => {
    const { file, db, entry } = walDatabase();
    const sizeBefore = fs.statSync(file).size;
    fill(db, 5000);
    expect(fs.statSync(file).size).toBe(sizeBefore);
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message), 50);
    expect(await waitFor(() => fs.statSync(file).size > sizeBefore + 500_000)).toBe(true);
    const reader = new SqliteDatabase(file, { readonly: true });
    expect(reader.prepare('select count(*) as count from rows').get()).toEqual({ count: 5000 });
    reader.close();
  });

  it('keeps the write-ahead log bounded under writes that never pause, starting it over', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-')), 'data.sqlite');
    const db = openSqliteConnection(file);
    const entry: (typeof opened)[number] = { db };
    opened.push(entry);
    db.exec('create table rows (id integer primary key, text text not null)');
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message));
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    // 160 MiB in back-to-back transactions, five times the 8,000 pages the writer lets the log reach;
    // a background checkpoint starved of a core can hold the checkpoint lock over a few of the
    // writer's commits (9,200 pages seen on a loaded two-core machine), so the bound allows half as many again
    let written = 0;
    let largestLog = 0;
    while (written < 160 * 1024 * 1024) {
      fill(db, 2000);
      written += 2000 * 210;
      largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(largestLog).toBeGreaterThan(0);
    expect(largestLog).toBeLessThan(12_000 * (pageSize + 24));
    expect(db.prepare('select count(*) as count from rows').get()).toEqual({ count: written / 210 });
  });

  it('lets the write-ahead log start over without the writer checkpointing, once it catches up between two commits', async () => {
    const { file, db, entry } = walDatabase();
    const catchUpPages = 1000;
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message), 100, 1000, catchUpPages);
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    // a steady writer that never checkpoints itself, pausing a moment between commits as a batching writer does
    let largestLog = 0;
    for (let batch = 0; batch < 1500; batch++) {
      fill(db, 200);
      largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // the log reached 2,000-3,000 pages here; checkpointing every 100 ms instead, it never started over (21,700 pages)
    expect(largestLog).toBeLessThan(8 * catchUpPages * (pageSize + 24));
    expect(db.prepare('select count(*) as count from rows').get()).toEqual({ count: 300_000 });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteCheckpointer, type SqliteCheckpointer } from './sqlite-checkpointer.js';
import { openSqliteConnection } from './sqlite-connection.js';

const opened: { db: SqliteDatabase.Database; checkpointer?: SqliteCheckpointer }[] = [];
/** Each test's directory: the log-bound tests leave 160 MiB databases behind otherwise. */
const directories: string[] = [];
afterEach(async () => {
  for (const { db, checkpointer } of opened.splice(0)) {
    await checkpointer?.close();
    db.close();
  }
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

const databaseFile = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
  directories.push(directory);
  return path.join(directory, 'data.sqlite');
};

/** A WAL database whose own connection never checkpoints, with a table to fill. */
const walDatabase = () => {
  const file = databaseFile();
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
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message), { activeMs: 50 });
    expect(await waitFor(() => fs.statSync(file).size > sizeBefore + 500_000)).toBe(true);
    const reader = new SqliteDatabase(file, { readonly: true });
    expect(reader.prepare('select count(*) as count from rows').get()).toEqual({ count: 5000 });
    reader.close();
  });

  it('keeps the write-ahead log bounded under writes that never pause, starting it over', async () => {
    const file = databaseFile();
    const db = openSqliteConnection(file);
    const entry: (typeof opened)[number] = { db };
    opened.push(entry);
    db.exec('create table rows (id integer primary key, text text not null)');
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message));
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    // 160 MiB in back-to-back transactions, five times the 8,000 pages the writer lets the log reach;
    // a background checkpoint starved of a core can hold the checkpoint lock over a few of the
    // writer's commits (9,200 pages seen on a loaded two-core machine, 12,760 with the whole suite
    // running beside it), so the bound is twice the writer's limit: unbounded, the log would reach 40,000
    let written = 0;
    let largestLog = 0;
    while (written < 160 * 1024 * 1024) {
      fill(db, 2000);
      written += 2000 * 210;
      largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(largestLog).toBeGreaterThan(0);
    expect(largestLog).toBeLessThan(16_000 * (pageSize + 24));
    expect(db.prepare('select count(*) as count from rows').get()).toEqual({ count: written / 210 });
  });

  it('lets the write-ahead log start over without the writer checkpointing, once it catches up between two commits', async () => {
    const { file, db, entry } = walDatabase();
    const catchUpPages = 1000;
    // no limit of the writer's to leave the checkpoint lock to: this writer never checkpoints
    entry.checkpointer = startSqliteCheckpointer(file, (message) => expect.fail(message), { catchUpPages, writerPages: Number.POSITIVE_INFINITY });
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    // a steady writer pausing a moment between commits, as a batching writer does
    let largestLog = 0;
    for (let batch = 0; batch < 2000; batch++) {
      fill(db, 200);
      largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    // about 29,000 pages had the log never started over (checkpoints every 100 ms alone never let it);
    // 1,400 here with both cores kept busy by other processes
    expect(largestLog).toBeLessThan(12 * catchUpPages * (pageSize + 24));
    expect(db.prepare('select count(*) as count from rows').get()).toEqual({ count: 400_000 });
  });
});

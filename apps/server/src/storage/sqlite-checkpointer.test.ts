import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSqliteCheckpointer, type SqliteCheckpointer } from './sqlite-checkpointer.js';

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

});

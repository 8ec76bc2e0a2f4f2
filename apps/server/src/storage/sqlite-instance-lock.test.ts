import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from './database.js';
import { instanceLockFile, lockSqliteFile } from './sqlite-instance-lock.js';

const opened: Storage[] = [];
const directories: string[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

const databaseFile = () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-lock-'));
  directories.push(directory);
  return path.join(directory, 'database.sqlite');
};

const open = (file: string): Storage => {
  const storage = openStorage(`sqlite:${file}`);
  opened.push(storage);
  return storage;
};

/** A process of its own that takes the lock, says so, and holds it until it is killed. */
const holdInAnotherProcess = (file: string) =>
  new Promise<ReturnType<typeof spawn>>((resolve, reject) => {
    const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    const script = `const D = require(${JSON.stringify(betterSqlite)}); const l = new D(${JSON.stringify(instanceLockFile(file))}); l.pragma('locking_mode = EXCLUSIVE'); l.exec('BEGIN EXCLUSIVE'); console.log('held'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });

describe('one server per SQLite file', () => {
  it('refuses a second opening of the database while the first has it open, and allows it once closed', async () => {
    const file = databaseFile();
    const first = open(file);
    expect(() => open(file)).toThrow(`${path.resolve(file)} is in use by another Tracklane server: a SQLite database serves one instance (several share a PostgreSQL database)`);
    await first.close();
    opened.splice(opened.indexOf(first), 1);
    const again = open(file);
    expect(await again.db.selectNoFrom((eb) => eb.val(1).as('one')).executeTakeFirst()).toEqual({ one: 1 });
  });

  it('is held against another process, and let go when that process is killed', async () => {
    const file = databaseFile();
    const holder = await holdInAnotherProcess(file);
    expect(() => lockSqliteFile(file)).toThrow('is in use by another Tracklane server');
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await gone;
    const lock = lockSqliteFile(file);
    lock.release();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A SQLite database file in a directory of its own, for one benchmark run; the directory goes when
 * the benchmark's process exits, as a run at tens of thousands of positions a second leaves hundreds
 * of megabytes in it.
 */
export const tempSqliteUrl = (name: string): string => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `tracklane-${name}-`));
  process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  return `sqlite:${path.join(directory, 'bench.sqlite')}`;
};

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

describe('a benchmark run\'s SQLite database', () => {
  it('lives in a directory of its own that goes when the benchmark exits', () => {
    // the benchmark, as a process of its own: it writes into the database's directory and exits
    const script = `import fs from 'node:fs'; import path from 'node:path'; import { tempSqliteUrl } from './bench/temp-sqlite.ts';
      const file = tempSqliteUrl('test').slice('sqlite:'.length);
      fs.writeFileSync(file, 'rows'); fs.writeFileSync(file + '-wal', 'more rows');
      console.log(path.dirname(file), fs.existsSync(file));`;
    const printed = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim();
    const [directory, existedWhileRunning] = printed.split(' ');

    expect(existedWhileRunning).toBe('true');
    expect(path.basename(directory!)).toMatch(/^tracklane-test-/);
    expect(fs.existsSync(directory!)).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, '../BENCHMARKS.md');

/** Where the last dated result row (`| 2026-12-01 | …`) of `body` starts; -1 when it has none. */
const lastDatedRow = (body: string): number => {
  let found = -1;
  for (const match of body.matchAll(/\n\| \d{4}-\d{2}-\d{2} \|/g)) found = match.index;
  return found;
};

/**
 * Adds a result row to BENCHMARKS.md after the last dated row of a section's table, so each
 * benchmark's rows stay in their own table whatever order the sections are in, and not in a
 * session's small table of figures written below it. `section` is a `## ` heading, or null for the
 * table above the first heading. A missing section is created from `intro`.
 */
export const addBenchmarkRow = (section: string | null, row: string, intro = ''): void => {
  let text = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  if (section !== null && !text.includes(`\n${section}\n`)) text = `${text.trimEnd()}\n\n${section}\n\n${intro.trim()}\n`;
  const start = section === null ? 0 : text.indexOf(`\n${section}\n`) + 1;
  const next = text.indexOf('\n## ', start + 1);
  const body = text.slice(start, next < 0 ? text.length : next);
  const dated = lastDatedRow(body);
  const lastRow = (dated >= 0 ? dated : body.lastIndexOf('\n|')) + 1;
  const rowEnd = lastRow === 0 ? -1 : body.indexOf('\n', lastRow);
  const insertAt = start + (rowEnd < 0 ? body.trimEnd().length : rowEnd + 1);
  const before = text.slice(0, insertAt);
  fs.writeFileSync(FILE, `${before}${before.endsWith('\n') ? '' : '\n'}${row}\n${text.slice(insertAt)}`);
};

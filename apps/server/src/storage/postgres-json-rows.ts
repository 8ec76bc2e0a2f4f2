type Row = Record<string, unknown>;

// String methods of ES2024, present in Node 20 but not in this project's ES2022 typings.
type WellFormable = { isWellFormed(): boolean; toWellFormed(): string };

/**
 * A value as the pg driver would send it as a parameter: JSON has no NaN or Infinity (PostgreSQL's
 * float8 takes them as text) and escapes a lone surrogate, which PostgreSQL rejects where the
 * driver's UTF-8 encoding stores U+FFFD.
 */
const asParameter = (value: unknown): unknown => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    const text = value as unknown as WellFormable;
    return text.isWellFormed() ? value : text.toWellFormed();
  }
  return value;
};

/** `row` with its id, ready for JSON.stringify and `json_populate_recordset`. */
export const jsonRow = (id: number, row: Row): Row => {
  const out: Row = { id };
  for (const column in row) out[column] = asParameter(row[column]);
  return out;
};

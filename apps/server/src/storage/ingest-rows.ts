type Row = Record<string, unknown>;

/** Column names of a row, in its key order; every row of one codec has the same keys. */
export const columnsOf = (row: Row): string[] => Object.keys(row);

export const quoted = (column: string): string => `"${column}"`;

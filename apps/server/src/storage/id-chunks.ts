/**
 * Ids per `in (...)` list. Far below the bind-parameter limits of SQLite (32,766) and PostgreSQL
 * (65,535) even when a query repeats the list a few times, and small enough to plan quickly.
 */
export const ID_CHUNK = 500;

/** `items` cut into runs of at most `size`, in order. */
export const chunksOf = <T>(items: readonly T[], size = ID_CHUNK): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

import { createJsonRowCounter } from './json-row-counter';

export interface ReportProgress {
  /** Rows wholly received so far. */
  rows: number;
  /** Bytes of the body received so far. */
  bytes: number;
}

/** How often, at most, progress is reported: often enough to look alive, rarely enough not to slow the read. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Reads a JSON array reply piece by piece, telling how many rows and bytes have arrived, and
 * parses it once complete.
 */
export const readJsonRows = async <T>(response: Response, onProgress: (progress: ReportProgress) => void, now = () => performance.now()): Promise<T[]> => {
  if (!response.body) return (await response.json()) as T[];
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const counter = createJsonRowCounter();
  const parts: string[] = [];
  const progress: ReportProgress = { rows: 0, bytes: 0 };
  let reportedAt = -Infinity;
  for (;;) {
    const { done, value } = await reader.read();
    const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
    parts.push(text);
    progress.bytes += value?.byteLength ?? 0;
    progress.rows = counter.push(text);
    if (done || now() - reportedAt >= PROGRESS_INTERVAL_MS) {
      reportedAt = now();
      onProgress({ ...progress });
    }
    if (done) break;
  }
  return JSON.parse(parts.join('')) as T[];
};

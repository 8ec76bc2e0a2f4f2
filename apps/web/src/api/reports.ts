import { fetchOk } from './http';
import { readJsonRows, type ReportProgress } from './read-json-rows';

export type ReportKind = 'route' | 'events' | 'trips' | 'stops' | 'summary';
export type ReportMode = 'json' | 'xlsx' | 'mail';

export const SPREADSHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportParams {
  deviceIds: number[];
  groupIds: number[];
  from: Date;
  to: Date;
  /** Events report: the event types wanted; none means all. */
  types?: string[];
  /** Summary report: one row per day. */
  daily?: boolean;
}

export type ReportOutcome<T> = { kind: 'rows'; rows: T[] } | { kind: 'downloaded'; fileName: string } | { kind: 'mailed' };

const reportUrl = (kind: ReportKind, params: ReportParams, mode: ReportMode) => {
  const query = new URLSearchParams({ from: params.from.toISOString(), to: params.to.toISOString() });
  params.deviceIds.forEach((id) => query.append('deviceId', String(id)));
  params.groupIds.forEach((id) => query.append('groupId', String(id)));
  (params.types?.length ? params.types : kind === 'events' ? ['allEvents'] : []).forEach((type) => query.append('type', type));
  if (params.daily) query.set('daily', 'true');
  if (mode === 'mail') query.set('mail', 'true');
  return `/api/reports/${kind}?${query}`;
};

const fileNameOf = (response: Response, fallback: string) =>
  /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

const download = async (response: Response, fileName: string) => {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
};

const isJson = (response: Response) => response.headers.get('content-type')?.split(';')[0]?.trim() === 'application/json';

/**
 * Runs a report. A reply typed exactly application/json fills the grid, read as it streams in so
 * `onProgress` can tell the rows received so far; any other reply is saved as a file; mail=true
 * answers 204 once the server has taken the job.
 */
export const runReport = async <T>(kind: ReportKind, params: ReportParams, mode: ReportMode, options: { signal?: AbortSignal; onProgress?: (progress: ReportProgress) => void } = {}): Promise<ReportOutcome<T>> => {
  const response = await fetchOk(reportUrl(kind, params, mode), { signal: options.signal, headers: { Accept: mode === 'json' ? 'application/json' : SPREADSHEET_TYPE } });
  if (response.status === 204) return { kind: 'mailed' };
  if (isJson(response)) return { kind: 'rows', rows: await readJsonRows<T>(response, options.onProgress ?? (() => undefined)) };
  const fileName = fileNameOf(response, `${kind}.xlsx`);
  await download(response, fileName);
  return { kind: 'downloaded', fileName };
};

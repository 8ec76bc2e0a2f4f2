/** Thrown for any non-2xx answer; `status` lets callers tell 401/404 apart. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = async (response: Response): Promise<string> => {
  const text = await response.text();
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text || response.statusText;
  }
};

/** The raw response of a successful call (2xx); anything else becomes an HttpError. */
export const fetchOk = async (path: string, init: RequestInit = {}): Promise<Response> => {
  const response = await fetch(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  if (!response.ok) throw new HttpError(response.status, await messageOf(response));
  return response;
};

/** One HTTP client for the app: JSON in and out, errors as HttpError. */
export const request = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetchOk(path, init);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await response.json() : await response.text()) as T;
};

export const jsonBody = (method: 'POST' | 'PUT' | 'DELETE', body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

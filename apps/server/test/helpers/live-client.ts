import http from 'node:http';
import WebSocket from 'ws';
import type { Device, Event, Position } from '@tracklane/domain';

/** A signed-in browser against a real port: REST calls with the session cookie. */
export interface HttpSession {
  cookie: string;
  user: { id: number; [key: string]: unknown };
  call(method: string, url: string, body?: unknown): Promise<Response>;
  /** A JSON call that must succeed (2xx); returns the parsed body, or undefined for 204. */
  json<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T>;
}

/** The same session used against another instance's address. */
export const sessionOn = (baseUrl: string, cookie: string, user: HttpSession['user']): HttpSession => {
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const json = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await call(method, url, body);
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  return { cookie, user, call, json };
};

export const signIn = async (baseUrl: string, email: string, password: string): Promise<HttpSession> => {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (response.status !== 200) throw new Error(`login ${email} on ${baseUrl}: ${response.status} ${await response.text()}`);
  const cookie = /JSESSIONID=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no session cookie');
  return sessionOn(baseUrl, cookie, (await response.json()) as HttpSession['user']);
};

export interface LiveMessages {
  positions: Position[];
  devices: Device[];
  events: Event[];
}

/** A browser's live socket: collects what arrives so tests can wait for it. */
export interface LiveSocket {
  received: LiveMessages;
  /** Waits until `pick` finds something in what arrived (rejects after the timeout). */
  waitFor<T>(pick: (received: LiveMessages) => T | undefined, timeoutMs?: number): Promise<T>;
  close(): void;
}

export const openLiveSocket = async (baseUrl: string, cookie: string): Promise<LiveSocket> => {
  const received: LiveMessages = { positions: [], devices: [], events: [] };
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/socket`, { headers: { cookie } });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Partial<LiveMessages>;
    received.positions.push(...(message.positions ?? []));
    received.devices.push(...(message.devices ?? []));
    received.events.push(...(message.events ?? []));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = async <T>(pick: (messages: LiveMessages) => T | undefined, timeoutMs = 3000): Promise<T> => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = pick(received);
      if (found !== undefined) return found;
      if (performance.now() > deadline) throw new Error(`socket on ${baseUrl}: not received within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { received, waitFor, close: () => socket.close() };
};

/**
 * One Traccar Client (OsmAnd) report over HTTP on a connection of its own, as phones send them;
 * resolves with the status once the server answered, or 0 when it could not be reached.
 */
export const osmandReport = (port: number, fields: Record<string, string | number>): Promise<number> => {
  const query = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: `/?${query.toString()}`, agent: false }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', () => resolve(0));
  });
};

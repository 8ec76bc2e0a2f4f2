import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { User } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../auth/access-policy.js';
import type { AccessRepository } from '../storage/access.repository.js';
import { createLocalBroadcaster } from './local-broadcaster.js';
import { createSocketHub, KEEPALIVE_MS } from './socket-hub.js';

/** Just enough of a ws socket: the messages the hub sends (fragments joined), and its open/closed state. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: unknown[] = [];
  fragments: string[] = [];
  send(data: string, options: { fin?: boolean } = {}) {
    this.fragments.push(data);
    if (options.fin === false) return;
    this.sent.push(JSON.parse(this.fragments.join('')));
    this.fragments = [];
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
}

const user = { id: 7 } as User;
const policy = { linkedIds: () => undefined } as unknown as AccessPolicy;
const access = { idsOf: async () => [1] } as unknown as AccessRepository;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket keepalive', () => {
  it('is sent every 55 seconds unless told otherwise', () => {
    expect(KEEPALIVE_MS).toBe(55_000);
  });

  it('sends {} to every open socket at each interval, and stops for closed sockets and a closed hub', async () => {
    const hub = createSocketHub(createLocalBroadcaster(), policy, access, { keepaliveMs: 25 });
    const first = new FakeSocket();
    const second = new FakeSocket();
    await hub.add(user, first as unknown as WebSocket, []);
    await hub.add(user, second as unknown as WebSocket, []);
    // the latest positions come first, then keepalives
    expect(first.sent[0]).toEqual({ positions: [] });
    await sleep(140);
    const keepalives = (socket: FakeSocket) => socket.sent.filter((message) => JSON.stringify(message) === '{}').length;
    expect(keepalives(first)).toBeGreaterThanOrEqual(3);
    expect(keepalives(second)).toBeGreaterThanOrEqual(3);

    second.close();
    expect(hub.size()).toBe(1);
    const secondCount = keepalives(second);
    await sleep(80);
    expect(keepalives(second)).toBe(secondCount);
    expect(keepalives(first)).toBeGreaterThan(3);

    hub.close();
    const firstCount = keepalives(first);
    await sleep(80);
    expect(keepalives(first)).toBe(firstCount);
  });

  it('sends nothing before the first interval is over', async () => {
    const hub = createSocketHub(createLocalBroadcaster(), policy, access, { keepaliveMs: 10_000 });
    const socket = new FakeSocket();
    await hub.add(user, socket as unknown as WebSocket, []);
    await sleep(50);
    expect(socket.sent).toEqual([{ positions: [] }]);
    hub.close();
  });
});

describe('access changes', () => {
  it('follows a device added after the socket opened', async () => {
    let linked = [1];
    const growingAccess = { idsOf: async () => linked } as unknown as AccessRepository;
    const broadcaster = createLocalBroadcaster();
    const hub = createSocketHub(broadcaster, policy, growingAccess);
    const socket = new FakeSocket();
    await hub.add(user, socket as unknown as WebSocket, []);
    const position = (deviceId: number) => ({ id: deviceId * 10, deviceId }) as never;

    broadcaster.publish({ kind: 'position', position: position(3) });
    linked = [1, 3];
    broadcaster.publish({ kind: 'device-added' });
    broadcaster.publish({ kind: 'position', position: position(3) });
    await sleep(5);
    expect(socket.sent).toEqual([{ positions: [] }, { positions: [{ id: 30, deviceId: 3 }] }]);
    hub.close();
  });

  it('holds updates while the device sets are read again, so a revoked device is never sent after the change', async () => {
    let linked = [1, 2];
    let release: () => void = () => undefined;
    const slowAccess = { idsOf: async () => {
      const snapshot = linked;
      if (snapshot.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return snapshot;
    } } as unknown as AccessRepository;
    const broadcaster = createLocalBroadcaster();
    const hub = createSocketHub(broadcaster, policy, slowAccess);
    const socket = new FakeSocket();
    await hub.add(user, socket as unknown as WebSocket, []);
    const position = (deviceId: number) => ({ id: deviceId * 10, deviceId }) as never;

    linked = [1];
    broadcaster.publish({ kind: 'access-changed' });
    broadcaster.publish({ kind: 'position', position: position(2) });
    broadcaster.publish({ kind: 'position', position: position(1) });
    await sleep(5);
    expect(socket.sent).toEqual([{ positions: [] }]);

    release();
    await sleep(5);
    expect(socket.sent).toEqual([{ positions: [] }, { positions: [{ id: 10, deviceId: 1 }] }]);
    hub.close();
  });
});

describe('latest positions on connect', () => {
  it('go out as one message, a fragment per page, and live updates arriving meanwhile follow it', async () => {
    let releasePage: () => void = () => undefined;
    const broadcaster = createLocalBroadcaster();
    const hub = createSocketHub(broadcaster, policy, { idsOf: async () => [1, 2] } as unknown as AccessRepository);
    const socket = new FakeSocket();
    async function* pages() {
      yield ['{"id":10,"deviceId":1}'];
      await new Promise<void>((resolve) => (releasePage = resolve));
      yield ['{"id":20,"deviceId":2}'];
    }
    const adding = hub.add(user, socket as unknown as WebSocket, pages());
    await sleep(5);
    // a newer position of device 1 arrives while the second page is still being read
    broadcaster.publish({ kind: 'position', position: { id: 11, deviceId: 1 } as never });
    await sleep(5);
    expect(socket.sent).toEqual([]);
    expect(socket.fragments).toEqual(['{"positions":[{"id":10,"deviceId":1}']);

    releasePage();
    await adding;
    expect(socket.sent).toEqual([{ positions: [{ id: 10, deviceId: 1 }, { id: 20, deviceId: 2 }] }, { positions: [{ id: 11, deviceId: 1 }] }]);
    broadcaster.publish({ kind: 'position', position: { id: 21, deviceId: 2 } as never });
    await sleep(5);
    expect(socket.sent.at(-1)).toEqual({ positions: [{ id: 21, deviceId: 2 }] });
    hub.close();
  });

  it('that fail to load leave the socket out of the hub, with nothing sent after the unfinished message', async () => {
    const broadcaster = createLocalBroadcaster();
    const hub = createSocketHub(broadcaster, policy, access);
    const socket = new FakeSocket();
    async function* failing(): AsyncGenerator<string[]> {
      yield ['{"id":10,"deviceId":1}'];
      throw new Error('database gone');
    }
    await expect(hub.add(user, socket as unknown as WebSocket, failing())).rejects.toThrow('database gone');
    broadcaster.publish({ kind: 'position', position: { id: 11, deviceId: 1 } as never });
    await sleep(5);
    expect(hub.size()).toBe(0);
    expect(socket.fragments).toEqual(['{"positions":[{"id":10,"deviceId":1}']);
    expect(socket.sent).toEqual([]);
    hub.close();
  });

  it('are one empty frame when no followed device has a position', async () => {
    const hub = createSocketHub(createLocalBroadcaster(), policy, access);
    const socket = new FakeSocket();
    async function* nothing() {
      yield [];
    }
    await hub.add(user, socket as unknown as WebSocket, nothing());
    expect(socket.sent).toEqual([{ positions: [] }]);
    hub.close();
  });
});

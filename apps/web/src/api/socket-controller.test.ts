// @vitest-environment jsdom
import type { Device, Event, Position } from '@tracklane/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveStore } from '../store/live-store';
import { RECONNECT_MS, startSocket } from './socket-controller';

class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: object) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  close(code = 1000) {
    this.onclose?.({ code });
  }
}

const device = (id: number, name: string) => ({ id, name, status: 'online', attributes: {} }) as unknown as Device;
const position = (id: number, deviceId: number) => ({ id, deviceId, latitude: 1, longitude: 2, attributes: {} }) as unknown as Position;

describe(startSocket.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    useLiveStore.getState().reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('applies a burst of messages once per frame and hands events on', async () => {
    const onEvent = vi.fn();
    const apply = vi.spyOn(useLiveStore.getState(), 'apply');
    const stop = startSocket(onEvent, vi.fn());
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toMatch(/^ws:\/\/.*\/api\/socket$/);
    socket.send({ devices: [device(1, 'Van')] });
    socket.send({ positions: [position(10, 1)] });
    socket.send({ events: [{ id: 5, type: 'geofenceEnter', deviceId: 1, attributes: {} } as unknown as Event] });
    await vi.advanceTimersToNextFrame();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(useLiveStore.getState().devices[1]?.name).toBe('Van');
    expect(useLiveStore.getState().positions[1]?.id).toBe(10);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'geofenceEnter' }));
    stop();
  });

  it('after the socket closes, reloads devices and positions by REST and reconnects 60 s later', async () => {
    const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('devices') ? [device(2, 'Truck')] : [position(20, 2)]), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const stop = startSocket(vi.fn(), vi.fn());
    FakeSocket.opened[0]!.close(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(['/api/devices', '/api/positions']));
    expect(useLiveStore.getState().devices[2]?.name).toBe('Truck');
    await vi.advanceTimersByTimeAsync(RECONNECT_MS - 1);
    expect(FakeSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.opened).toHaveLength(2);
    stop();
  });

  it('goes to login when the refresh finds the session gone', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 401 })));
    const onUnauthorized = vi.fn();
    const stop = startSocket(vi.fn(), onUnauthorized);
    FakeSocket.opened[0]!.close(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnauthorized).toHaveBeenCalled();
    stop();
  });
});

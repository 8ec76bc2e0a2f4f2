import type { Device, Event, Position } from '@tracklane/domain';
import { useLiveStore } from '../store/live-store';
import { fetchDevices } from './devices';
import { fetchLatestPositions } from './positions';

export const RECONNECT_MS = 60_000;

interface Pending {
  devices: Device[];
  positions: Position[];
  events: Event[];
}

/**
 * The one live connection: socket messages are collected and applied once per animation frame, so
 * a burst of updates costs one render. After a close it refreshes by REST and reconnects in 60 s.
 */
export const startSocket = (onEvent: (event: Event) => void, onUnauthorized: () => void): (() => void) => {
  let socket: WebSocket | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let pending: Pending = { devices: [], positions: [], events: [] };
  let stopped = false;

  const flush = () => {
    frame = undefined;
    const batch = pending;
    pending = { devices: [], positions: [], events: [] };
    useLiveStore.getState().apply(batch);
    for (const event of batch.events) onEvent(event);
  };

  const refresh = async () => {
    try {
      const [devices, positions] = await Promise.all([fetchDevices(), fetchLatestPositions()]);
      useLiveStore.getState().replaceDevices(devices);
      useLiveStore.getState().replacePositions(positions);
    } catch (error) {
      if ((error as { status?: number }).status === 401) onUnauthorized();
    }
  };

  const open = () => {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${protocol}//${window.location.host}/api/socket`);
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as Partial<Pending>;
      pending.devices.push(...(data.devices ?? []));
      pending.positions.push(...(data.positions ?? []));
      pending.events.push(...(data.events ?? []));
      frame ??= requestAnimationFrame(flush);
    };
    socket.onclose = (close) => {
      if (stopped || close.code === 4000) return;
      void refresh();
      reconnect = setTimeout(open, RECONNECT_MS);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(reconnect);
    if (frame !== undefined) cancelAnimationFrame(frame);
    socket?.close(4000);
  };
};

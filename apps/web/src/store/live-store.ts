import type { Device, Event, Position } from '@tracklane/domain';
import { create } from 'zustand';

interface LiveState {
  user: import('@tracklane/domain').User | undefined;
  devices: Record<number, Device>;
  positions: Record<number, Position>;
  selectedId: number | undefined;
  events: Event[];
  setUser(user: LiveState['user']): void;
  replaceDevices(devices: Device[]): void;
  replacePositions(positions: Position[]): void;
  apply(update: { devices: Device[]; positions: Position[]; events: Event[] }): void;
  removeDevice(id: number): void;
  select(id: number | undefined): void;
  reset(): void;
}

const byId = <T extends { id: number }>(items: T[]) => Object.fromEntries(items.map((item) => [item.id, item])) as Record<number, T>;

/** The live picture: devices by id, latest position by device id, the selection and recent events. */
export const useLiveStore = create<LiveState>((set) => ({
  user: undefined,
  devices: {},
  positions: {},
  selectedId: undefined,
  events: [],
  setUser: (user) => set({ user }),
  replaceDevices: (devices) => set({ devices: byId(devices) }),
  replacePositions: (positions) => set({ positions: Object.fromEntries(positions.map((p) => [p.deviceId, p])) }),
  apply: ({ devices, positions, events }) =>
    set((state) => ({
      devices: devices.length ? { ...state.devices, ...byId(devices) } : state.devices,
      positions: positions.length ? { ...state.positions, ...Object.fromEntries(positions.map((p) => [p.deviceId, p])) } : state.positions,
      events: events.length ? [...events, ...state.events].slice(0, 50) : state.events,
    })),
  removeDevice: (id) =>
    set((state) => {
      const { [id]: _device, ...devices } = state.devices;
      const { [id]: _position, ...positions } = state.positions;
      return { devices, positions, selectedId: state.selectedId === id ? undefined : state.selectedId };
    }),
  select: (selectedId) => set({ selectedId }),
  reset: () => set({ user: undefined, devices: {}, positions: {}, selectedId: undefined, events: [] }),
}));

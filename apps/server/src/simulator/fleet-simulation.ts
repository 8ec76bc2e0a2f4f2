import { createJourney } from './journey.js';

export interface SimulatedDevice {
  uniqueId: string;
  origin: { latitude: number; longitude: number };
}

export type FixSender = (uniqueId: string, fix: ReturnType<ReturnType<typeof createJourney>['step']>, time: Date) => Promise<void>;

export interface FleetSimulationOptions {
  devices: SimulatedDevice[];
  /** Reports per device per second. */
  rate: number;
  send: FixSender;
  onError?(error: unknown): void;
}

/**
 * Moves every device along its own journey and reports it at the given rate until stopped. A device
 * whose report is still in flight skips a tick rather than piling up requests.
 */
export const startFleetSimulation = ({ devices, rate, send, onError }: FleetSimulationOptions) => {
  const intervalMs = 1000 / rate;
  const vehicles = devices.map((device, index) => ({ ...device, journey: createJourney({ origin: device.origin, seed: index + 1 }), busy: false }));
  const tick = () => {
    const now = new Date();
    for (const vehicle of vehicles) {
      const fix = vehicle.journey.step(intervalMs / 1000);
      if (vehicle.busy) continue;
      vehicle.busy = true;
      send(vehicle.uniqueId, fix, now)
        .catch((error: unknown) => onError?.(error))
        .finally(() => (vehicle.busy = false));
    }
  };
  const timer = setInterval(tick, intervalMs);
  tick();
  return { stop: () => clearInterval(timer) };
};

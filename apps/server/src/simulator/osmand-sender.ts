import type { SimulatedFix } from './journey.js';

/** Reports one fix the way the Traccar Client app does: an HTTP request to the OsmAnd port. */
export const sendOsmAnd = async (baseUrl: string, uniqueId: string, fix: SimulatedFix, time: Date): Promise<void> => {
  const query = new URLSearchParams({
    id: uniqueId,
    timestamp: String(Math.floor(time.getTime() / 1000)),
    lat: fix.latitude.toFixed(6),
    lon: fix.longitude.toFixed(6),
    speed: String(fix.speed),
    bearing: String(fix.course),
    batt: String(fix.batteryLevel),
    ignition: String(fix.ignition),
    motion: String(fix.motion),
    accuracy: '8',
  });
  const response = await fetch(`${baseUrl}/?${query}`, { method: 'POST' });
  if (!response.ok) throw new Error(`OsmAnd report for ${uniqueId} refused with ${response.status}`);
};

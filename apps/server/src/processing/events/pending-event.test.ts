import { describe, expect, it } from 'vitest';
import { deviceEvent, toEvent, withEventId } from './pending-event.js';

describe(withEventId.name, () => {
  const stored = toEvent(deviceEvent('deviceOnline', Date.UTC(2026, 10, 29, 12), { source: 'test' }), 7, 0);

  it('gives the stored event its id after its own fields, as the API and the live socket send it', () => {
    const event = withEventId(stored, 42);
    expect(event).toEqual({ ...stored, id: 42 });
    expect(JSON.stringify(event)).toBe(
      '{"type":"deviceOnline","eventTime":"2026-11-29T12:00:00.000+00:00","deviceId":7,"positionId":0,"geofenceId":0,"maintenanceId":0,"attributes":{"source":"test"},"id":42}',
    );
  });

  it('leaves the event it was given without an id, so a batch retried item by item numbers it afresh', () => {
    withEventId(stored, 42);
    expect(stored).not.toHaveProperty('id');
    expect(withEventId(stored, 43).id).toBe(43);
  });
});

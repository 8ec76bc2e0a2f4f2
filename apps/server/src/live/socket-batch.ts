/** What one browser socket is sent in one frame: Traccar's `{positions, devices, events}` shape. */
export interface SocketBatch {
  positions: unknown[];
  devices: unknown[];
  events: unknown[];
}

/**
 * Collects the live updates of one event-loop turn per socket and sends each socket one frame,
 * instead of one frame (and one JSON serialisation) per update. At a few updates a second this is
 * the same as sending each at once; at thousands it keeps the browser and the server responsive.
 */
export const createSocketBatcher = <Target>(send: (target: Target, payload: Partial<SocketBatch>) => void) => {
  const pending = new Map<Target, SocketBatch>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batches = [...pending];
    pending.clear();
    for (const [target, batch] of batches) {
      const payload: Partial<SocketBatch> = {};
      if (batch.devices.length > 0) payload.devices = batch.devices;
      if (batch.positions.length > 0) payload.positions = batch.positions;
      if (batch.events.length > 0) payload.events = batch.events;
      send(target, payload);
    }
  };

  return {
    add: (target: Target, key: keyof SocketBatch, item: unknown): void => {
      let batch = pending.get(target);
      if (!batch) {
        batch = { positions: [], devices: [], events: [] };
        pending.set(target, batch);
      }
      batch[key].push(item);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** A socket that closed gets nothing more. */
    drop: (target: Target): void => void pending.delete(target),
  };
};

/** The keys of one browser frame, in the order they are written: Traccar's `{devices, positions, events}` shape. */
const FRAME_KEYS = ['devices', 'positions', 'events'] as const;
export type SocketBatchKey = (typeof FRAME_KEYS)[number];

/** One socket's updates of one turn, each already JSON. */
type PendingFrame = Record<SocketBatchKey, string[]>;

/** The frame's JSON text, written from the items' JSON rather than serialising them again. */
const frameOf = (pending: PendingFrame): string => {
  const parts: string[] = [];
  for (const key of FRAME_KEYS) if (pending[key].length > 0) parts.push(`"${key}":[${pending[key].join(',')}]`);
  return `{${parts.join(',')}}`;
};

/**
 * Collects the live updates of one event-loop turn per socket and sends each socket one frame,
 * instead of one frame per update. At a few updates a second this is the same as sending each at
 * once; at thousands it keeps the browser and the server responsive. Items arrive as JSON, so an
 * update that goes to many sockets (several dispatchers watching one fleet) is serialised once.
 */
export const createSocketBatcher = <Target>(send: (target: Target, frame: string) => void) => {
  const pending = new Map<Target, PendingFrame>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const frames = [...pending];
    pending.clear();
    for (const [target, frame] of frames) send(target, frameOf(frame));
  };

  return {
    add: (target: Target, key: SocketBatchKey, itemJson: string): void => {
      let frame = pending.get(target);
      if (!frame) {
        frame = { devices: [], positions: [], events: [] };
        pending.set(target, frame);
      }
      frame[key].push(itemJson);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** A socket that closed gets nothing more. */
    drop: (target: Target): void => void pending.delete(target),
  };
};

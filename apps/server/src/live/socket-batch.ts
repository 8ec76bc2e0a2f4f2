/** The keys of one browser frame, in the order they are written: Traccar's `{devices, positions, events}` shape. */
const FRAME_KEYS = ['devices', 'positions', 'events'] as const;
export type SocketBatchKey = (typeof FRAME_KEYS)[number];

/** One socket's updates of one turn, each already JSON. */
type PendingFrame = Record<SocketBatchKey, string[]>;

const OPENING = Object.fromEntries(FRAME_KEYS.map((key) => [key, `{"${key}":[`])) as Record<SocketBatchKey, string>;
const FOLLOWING = Object.fromEntries(FRAME_KEYS.map((key) => [key, `],"${key}":[`])) as Record<SocketBatchKey, string>;

/**
 * The frame's JSON text, written from the items' JSON rather than serialising them again, in one
 * join: nested joins and template strings copied the whole frame twice more (ws flattens the text
 * it is given), a kilobyte and more of garbage per position for a browser following a busy fleet.
 */
const frameOf = (pending: PendingFrame): string => {
  const pieces: string[] = [];
  for (const key of FRAME_KEYS) {
    const items = pending[key];
    if (items.length === 0) continue;
    pieces.push(pieces.length === 0 ? OPENING[key] : FOLLOWING[key]);
    for (let index = 0; index < items.length; index++) {
      if (index > 0) pieces.push(',');
      pieces.push(items[index]!);
    }
  }
  pieces.push(']}');
  return pieces.join('');
};

/**
 * Collects the live updates of one event-loop turn per socket and sends each socket one frame,
 * instead of one frame per update. At a few updates a second this is the same as sending each at
 * once; at thousands it keeps the browser and the server responsive. Items arrive as JSON, so an
 * update that goes to many sockets (several dispatchers watching one fleet) is serialised once.
 */
export const createSocketBatcher = <Target>(send: (target: Target, frame: string) => void) => {
  let pending = new Map<Target, PendingFrame>();
  let scheduled = false;

  // A new map each turn, never `clear()`: clearing a map that has reached the old generation leaves
  // its old table there still pointing at the turn's frames, and the scavenger keeps everything an
  // old object points at, so every position's JSON was copied twice and promoted (44 instead of 14
  // MB/s promoted at 10,000 positions/s, and a mark-compact every few seconds).
  const flush = () => {
    scheduled = false;
    const frames = pending;
    pending = new Map();
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

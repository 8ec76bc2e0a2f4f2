/** An identifier a tracker announced that matches no device. */
export interface UnknownDevice {
  uniqueId: string;
  protocol: string;
  remoteAddress: string;
  /** Epoch milliseconds. */
  firstSeen: number;
  lastSeen: number;
  /** Messages seen with this identifier. */
  count: number;
}

/** How many distinct unknown identifiers are remembered; the least recently seen goes first. */
export const UNKNOWN_DEVICES_LIMIT = 100;

/**
 * The identifiers trackers recently announced without a matching device, newest first, so an
 * administrator can see which trackers knock (and add them). Bounded, in memory, per instance.
 */
export const createUnknownDevices = (limit = UNKNOWN_DEVICES_LIMIT) => {
  // a Map iterates in insertion order: re-inserting on each sighting keeps the newest last
  const entries = new Map<string, UnknownDevice>();
  return {
    record: (uniqueId: string, protocol: string, remoteAddress: string, now: number): UnknownDevice => {
      const previous = entries.get(uniqueId);
      const entry: UnknownDevice = previous
        ? { ...previous, protocol, remoteAddress, lastSeen: now, count: previous.count + 1 }
        : { uniqueId, protocol, remoteAddress, firstSeen: now, lastSeen: now, count: 1 };
      entries.delete(uniqueId);
      entries.set(uniqueId, entry);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
      return entry;
    },
    /** Newest first. */
    list: (): UnknownDevice[] => [...entries.values()].reverse(),
    /** Forgets an identifier, e.g. once a device with it exists. */
    remove: (uniqueId: string): void => {
      entries.delete(uniqueId);
    },
  };
};

export type UnknownDevices = ReturnType<typeof createUnknownDevices>;

/** The counts of one statistics period, as stored in a Statistics row. */
export interface StatisticsCounts {
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  /** Messages received per protocol; null when none arrived. */
  protocols: Record<string, number> | null;
}

/**
 * Usage counted in memory since the last capture (reference/traccar-api.md §3.14): the API hook,
 * the position ingest and the senders call in; the capture task takes the counts and starts over.
 * Counting is synchronous and allocation-light so it costs nothing on the hot paths.
 */
export const createStatisticsCounter = () => {
  let users = new Set<number>();
  let devices = new Set<number>();
  let protocols = new Map<string, number>();
  let requests = 0;
  let messagesReceived = 0;
  let messagesStored = 0;
  let mailSent = 0;
  let smsSent = 0;
  let geocoderRequests = 0;
  let geolocationRequests = 0;

  const counts = (): StatisticsCounts => ({
    activeUsers: users.size,
    activeDevices: devices.size,
    requests,
    messagesReceived,
    messagesStored,
    mailSent,
    smsSent,
    geocoderRequests,
    geolocationRequests,
    protocols: protocols.size > 0 ? Object.fromEntries(protocols) : null,
  });

  return {
    /** One API request; `userId` when it was authenticated. */
    request: (userId?: number) => {
      requests++;
      if (userId) users.add(userId);
    },
    /** One decoded device message. */
    messageReceived: (protocol: string) => {
      messagesReceived++;
      protocols.set(protocol, (protocols.get(protocol) ?? 0) + 1);
    },
    /** A known device sent a message (stored or filtered). */
    deviceActive: (deviceId: number) => {
      devices.add(deviceId);
    },
    /** One position committed to storage. */
    messageStored: () => {
      messagesStored++;
    },
    mailSent: () => {
      mailSent++;
    },
    smsSent: () => {
      smsSent++;
    },
    geocoderRequest: () => {
      geocoderRequests++;
    },
    geolocationRequest: () => {
      geolocationRequests++;
    },
    /** The counts so far, without resetting them. */
    peek: counts,
    /** The counts since the last take; the counter starts again from zero. */
    take: (): StatisticsCounts => {
      const taken = counts();
      users = new Set();
      devices = new Set();
      protocols = new Map();
      requests = messagesReceived = messagesStored = mailSent = smsSent = geocoderRequests = geolocationRequests = 0;
      return taken;
    },
  };
};

export type StatisticsCounter = ReturnType<typeof createStatisticsCounter>;

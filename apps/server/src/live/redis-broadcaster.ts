import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster, LiveMessage } from './live-message.js';

const CHANNEL = 'tracklane:live';

/**
 * Cross-instance delivery over Redis pub/sub; every instance (this one too) hears each message once,
 * in publishing order. The messages of one event-loop turn travel as one Redis message (a JSON
 * array), so a busy ingest costs Redis a few publishes a second per instance, not one per position.
 */
export const createRedisBroadcaster = (url: string, log: FastifyBaseLogger): Broadcaster => {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const listeners: ((message: LiveMessage) => void)[] = [];
  for (const client of [publisher, subscriber]) client.on('error', (error) => log.warn({ err: error }, 'redis connection problem'));
  subscriber.subscribe(CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'redis subscribe failed'));
  subscriber.on('message', (_channel, payload: string) => {
    let messages: LiveMessage[];
    try {
      messages = JSON.parse(payload) as LiveMessage[];
    } catch {
      return;
    }
    if (!Array.isArray(messages)) return;
    for (const message of messages) for (const listener of listeners) listener(message);
  });

  let outgoing: LiveMessage[] = [];
  const flush = () => {
    const batch = outgoing;
    outgoing = [];
    publisher.publish(CHANNEL, JSON.stringify(batch)).catch((error: unknown) => log.warn({ err: error }, 'redis publish failed'));
  };

  return {
    publish: (message) => {
      if (outgoing.push(message) === 1) setImmediate(flush);
    },
    check: async () => {
      if (subscriber.status !== 'ready') throw new Error(`redis subscriber ${subscriber.status}`);
      await Promise.race([publisher.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('redis ping timed out')), 2000))]);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => {
      if (outgoing.length > 0) flush();
      // the last batch goes out unless Redis is unreachable
      await Promise.race([publisher.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
};

import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Broadcaster, LiveMessage } from './live-message.js';

const CHANNEL = 'tracklane:live';

/** Cross-instance delivery over Redis pub/sub; every instance (this one too) hears each message once. */
export const createRedisBroadcaster = (url: string, log: FastifyBaseLogger): Broadcaster => {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const listeners: ((message: LiveMessage) => void)[] = [];
  for (const client of [publisher, subscriber]) client.on('error', (error) => log.warn({ err: error }, 'redis connection problem'));
  subscriber.subscribe(CHANNEL).catch((error: unknown) => log.warn({ err: error }, 'redis subscribe failed'));
  subscriber.on('message', (_channel, payload: string) => {
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch {
      return;
    }
    for (const listener of listeners) listener(message);
  });
  return {
    publish: (message) => void publisher.publish(CHANNEL, JSON.stringify(message)).catch((error: unknown) => log.warn({ err: error }, 'redis publish failed')),
    check: async () => {
      if (subscriber.status !== 'ready') throw new Error(`redis subscriber ${subscriber.status}`);
      await Promise.race([publisher.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('redis ping timed out')), 2000))]);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
};

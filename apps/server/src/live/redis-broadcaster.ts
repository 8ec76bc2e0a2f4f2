import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { positionJsonOf, type Broadcaster, type LiveMessage } from './live-message.js';
import { createLocalBroadcaster } from './local-broadcaster.js';

/** What travels over Redis: the messages of one event-loop turn of one instance. */
interface Envelope {
  origin: string;
  messages: LiveMessage[];
}

/** A message's JSON for the envelope: a position as the sockets get it, without the stored row it may carry. */
const messageJson = (message: LiveMessage): string =>
  message.kind === 'position' ? `{"kind":"position","position":${positionJsonOf(message)}}` : JSON.stringify(message);

/**
 * Cross-instance delivery over Redis pub/sub. This instance's own listeners hear a message at once,
 * when it is published (so an edit takes effect here before the API answers, and local browsers
 * skip the Redis round trip); the other instances hear it from Redis, in publishing order, and the
 * echo of our own is ignored. The messages of one event-loop turn travel as one Redis message, so a
 * busy ingest costs Redis a few publishes a second per instance, not one per position.
 */
export const createRedisBroadcaster = (url: string, log: FastifyBaseLogger, channel = 'tracklane:live'): Broadcaster => {
  // loaded only where Redis is configured
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const origin = randomUUID();
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  // this instance's listeners
  const local = createLocalBroadcaster();
  const deliver = local.publish;
  for (const client of [publisher, subscriber]) client.on('error', (error) => log.warn({ err: error }, 'redis connection problem'));
  subscriber.subscribe(channel).catch((error: unknown) => log.warn({ err: error }, 'redis subscribe failed'));
  // every envelope starts with its origin (flush below writes it first), so our own echo, as large
  // as everything this instance published, is dropped without parsing it
  const ownPrefix = `{"origin":${JSON.stringify(origin)},`;
  subscriber.on('message', (_channel, payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (!Array.isArray(envelope.messages)) return;
    for (const message of envelope.messages) deliver(message);
  });

  let outgoing: LiveMessage[] = [];
  const flush = () => {
    const messages = outgoing.map(messageJson).join(',');
    outgoing = [];
    // as bytes outside the JavaScript heap: the client keeps a command's arguments until Redis
    // answers, and a busy turn's envelope (a few hundred positions) kept as a string, with the
    // client's own copy of it for the wire, lived long enough to be copied into the old generation
    const envelope = Buffer.from(`${ownPrefix}"messages":[${messages}]}`);
    publisher.publish(channel, envelope).catch((error: unknown) => log.warn({ err: error }, 'redis publish failed'));
  };

  return {
    shared: true,
    publish: (message) => {
      if (outgoing.push(message) === 1) setImmediate(flush);
      deliver(message);
    },
    check: async () => {
      if (subscriber.status !== 'ready') throw new Error(`redis subscriber ${subscriber.status}`);
      await Promise.race([publisher.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('redis ping timed out')), 2000))]);
    },
    subscribe: local.subscribe,
    close: async () => {
      if (outgoing.length > 0) flush();
      // the last batch goes out unless Redis is unreachable
      await Promise.race([publisher.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
};

import type { Broadcaster, LiveMessage } from './live-message.js';

/**
 * Single-instance delivery: each message to every listener at once. A plain list rather than an
 * EventEmitter, which copies its list of listeners at every emit (twice per stored position).
 */
export const createLocalBroadcaster = (): Broadcaster => {
  const listeners: ((message: LiveMessage) => void)[] = [];
  return {
    publish: (message) => {
      for (const listener of listeners) listener(message);
    },
    check: async () => undefined,
    subscribe: (listener) => void listeners.push(listener),
    close: async () => void listeners.splice(0),
  };
};

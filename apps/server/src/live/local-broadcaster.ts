import { EventEmitter } from 'node:events';
import type { Broadcaster, LiveMessage } from './live-message.js';

/** Single-instance delivery. */
export const createLocalBroadcaster = (): Broadcaster => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (message) => void emitter.emit('message', message),
    check: async () => undefined,
    subscribe: (listener) => void emitter.on('message', listener as (message: LiveMessage) => void),
    close: async () => void emitter.removeAllListeners(),
  };
};

import type { SimulatedMessage } from './simulated-protocol.js';

const ACK_TIMEOUT_MS = 10_000;

/** Settles the message that waits for the server's answer. */
export interface AnswerWaiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Sends a simulated tracker's message over either transport: resolves once the server answers it
 * (through the waiter handed to `wait`, after storing its positions), or, for a message the server
 * does not answer, once it is written. `what` names the tracker in the timeout's error.
 */
export const sendMessage = (
  { bytes, answered }: SimulatedMessage,
  write: (bytes: Buffer, written: (error?: Error | null) => void) => void,
  wait: (waiter: AnswerWaiter) => void,
  what: string,
): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (answered) {
      const timer = setTimeout(() => reject(new Error(`no acknowledgement for ${what}`)), ACK_TIMEOUT_MS);
      wait({ resolve: () => (clearTimeout(timer), resolve()), reject: (error) => (clearTimeout(timer), reject(error)) });
    }
    write(bytes, (error) => {
      if (error) reject(error);
      else if (!answered) resolve();
    });
  });

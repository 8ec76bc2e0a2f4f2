import { describe, expect, it } from 'vitest';
import { sendMessage, type AnswerWaiter } from './message-send.js';

describe('sendMessage', () => {
  it('resolves an answered message only when the server answers, and an unanswered one once written', async () => {
    let waiter: AnswerWaiter | undefined;
    let settled = false;
    const answered = sendMessage({ bytes: Buffer.from('login'), answered: true }, (_bytes, written) => written(), (w) => (waiter = w), 'gt06 tracker 1').then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    waiter!.resolve();
    await answered;
    expect(settled).toBe(true);

    const written: string[] = [];
    await sendMessage({ bytes: Buffer.from('report'), answered: false }, (bytes, done) => (written.push(bytes.toString()), done()), () => expect.fail('no answer awaited'), 'gl200 tracker 1');
    expect(written).toEqual(['report']);
  });

  it('fails when the write fails or the connection goes before the answer', async () => {
    await expect(sendMessage({ bytes: Buffer.from('x'), answered: false }, (_bytes, done) => done(new Error('EPIPE')), () => undefined, 't')).rejects.toThrow('EPIPE');
    await expect(sendMessage({ bytes: Buffer.from('x'), answered: true }, (_bytes, done) => done(), (w) => w.reject(new Error('closed')), 't')).rejects.toThrow('closed');
  });
});

import { describe, expect, it } from 'vitest';
import { createAdmission, type Admission } from './admission.js';

/** Work run as the ingest runs it: at once when a slot is free, else queued, recording when it started. */
const submit = (admission: Admission, log: string[], name: string) => {
  const start = () => log.push(`start ${name}`);
  if (admission.take()) start();
  else admission.queue(start);
};

describe('createAdmission', () => {
  it('gives slots at once, synchronously, while under the limit', () => {
    const admission = createAdmission(2);
    expect(admission.take()).toBe(true);
    expect(admission.take()).toBe(true);
    expect(admission.take()).toBe(false);
    expect(admission.load()).toEqual({ running: 2, waiting: 0 });
    admission.leave();
    admission.leave();
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('holds work past the limit and starts it, in arrival order, as earlier work leaves', () => {
    const admission = createAdmission(2);
    const log: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) submit(admission, log, name);
    expect(log).toEqual(['start a', 'start b']);
    expect(admission.load()).toEqual({ running: 2, waiting: 2 });
    admission.leave();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(admission.load()).toEqual({ running: 2, waiting: 1 });
    admission.leave();
    admission.leave();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    admission.leave();
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('starts queued work at once when a slot was freed in the meantime', () => {
    const admission = createAdmission(1);
    const log: string[] = [];
    admission.queue(() => log.push('started'));
    expect(log).toEqual(['started']);
    expect(admission.load()).toEqual({ running: 1, waiting: 0 });
  });

  it('starts thousands of waiting pieces of work in arrival order', () => {
    const admission = createAdmission(3);
    const started: number[] = [];
    for (let n = 0; n < 5000; n++) {
      if (admission.take()) started.push(n);
      else admission.queue(() => started.push(n));
    }
    expect(admission.load()).toEqual({ running: 3, waiting: 4997 });
    for (let n = 0; n < 5000; n++) admission.leave();
    expect(started).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('tells a source holding work back that there is room only once nothing queues and enough slots are free, once, later', async () => {
    const admission = createAdmission(4, 2);
    const log: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) submit(admission, log, name);
    expect(admission.hasRoom()).toBe(false);
    let resumed = 0;
    admission.whenRoom(() => resumed++);
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    admission.leave(); // e starts: nothing queues, but every slot is taken
    expect(admission.hasRoom()).toBe(true);
    admission.leave(); // three running, one free
    await turn();
    expect(resumed).toBe(0);
    admission.leave(); // two free
    expect(resumed).toBe(0);
    await turn();
    expect(resumed).toBe(1);
    admission.leave();
    await turn();
    expect(resumed).toBe(1);
  });

  it('calls back from a later turn when there is room already', async () => {
    const admission = createAdmission(4, 2);
    let resumed = 0;
    admission.whenRoom(() => resumed++);
    expect(resumed).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed).toBe(1);
  });
});

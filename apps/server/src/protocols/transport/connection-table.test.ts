import { describe, expect, it } from 'vitest';
import { ConnectionNumbers, ConnectionTable, MAX_CONNECTIONS } from './connection-table.js';

describe('connection numbers and table', () => {
  it('keeps each open connection under its own number', () => {
    const numbers = new ConnectionNumbers();
    const table = new ConnectionTable<string>();
    const given = ['a', 'b', 'c'].map((name) => {
      const number = numbers.next()!;
      table.set(number, name);
      return number;
    });
    expect(new Set(given).size).toBe(3);
    expect(given.map((number) => table.get(number))).toEqual(['a', 'b', 'c']);
    expect(table.size).toBe(3);
    expect([...table.values()]).toEqual(['a', 'b', 'c']);
  });

  it('never lets a closed connection\'s number reach the connection that took its slot', () => {
    const numbers = new ConnectionNumbers();
    const table = new ConnectionTable<string>();
    const closed = numbers.next()!;
    table.set(closed, 'closed tracker');
    table.delete(closed);
    numbers.release(closed);
    const reopened = numbers.next()!;
    table.set(reopened, 'new tracker');

    expect(reopened).not.toBe(closed);
    expect(table.get(closed)).toBeUndefined();
    table.delete(closed);
    expect(table.get(reopened)).toBe('new tracker');
    expect(table.size).toBe(1);
  });

  it('gives a released slot again only after the slots released before it', () => {
    const numbers = new ConnectionNumbers();
    const [first, second, third] = [numbers.next()!, numbers.next()!, numbers.next()!];
    numbers.release(second);
    numbers.release(first);
    const table = new ConnectionTable<string>();
    const again = [numbers.next()!, numbers.next()!];
    again.forEach((number, index) => table.set(number, `again ${index}`));
    table.set(third, 'third');
    // the slot of `second` first, then `first`'s, each under a new number; a fresh slot after them
    expect(again.map((number) => number & (MAX_CONNECTIONS - 1))).toEqual([second, first]);
    expect(again).not.toContain(first);
    expect(again).not.toContain(second);
    expect(table.get(third)).toBe('third');
    expect(table.size).toBe(3);
    expect(numbers.next()).toBe(3);
  });

  it('runs out of numbers only with every slot open, and has one again once a connection closes', () => {
    const numbers = new ConnectionNumbers();
    let last = 0;
    for (let index = 0; index < MAX_CONNECTIONS; index++) last = numbers.next()!;
    expect(last).toBe(MAX_CONNECTIONS - 1);
    expect(numbers.next()).toBeUndefined();
    numbers.release(7);
    const number = numbers.next();
    expect(number).toBeDefined();
    expect(number).not.toBe(7);
    expect(numbers.next()).toBeUndefined();
  });

  it('comes back to a number only after thousands of connections through its slot', () => {
    const numbers = new ConnectionNumbers();
    const first = numbers.next()!;
    const seen = new Set([first]);
    let number = first;
    for (let round = 1; round < 4096; round++) {
      numbers.release(number);
      number = numbers.next()!;
      seen.add(number);
    }
    expect(seen.size).toBe(4096);
    numbers.release(number);
    expect(numbers.next()).toBe(first);
  });
});

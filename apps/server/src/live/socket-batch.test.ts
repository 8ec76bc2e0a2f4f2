import { describe, expect, it } from 'vitest';
import { createSocketBatcher, type SocketBatch } from './socket-batch.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createSocketBatcher', () => {
  it('sends each socket one frame per turn with its updates in arrival order', async () => {
    const frames: [string, Partial<SocketBatch>][] = [];
    const batcher = createSocketBatcher<string>((target, payload) => frames.push([target, payload]));
    batcher.add('a', 'positions', 1);
    batcher.add('a', 'devices', 'd1');
    batcher.add('b', 'events', 'e1');
    batcher.add('a', 'positions', 2);
    expect(frames).toEqual([]);
    await nextTurn();
    expect(frames).toEqual([
      ['a', { devices: ['d1'], positions: [1, 2] }],
      ['b', { events: ['e1'] }],
    ]);
    batcher.add('a', 'positions', 3);
    await nextTurn();
    expect(frames.at(-1)).toEqual(['a', { positions: [3] }]);
  });

  it('sends nothing to a socket dropped before the flush', async () => {
    const frames: string[] = [];
    const batcher = createSocketBatcher<string>((target) => frames.push(target));
    batcher.add('gone', 'positions', 1);
    batcher.add('kept', 'positions', 1);
    batcher.drop('gone');
    await nextTurn();
    expect(frames).toEqual(['kept']);
  });
});

import { describe, expect, it } from 'vitest';
import { createSocketBatcher } from './socket-batch.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('createSocketBatcher', () => {
  it('sends each socket one JSON frame per turn with its updates in arrival order', async () => {
    const frames: [string, unknown][] = [];
    const batcher = createSocketBatcher<string>((target, frame) => frames.push([target, JSON.parse(frame)]));
    batcher.add('a', 'positions', JSON.stringify({ id: 1, attributes: { note: 'a "quoted", comma' } }));
    batcher.add('a', 'devices', JSON.stringify({ id: 7, name: 'Van' }));
    batcher.add('b', 'events', JSON.stringify({ id: 3 }));
    batcher.add('a', 'positions', JSON.stringify({ id: 2 }));
    expect(frames).toEqual([]);
    await nextTurn();
    expect(frames).toEqual([
      ['a', { devices: [{ id: 7, name: 'Van' }], positions: [{ id: 1, attributes: { note: 'a "quoted", comma' } }, { id: 2 }] }],
      ['b', { events: [{ id: 3 }] }],
    ]);
    batcher.add('a', 'positions', JSON.stringify({ id: 3 }));
    await nextTurn();
    expect(frames.at(-1)).toEqual(['a', { positions: [{ id: 3 }] }]);
  });

  it('writes the keys in the order Traccar sends them: devices, positions, events', async () => {
    const frames: string[] = [];
    const batcher = createSocketBatcher<string>((_target, frame) => frames.push(frame));
    batcher.add('a', 'events', '{"id":1}');
    batcher.add('a', 'positions', '{"id":2}');
    batcher.add('a', 'devices', '{"id":3}');
    await nextTurn();
    expect(frames).toEqual(['{"devices":[{"id":3}],"positions":[{"id":2}],"events":[{"id":1}]}']);
  });

  it('sends nothing to a socket dropped before the flush', async () => {
    const frames: string[] = [];
    const batcher = createSocketBatcher<string>((target) => frames.push(target));
    batcher.add('gone', 'positions', '{}');
    batcher.add('kept', 'positions', '{}');
    batcher.drop('gone');
    await nextTurn();
    expect(frames).toEqual(['kept']);
  });
});

import { describe, expect, it } from 'vitest';
import { createColumnSharer } from './sqlite-ingest-batch.js';

describe('createColumnSharer', () => {
  it('gives rows with the same keys in the same order one shared list of columns', () => {
    const columns = createColumnSharer();
    const first = columns({ deviceId: 1, latitude: 52, attributes: '{}' });
    expect(first).toEqual(['deviceId', 'latitude', 'attributes']);
    expect(columns({ deviceId: 2, latitude: 53, attributes: '{"sat":9}' })).toBe(first);
  });

  it('makes a new list when a row has a key more, a key less or another order', () => {
    const columns = createColumnSharer();
    columns({ a: 1, b: 2 });
    expect(columns({ a: 1, b: 2, c: 3 })).toEqual(['a', 'b', 'c']);
    expect(columns({ a: 1, b: 2 })).toEqual(['a', 'b']);
    expect(columns({ b: 2, a: 1 })).toEqual(['b', 'a']);
    expect(columns({})).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { createCodec } from './entity-codec.js';

const Schema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  network: Type.Union([Type.Object({ cells: Type.Array(Type.Integer()) }), Type.Null()], { 'x-json': true }),
  extra: Type.Union([Type.Object({ note: Type.String() }), Type.Null()], { 'x-json': true }),
});

describe('createCodec', () => {
  it('writes the JSON of a field with shared objects once per object, and each object its own', () => {
    const codec = createCodec(Schema, { sharedJson: ['network'] });
    const parked = { cells: [1, 2] };
    const first = codec.toRow({ id: 1, name: 'a', network: parked, extra: null });
    const second = codec.toRow({ id: 2, name: 'b', network: parked, extra: { note: 'x' } });
    const moved = codec.toRow({ id: 3, name: 'c', network: { cells: [3] }, extra: null });
    expect(first.network).toBe('{"cells":[1,2]}');
    expect(second.network).toBe(first.network);
    expect(second.extra).toBe('{"note":"x"}');
    expect(moved.network).toBe('{"cells":[3]}');
    expect(codec.toRow({ id: 4, name: 'd', network: null, extra: null }).network).toBeNull();
  });

  it('reads back what it wrote', () => {
    const codec = createCodec(Schema, { sharedJson: ['network'] });
    const entity = { id: 5, name: 'e', network: { cells: [7] }, extra: { note: 'y' } };
    expect(codec.fromRow({ ...codec.toRow(entity), id: entity.id })).toEqual(entity);
  });

  it('makes a row of every writable column in the schema\'s order, whatever the entity holds, trimming what it trims', () => {
    const Named = Type.Object({
      id: Type.Integer(),
      'odd "name"': Type.String(),
      name: Type.String(),
      created: Type.Union([Type.String(), Type.Null()], { 'x-date': true, 'x-readonly': true }),
      count: Type.Integer(),
      enabled: Type.Boolean(),
    });
    const codec = createCodec(Named, { trim: ['name'] });
    const row = codec.toRow({ enabled: true, unknown: 'dropped', name: '  Van 7 ', id: 9, 'odd "name"': ' kept ', created: '2025-01-01T00:00:00Z' });
    expect(Object.keys(row)).toEqual(['odd "name"', 'name', 'count', 'enabled']);
    expect(row).toEqual({ 'odd "name"': ' kept ', name: 'Van 7', count: 0, enabled: 1 });
  });
});

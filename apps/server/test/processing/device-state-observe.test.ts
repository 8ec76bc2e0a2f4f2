import { describe, expect, it } from 'vitest';
import { createDeviceStateStore, type RememberedState, type StateEntry } from '../../src/processing/device-state-store.js';
import { toPosition } from '../../src/processing/pipeline-position.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { context, device as deviceOf, position, T0 } from '../helpers/processing-fixtures.js';

/** A device whose state is in memory, its latest position stored with id 500. */
const storeWithLatest = async () => {
  let reads = 0;
  const repos = {
    positions: { findByIds: async () => (reads++, []) },
    processing: { loadStates: async () => new Map(), recentPositions: async () => new Map() },
  } as unknown as Repositories;
  const states = createDeviceStateStore(repos);
  const device = deviceOf({ id: 1, positionId: 0 });
  const deviceContext = context({ device });
  const entry = await states.load(device, deviceContext);
  const latest = position({ id: 500, time: T0 });
  states.commit(entry, { ...entry.state, last: latest }, undefined);
  const readsBefore = reads;
  return {
    states,
    /** The entry a position arriving now would be prepared with. */
    entry: async () => states.load(device, deviceContext),
    loadRemembering: async (remembered: RememberedState) => states.load(device, deviceContext, remembered),
    observe: (id: number, time: number) => states.observe(toPosition(position({ id, time }))),
    /** Whether the next position would read the state from the database again. */
    reloads: async () => {
      await states.load(device, deviceContext);
      return reads > readsBefore;
    },
  };
};

describe('the device state hears positions stored by other instances', () => {
  it('keeps its state for the position it stored itself', async () => {
    const store = await storeWithLatest();
    store.observe(500, T0);
    expect(await store.reloads()).toBe(false);
  });

  it('reads the state again after a newer fix stored elsewhere, even under a lower id (ids come in blocks per instance)', async () => {
    const store = await storeWithLatest();
    store.observe(300, T0 + 60_000);
    expect(await store.reloads()).toBe(true);
  });

  it('keeps its state for an older fix stored elsewhere', async () => {
    const store = await storeWithLatest();
    store.observe(900, T0 - 60_000);
    expect(await store.reloads()).toBe(false);
  });

  it('a position in flight while its state was dropped becomes the state once committed, its detector state written in full', async () => {
    const store = await storeWithLatest();
    const inFlight = await store.entry();
    store.observe(300, T0 + 60_000);
    const next = { ...inFlight.state, last: position({ id: 501, time: T0 + 120_000 }) };
    expect(store.states.durableChange(inFlight, next)).toBeDefined();
    store.states.commit(inFlight, next, undefined);
    expect(await store.reloads()).toBe(false);
    expect((await store.entry()).state).toBe(next);
  });

  it('a position committed after the state was dropped and read again moves the fresh state on', async () => {
    const store = await storeWithLatest();
    const inFlight = await store.entry();
    store.observe(300, T0 + 60_000);
    const fresh = await store.entry();
    expect(fresh).not.toBe(inFlight);
    const next = { ...inFlight.state, last: position({ id: 501, time: T0 + 120_000 }) };
    store.states.commit(inFlight, next, undefined);
    expect(await store.entry()).toBe(fresh);
    expect(fresh.state).toBe(next);
  });

  it('a remembered state entry serves the next position until the state is dropped', async () => {
    const store = await storeWithLatest();
    const entry = await store.entry();
    const remembered = { entry: undefined as StateEntry | undefined };
    expect(await store.loadRemembering(remembered)).toBe(entry);
    expect(remembered.entry).toBe(entry);
    store.observe(300, T0 + 60_000);
    const fresh = await store.loadRemembering(remembered);
    expect(fresh).not.toBe(entry);
    expect(remembered.entry).not.toBe(fresh); // read from the database: kept from the next load on
    expect(await store.loadRemembering(remembered)).toBe(fresh);
    expect(remembered.entry).toBe(fresh);
  });
});

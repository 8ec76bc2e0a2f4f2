import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A loader that records each batch's items and answers `item:id`; after `hold()`, batches wait for the returned release. */
const recordingLoader = () => {
  const batches: [number, string][][] = [];
  let gate: Promise<void> | undefined;
  const loader = createBatchLoader<string, string>(async (items) => {
    batches.push([...items]);
    await gate;
    return new Map([...items].map(([id, item]) => [id, item === 'bad' ? new Error(`no ${id}`) : `${item}:${id}`]));
  });
  return {
    loader,
    batches,
    hold: (): (() => void) => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
};

describe('batch loader', () => {
  it('loads ids asked for in one turn together, and an id asked twice once', async () => {
    const { loader, batches } = recordingLoader();
    const first = loader.load(1, 'a');
    const again = loader.load(1, 'a');
    const values = await Promise.all([first, again, loader.load(2, 'b'), loader.load(3, 'c')]);

    expect(again).toBe(first);
    expect(values).toEqual(['a:1', 'a:1', 'b:2', 'c:3']);
    expect(batches).toEqual([[[1, 'a'], [2, 'b'], [3, 'c']]]);
  });

  it('gathers ids asked for while a batch runs into one next batch, with the newest item of each', async () => {
    const { loader, batches, hold } = recordingLoader();
    const release = hold();
    const running = loader.load(1, 'a');
    await nextTurn();
    const queued = [loader.load(2, 'old'), loader.load(3, 'c')];
    await nextTurn();
    queued.push(loader.load(2, 'new'));
    release();

    expect(await Promise.all([running, ...queued])).toEqual(['a:1', 'new:2', 'c:3', 'new:2']);
    expect(batches).toEqual([[[1, 'a']], [[2, 'new'], [3, 'c']]]);
  });

  it('rejects only the ids a batch answers with an error, and every id of a batch that fails', async () => {
    const { loader } = recordingLoader();
    const results = await Promise.allSettled([loader.load(1, 'a'), loader.load(2, 'bad')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);

    const failing = createBatchLoader<string, string>(async () => {
      throw new Error('offline');
    });
    const failed = await Promise.allSettled([failing.load(1, 'a'), failing.load(2, 'b')]);
    expect(failed.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'loaded'))).toEqual(['offline', 'offline']);
  });

  it('after detachRunning, asks start a new load instead of joining the running one', async () => {
    const { loader, batches, hold } = recordingLoader();
    const release = hold();
    const stale = loader.load(1, 'before');
    await nextTurn();
    loader.detachRunning();
    const fresh = loader.load(1, 'after');
    release();

    expect(fresh).not.toBe(stale);
    expect(await Promise.all([stale, fresh])).toEqual(['before:1', 'after:1']);
    expect(batches).toEqual([[[1, 'before']], [[1, 'after']]]);
  });
});

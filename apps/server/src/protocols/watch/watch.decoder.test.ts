import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, firstFrame, loadFrameVectors, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeWatch } from './watch.decoder.js';
import { createWatchFramer } from './watch.framer.js';
import { watchProtocol } from './watch.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([]);

describe(decodeWatch.name, () => {
  const vectors = loadVectors('watch');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    // the voice vector's harness stores media as "mock.amr"
    replayed = replayVectors(watchProtocol, vectors, { writeMedia: () => 'mock.amr' });
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });

  it('answers LK, AL and TKQ by echoing maker, id and type', () => {
    const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: undefined, now: () => VECTOR_NOW };
    // reference/protocols.md §6: `[SG*8800000015*0002*LK]`
    expect(decodeWatch(Buffer.from('[SG*8800000015*0002*LK]', 'latin1'), context).ack.map(String)).toEqual(['[SG*8800000015*0002*LK]']);
    expect(decodeWatch(Buffer.from(vectors[33]!.message, 'latin1'), context).ack.map(String)).toEqual(['[SG*8800000015*0002*AL]']);
    expect(decodeWatch(Buffer.from('[3G*8800000015*0003*TKQ]', 'latin1'), context).ack.map(String)).toEqual(['[3G*8800000015*0003*TKQ]']);
  });
});

describe(createWatchFramer.name, () => {
  loadFrameVectors('watch').forEach((vector, index) => {
    it(`splits captured stream #${index}`, () => {
      expect(firstFrame(createWatchFramer(), Buffer.from(vector.input, 'hex'))).toBe(vector.expectedFrame);
    });
  });
});

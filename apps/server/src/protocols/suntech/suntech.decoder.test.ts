import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeSuntech } from './suntech.decoder.js';
import { suntechProtocol } from './suntech.protocol.js';

describe(decodeSuntech.name, () => {
  const vectors = loadVectors('suntech');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(suntechProtocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const name = describeVector({ index, vector });
    // upstream switched this test off (CRR crash reports spread g-sensor samples over several frames): it must only decode harmlessly
    if (vector.disabled) it(`${name} (disabled upstream)`, () => expect(replayed[index]!.error).toBeUndefined());
    else it(name, () => assertVector(replayed[index]!));
  });
});

import { beforeAll, describe, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeSuntech } from './suntech.decoder.js';
import { suntechProtocol } from './suntech.protocol.js';

const NOT_YET_SUPPORTED = new Map<number, string>([
  [0, '0x02 compressed report layout undocumented'],
  [52, 'CRR crash report (g-sensor samples over several frames), disabled upstream'],
]);

describe(decodeSuntech.name, () => {
  const vectors = loadVectors('suntech');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(suntechProtocol, vectors);
  });

  vectors.forEach((vector, index) => {
    const reason = NOT_YET_SUPPORTED.get(index);
    const name = describeVector({ index, vector });
    if (reason) it.fails(`${name} (not yet supported: ${reason})`, () => assertVector(replayed[index]!));
    else it(name, () => assertVector(replayed[index]!));
  });
});

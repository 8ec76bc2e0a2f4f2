import { beforeAll, describe, expect, it } from 'vitest';
import { assertVector, describeVector, loadVectors, replayVectors, VECTOR_NOW, type ReplayedVector } from '../../../test/helpers/protocol-vectors.js';
import { decodeGl200 } from './gl200.decoder.js';
import { gl200Protocol } from './gl200.protocol.js';

describe(decodeGl200.name, () => {
  const vectors = loadVectors('gl200');
  let replayed: ReplayedVector[];
  beforeAll(() => {
    replayed = replayVectors(gl200Protocol, vectors);
  });

  vectors.forEach((vector, index) => {
    it(describeVector({ index, vector }), () => assertVector(replayed[index]!));
  });

  const context = { uniqueId: undefined, model: undefined, transport: 'tcp' as const, state: { ack: false }, now: () => VECTOR_NOW };

  it('reads the external power (mV) before the blocks of GTFRI-layout reports, when the model sends one', () => {
    const powerOf = (prefix: string) => {
      const positions = decodeGl200(Buffer.from(vectors.find((vector) => vector.message.startsWith(prefix))!.message, 'latin1'), context).positions;
      return positions[positions.length - 1]!.attributes.power;
    };
    expect(powerOf('+RESP:GTFRI,DF0200,868487004353181,cv100,14051,')).toBe(14.051);
    expect(powerOf('+RESP:GTERI,4F0D06,865585041396684,,00000100,12665,')).toBe(12.665);
    expect(powerOf('+RESP:GTFRI,360201,864251020186064,1G1JC5444R7252367,,12802,')).toBe(12.802);
    // an empty field, and the 0 of models without an external supply
    expect(powerOf('+RESP:GTRTL,DF0200,868487004353181,cv100,,')).toBeUndefined();
    expect(powerOf('+RESP:GTFRI,423037,866884047716519,GT501,0,')).toBeUndefined();
  });

  it('answers a heartbeat with +SACK:GTHBD, its protocol version and count number', () => {
    const result = decodeGl200(Buffer.from(vectors[136]!.message, 'latin1'), context);
    expect(result.identify).toBe('135790246811220');
    expect(result.ack.map(String)).toEqual(['+SACK:GTHBD,1A0401,11F0$']);
  });

  it('decodes a binary event report: IMEI, supply volts, fix and the serving cell with its decimal MCC', () => {
    const result = decodeGl200(Buffer.from(vectors[148]!.message, 'hex'), context);
    expect(result.positions).toHaveLength(1);
    expect(result.positions[0]).toMatchObject({ valid: false, latitude: 39.611, longitude: -9.068262, course: 63, altitude: 125, fixTime: Date.UTC(2017, 6, 10, 20, 4, 18) });
    expect(result.positions[0]!.attributes).toMatchObject({ batteryLevel: 100, power: 12.586, sat: 9 });
    expect(result.positions[0]!.network?.cellTowers?.[0]).toMatchObject({ mobileCountryCode: 268, mobileNetworkCode: 3 });
  });

  it('expands a compressed binary report into one fix a second', () => {
    const { positions } = decodeGl200(Buffer.from(vectors[145]!.message, 'hex'), context);
    expect(positions.length).toBeGreaterThan(100);
    expect(positions[1]!.fixTime - positions[0]!.fixTime).toBe(1000);
  });

  it('with gl200.ack, answers every text message with +SACK and its count number, after any reply of its own', () => {
    const acked = { ...context, state: { ack: true } };
    const report = Buffer.from(vectors.find((vector) => vector.message.startsWith('+RESP:GTFRI,DF0200,868487004353181,cv100,14051,'))!.message, 'latin1');
    expect(decodeGl200(report, context).ack).toEqual([]);
    expect(decodeGl200(report, acked).ack.map(String)).toEqual(['+SACK:32DB$']);
    expect(decodeGl200(Buffer.from(vectors[136]!.message, 'latin1'), acked).ack.map(String)).toEqual(['+SACK:GTHBD,1A0401,11F0$', '+SACK:11F0$']);
  });
});

import { describe, expect, it } from 'vitest';
import { openPayload, readRecords, readRecordsFrom, RecordBatch, RecordKind } from './tcp-io-records.js';

const recordsOf = (records: Uint8Array) => {
  const read: { kind: RecordKind; connection: number; payload: string }[] = [];
  readRecords(records, (kind, connection, payload) => read.push({ kind, connection, payload: payload.toString('hex') }));
  return read;
};

describe('RecordBatch', () => {
  it('hands over the records of a turn in order, each with its connection and bytes, and starts empty again', () => {
    const batch = new RecordBatch();
    batch.append(RecordKind.data, 7, Buffer.from('787805', 'hex'));
    batch.append(RecordKind.closed, 0xffff_fffe);
    batch.append(RecordKind.write, 1, new Uint8Array([1, 2]));
    const records = batch.take()!;
    expect(recordsOf(records)).toEqual([
      { kind: RecordKind.data, connection: 7, payload: '787805' },
      { kind: RecordKind.closed, connection: 0xffff_fffe, payload: '' },
      { kind: RecordKind.write, connection: 1, payload: '0102' },
    ]);
    expect(batch.size).toBe(0);
    expect(batch.take()).toBeUndefined();
  });

  it('takes an array exactly the records\' size, its own, so that transferring it leaves the batch usable', () => {
    const batch = new RecordBatch();
    batch.append(RecordKind.write, 3, Buffer.from('ack'));
    const records = batch.take()!;
    expect(records.byteLength).toBe(9 + 3);
    expect(records.buffer.byteLength).toBe(records.byteLength);
    structuredClone(records, { transfer: [records.buffer] });
    batch.append(RecordKind.write, 4, Buffer.from('next'));
    expect(recordsOf(batch.take()!)).toEqual([{ kind: RecordKind.write, connection: 4, payload: Buffer.from('next').toString('hex') }]);
  });

  it('carries payloads larger than its starting size, and many records of one turn', () => {
    const batch = new RecordBatch();
    const large = Buffer.alloc(100_000, 0xab);
    for (let connection = 1; connection <= 1000; connection++) batch.append(RecordKind.data, connection, Buffer.from([connection & 0xff]));
    batch.append(RecordKind.data, 1001, large);
    const read = recordsOf(batch.take()!);
    expect(read).toHaveLength(1001);
    expect(read[999]).toEqual({ kind: RecordKind.data, connection: 1000, payload: 'e8' });
    expect(read[1000]!.payload).toBe(large.toString('hex'));
  });

  it('puts an open record\'s listener before the address', () => {
    const batch = new RecordBatch();
    batch.append(RecordKind.open, 9, Buffer.from('[::1]:40123'), 42);
    readRecords(batch.take()!, (kind, connection, payload) => {
      expect([kind, connection]).toEqual([RecordKind.open, 9]);
      expect(openPayload(payload)).toEqual({ listener: 42, remoteAddress: '[::1]:40123' });
    });
  });
});

describe('readRecordsFrom', () => {
  it('stops before a record while told to, and goes on from there later, each record read once', () => {
    const batch = new RecordBatch();
    for (const [index, text] of ['a', 'bb', 'ccc'].entries()) batch.append(RecordKind.data, index, Buffer.from(text));
    const records = batch.take()!;
    const read: string[] = [];
    const each = (_kind: RecordKind, _connection: number, payload: Buffer) => read.push(payload.toString());
    let allowed = 1;
    const first = readRecordsFrom(records, 0, each, () => allowed-- > 0);
    expect(read).toEqual(['a']);
    expect(first).toBe(9 + 1);
    expect(readRecordsFrom(records, first, each, () => false)).toBe(first);
    expect(readRecordsFrom(records, first, each, () => true)).toBe(-1);
    expect(read).toEqual(['a', 'bb', 'ccc']);
  });
});

import type { Network } from '@tracklane/domain';
import { describe, expect, it } from 'vitest';
import { NetworkSchema } from '@tracklane/domain';
import { sameNetwork } from './network-equal.js';

const network = (cellId: number): Network => ({
  radioType: 'gsm',
  considerIp: false,
  cellTowers: [{ cellId, locationAreaCode: 9520, mobileCountryCode: 460, mobileNetworkCode: 0, signalStrength: -70 }],
  wifiAccessPoints: [{ macAddress: '00:11:22:33:44:55', signalStrength: -60, channel: 6 }],
});

describe(sameNetwork.name, () => {
  it('holds for equal networks made separately, whatever the order of their keys', () => {
    const { radioType, ...rest } = network(3342);
    expect(sameNetwork(network(3342), { ...rest, radioType })).toBe(true);
    expect(sameNetwork({ radioType: 'gsm' }, { radioType: 'gsm', cellTowers: undefined })).toBe(true);
  });

  it('fails on a difference in any field the network schema has, at any depth', () => {
    // one changed value per field of the schema, the towers' and access points' fields included
    const changes: ((copy: Network) => void)[] = [
      (copy) => (copy.radioType = 'lte'),
      (copy) => (copy.considerIp = true),
      (copy) => (copy.homeMobileCountryCode = 404),
      (copy) => (copy.homeMobileNetworkCode = 10),
      (copy) => (copy.carrier = 'Airtel'),
      (copy) => (copy.cellTowers![0]!.cellId = 1),
      (copy) => (copy.cellTowers![0]!.locationAreaCode = 1),
      (copy) => (copy.cellTowers![0]!.mobileCountryCode = 1),
      (copy) => (copy.cellTowers![0]!.mobileNetworkCode = 1),
      (copy) => (copy.cellTowers![0]!.signalStrength = -50),
      (copy) => (copy.cellTowers![0]!.radioType = 'lte'),
      (copy) => (copy.wifiAccessPoints![0]!.macAddress = '66:77:88:99:aa:bb'),
      (copy) => (copy.wifiAccessPoints![0]!.signalStrength = -40),
      (copy) => (copy.wifiAccessPoints![0]!.channel = 11),
      (copy) => copy.cellTowers!.push(network(1).cellTowers![0]!),
      (copy) => delete copy.wifiAccessPoints,
    ];
    const fields = (schema: { properties: Record<string, unknown> }) => Object.keys(schema.properties);
    const towerFields = fields((NetworkSchema.properties.cellTowers as unknown as { items: { properties: Record<string, unknown> } }).items);
    const wifiFields = fields((NetworkSchema.properties.wifiAccessPoints as unknown as { items: { properties: Record<string, unknown> } }).items);
    // a change above for each field of the schema (the two lists' own change each standing for the
    // list field), so a field added to the schema fails here until it is compared too
    expect(changes.length).toBe(fields(NetworkSchema).length + towerFields.length + wifiFields.length);
    for (const change of changes) {
      const copy = structuredClone(network(3342));
      change(copy);
      expect(sameNetwork(network(3342), copy)).toBe(false);
      expect(sameNetwork(copy, network(3342))).toBe(false);
    }
  });

  it('tells no value from a value, and NaN from itself', () => {
    expect(sameNetwork({ radioType: 'gsm' }, { radioType: 'gsm', cellTowers: [] })).toBe(false);
    expect(sameNetwork({ homeMobileCountryCode: Number.NaN }, { homeMobileCountryCode: Number.NaN })).toBe(false);
  });
});

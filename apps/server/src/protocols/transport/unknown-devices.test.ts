import { describe, expect, it } from 'vitest';
import { createUnknownDevices } from './unknown-devices.js';

describe('createUnknownDevices', () => {
  it('lists identifiers newest first and counts repeated sightings', () => {
    const unknown = createUnknownDevices();
    unknown.record('111', 'gt06', '10.0.0.1:4000', 1000);
    unknown.record('222', 'h02', '10.0.0.2:4000', 2000);
    unknown.record('111', 'gt06', '10.0.0.1:4001', 3000);
    expect(unknown.list()).toEqual([
      { uniqueId: '111', protocol: 'gt06', remoteAddress: '10.0.0.1:4001', firstSeen: 1000, lastSeen: 3000, count: 2 },
      { uniqueId: '222', protocol: 'h02', remoteAddress: '10.0.0.2:4000', firstSeen: 2000, lastSeen: 2000, count: 1 },
    ]);
  });

  it('keeps only the most recently seen identifiers', () => {
    const unknown = createUnknownDevices(3);
    for (let i = 1; i <= 5; i++) unknown.record(String(i), 'watch', 'a:1', i);
    expect(unknown.list().map((entry) => entry.uniqueId)).toEqual(['5', '4', '3']);
  });

  it('forgets a removed identifier', () => {
    const unknown = createUnknownDevices();
    unknown.record('1', 'tk103', 'a:1', 1);
    unknown.remove('1');
    expect(unknown.list()).toEqual([]);
  });
});

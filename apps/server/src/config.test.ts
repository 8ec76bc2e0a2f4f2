import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('starts on port 8082 with SQLite under data/ when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8082);
    expect(config.databaseUrl).toBe('sqlite:data/database.sqlite');
    expect(config.protocolPorts.osmand).toBe(5055);
    expect(config.redisUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', OSMAND_PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'a@b.c' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of ['PORT', 'OSMAND_PORT', 'LOG_LEVEL', 'DATABASE_URL', 'ADMIN_PASSWORD']) {
      expect(message).toContain(name);
    }
    expect((error as ConfigError).problems).toHaveLength(5);
  });

  it('disables a protocol with port 0 and reads PostgreSQL and Redis URLs', () => {
    const config = loadConfig({ OSMAND_PORT: '0', DATABASE_URL: 'postgres://127.0.0.1/test', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.protocolPorts.osmand).toBe(0);
    expect(config.databaseUrl).toBe('postgres://127.0.0.1/test');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('captures statistics once a day unless STATISTICS_INTERVAL says otherwise', () => {
    expect(loadConfig({}).statisticsInterval).toBe(86400);
    expect(loadConfig({ STATISTICS_INTERVAL: '2' }).statisticsInterval).toBe(2);
    expect(() => loadConfig({ STATISTICS_INTERVAL: '0' })).toThrow(/STATISTICS_INTERVAL must be an integer from 1 to 604800/);
  });

  it("takes OsmAnd's speed unit from OSMAND_SPEED, refusing a unit it does not know", () => {
    expect(loadConfig({}).processing['osmand.speed']).toBeUndefined();
    expect(loadConfig({ OSMAND_SPEED: 'kmh', OSMAND_MIN_ACCURACY: '25' }).processing).toMatchObject({ 'osmand.speed': 'kmh', 'osmand.minAccuracy': 25 });
    expect(() => loadConfig({ OSMAND_SPEED: 'kph' })).toThrow('OSMAND_SPEED must be one of kn, kmh, mph, mps (got "kph")');
  });

  it('takes the H02 binary message length from H02_MESSAGE_LENGTH, 32 or 45 only', () => {
    expect(loadConfig({ H02_MESSAGE_LENGTH: '45' }).processing['h02.messageLength']).toBe(45);
    expect(() => loadConfig({ H02_MESSAGE_LENGTH: '40' })).toThrow('H02_MESSAGE_LENGTH must be one of 0, 32, 45 (got "40")');
  });
});

import { definitionOf, type KeysOfType, type ProcessingKey } from './processing-keys.js';
import type { ProcessingConfig } from './processing-config.js';

type Attributes = Record<string, unknown>;

/** Where a device's settings come from: its own attributes, its groups nearest first, the server, the config. */
export interface SettingsSources {
  device: Attributes;
  /** Group attributes from the device's group upwards. */
  groups: readonly Attributes[];
  server: Attributes;
  config: ProcessingConfig;
}

/** Groups consulted above the device (reference §0.2). */
export const GROUP_LOOKUP_DEPTH = 3;

const coerce = (type: 'boolean' | 'number' | 'string', value: unknown): boolean | number | string | undefined => {
  if (value === null || value === undefined) return undefined;
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value).trim().toLowerCase() === 'true';
    case 'number': {
      const number = typeof value === 'number' ? value : Number(String(value).trim());
      return typeof value === 'string' && value.trim() === '' ? undefined : Number.isFinite(number) ? number : undefined;
    }
    case 'string':
      return typeof value === 'string' ? value : String(value);
  }
};

/**
 * A device's view of the processing keys: device attributes, then up to three groups, then the
 * server attributes (server keys only), then the config (config keys only), then the default;
 * absent everywhere, 0 / false / "". Each key is resolved once and remembered.
 * @see reference/processing.md §0.2
 */
export const createDeviceSettings = (sources: SettingsSources) => {
  const memo = new Map<ProcessingKey, boolean | number | string>();

  const resolve = (key: ProcessingKey): boolean | number | string => {
    const definition = definitionOf(key);
    const layers: (Attributes | undefined)[] = [sources.device, ...sources.groups.slice(0, GROUP_LOOKUP_DEPTH)];
    if (definition.scopes.includes('server')) layers.push(sources.server);
    for (const layer of layers) {
      const value = coerce(definition.type, layer?.[key]);
      if (value !== undefined) return value;
    }
    const configured = definition.scopes.includes('config') ? sources.config[key] : undefined;
    if (configured !== undefined) return configured;
    if (definition.default !== undefined) return definition.default;
    return definition.type === 'boolean' ? false : definition.type === 'number' ? 0 : '';
  };

  const get = (key: ProcessingKey) => {
    let value = memo.get(key);
    if (value === undefined) {
      value = resolve(key);
      memo.set(key, value);
    }
    return value;
  };

  return {
    number: (key: KeysOfType<'number'>): number => get(key) as number,
    boolean: (key: KeysOfType<'boolean'>): boolean => get(key) as boolean,
    string: (key: KeysOfType<'string'>): string => get(key) as string,
    /** Comma or space separated list. */
    list: (key: KeysOfType<'string'>): string[] => (get(key) as string).split(/[\s,]+/).filter(Boolean),
  };
};

export type DeviceSettings = ReturnType<typeof createDeviceSettings>;

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

type Resolved = Map<ProcessingKey, boolean | number | string>;

/** Stands for "no group at this depth" in the shared-resolutions key. */
const NO_GROUP = {};
/** Config → server → group 1 → group 2 → group 3 (objects, by identity) → resolved keys. */
const sharedResolutions = new WeakMap<object, unknown>();

/**
 * The resolved keys of a device with no attributes of its own, shared by every such device whose
 * groups, server attributes and config are the same objects: most of a fleet resolves alike, and
 * one map per device held ~1 KB for each of 10,000 devices. Keyed by identity, so attributes read
 * again after an edit (new objects) start afresh, and the old entries go with their objects.
 */
const sharedMemo = (sources: SettingsSources): Resolved | undefined => {
  if (Object.keys(sources.device).length > 0) return undefined;
  const path: unknown[] = [sources.config, sources.server, ...Array.from({ length: GROUP_LOOKUP_DEPTH }, (_, depth) => sources.groups[depth] ?? NO_GROUP)];
  // only objects can key a WeakMap; a layer that is not one keeps its own map
  if (!path.every((key): key is object => typeof key === 'object' && key !== null)) return undefined;
  let level = sharedResolutions;
  for (const key of path.slice(0, -1)) {
    let next = level.get(key) as WeakMap<object, unknown> | undefined;
    if (!next) level.set(key, (next = new WeakMap()));
    level = next;
  }
  const last = path.at(-1)!;
  let memo = level.get(last) as Resolved | undefined;
  if (!memo) level.set(last, (memo = new Map()));
  return memo;
};

/** Lists by their text, split once instead of at every position (a fleet has a handful of distinct ones). */
const lists = new Map<string, readonly string[]>();
const LISTS_KEPT = 1024;

const listOf = (text: string): readonly string[] => {
  let list = lists.get(text);
  if (list === undefined) {
    if (lists.size >= LISTS_KEPT) lists.clear();
    lists.set(text, (list = Object.freeze(text.split(/[\s,]+/).filter(Boolean))));
  }
  return list;
};

/**
 * A device's view of the processing keys: device attributes, then up to three groups, then the
 * server attributes (server keys only), then the config (config keys only), then the default;
 * absent everywhere, 0 / false / "". Each key is resolved once and remembered (for devices
 * without attributes of their own, once for all that share their groups, server and config).
 * @see reference/processing.md §0.2
 */
export const createDeviceSettings = (sources: SettingsSources) => {
  const memo: Resolved = sharedMemo(sources) ?? new Map();

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
    list: (key: KeysOfType<'string'>): readonly string[] => listOf(get(key) as string),
  };
};

export type DeviceSettings = ReturnType<typeof createDeviceSettings>;

import { definitionOf, envNameOf, PROCESSING_KEYS, type ProcessingKey } from './processing-keys.js';

/** Values of the config-scoped processing keys that the environment sets. */
export type ProcessingConfig = Readonly<Partial<Record<ProcessingKey, boolean | number | string>>>;

const parse = (type: 'boolean' | 'number' | 'string', raw: string): boolean | number | string | undefined => {
  if (type === 'string') return raw;
  if (type === 'boolean') {
    const lower = raw.toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : undefined;
  }
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
};

/** Reads every config-scoped processing key from its environment variable; bad values go to `problems`. */
export const readProcessingConfig = (env: Record<string, string | undefined>, problems: string[]): ProcessingConfig => {
  const config: Partial<Record<ProcessingKey, boolean | number | string>> = {};
  for (const key of Object.keys(PROCESSING_KEYS) as ProcessingKey[]) {
    const definition = definitionOf(key);
    if (!definition.scopes.includes('config')) continue;
    const name = envNameOf(key);
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const value = parse(definition.type, raw);
    if (value === undefined) problems.push(`${name} must be ${definition.type === 'boolean' ? 'true or false' : 'a number'} (got "${raw}")`);
    else if (definition.oneOf && !definition.oneOf.includes(String(value))) problems.push(`${name} must be one of ${definition.oneOf.join(', ')} (got "${raw}")`);
    else config[key] = value;
  }
  return Object.freeze(config);
};

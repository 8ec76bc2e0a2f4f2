import v8 from 'node:v8';
import safeRegex from 'safe-regex2';
import { JexlError } from './jexl-values.js';

const MAX_PATTERN_LENGTH = 512;
/** Without the linear engine, the input is kept short so even a slow pattern ends quickly. */
const MAX_BACKTRACKING_INPUT = 256;
const CACHE_SIZE = 256;

/**
 * V8's linear-time regular expression engine (the `l` flag) cannot backtrack catastrophically, so
 * a user's pattern cannot stall the pipeline. It sits behind a V8 flag that only makes the flag
 * available; nothing else changes. Where it is missing, patterns with nested repetition are
 * refused (safe-regex2) and inputs are kept short.
 */
const linearFlag = (() => {
  try {
    v8.setFlagsFromString('--enable-experimental-regexp-engine');
    return new RegExp('a', 'l') ? 'l' : '';
  } catch {
    return '';
  }
})();

const cache = new Map<string, RegExp>();

const compile = (pattern: string): RegExp => {
  const cached = cache.get(pattern);
  if (cached) return cached;
  if (pattern.length > MAX_PATTERN_LENGTH) throw new JexlError(`regular expression longer than ${MAX_PATTERN_LENGTH} characters`);
  if (!linearFlag && !safeRegex(pattern)) throw new JexlError('regular expression may take too long');
  let regex: RegExp;
  try {
    // Java's String.matches: the whole string must match
    regex = new RegExp(`^(?:${pattern})$`, linearFlag);
  } catch (error) {
    throw new JexlError(`invalid regular expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(pattern, regex);
  return regex;
};

/** Whether the whole of `text` matches `pattern` (Java regular expression syntax, as far as JS shares it). */
export const matchesRegex = (text: string, pattern: string): boolean => {
  const regex = compile(pattern);
  if (!linearFlag && text.length > MAX_BACKTRACKING_INPUT) throw new JexlError('text too long for a regular expression');
  return regex.test(text);
};

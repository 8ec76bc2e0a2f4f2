import type { StageInput } from '../stage-input.js';

/**
 * Whether duplicate/static/distance filters stand down: the device was silent longer than
 * `filter.skipLimit` seconds, or an attribute listed in `filter.skipAttributes` is present and
 * differs from the last position's value.
 */
export const skipFiltering = ({ position, last, context }: StageInput): boolean => {
  const skipLimit = context.settings.number('filter.skipLimit');
  if (skipLimit > 0 && last && position.serverTime - last.serverTime > skipLimit * 1000) return true;
  for (const key of context.settings.list('filter.skipAttributes')) {
    const value = position.attributes[key];
    if (value !== undefined && (!last || last.attributes[key] !== value)) return true;
  }
  return false;
};

import type { StageInput } from '../stage-input.js';

/**
 * With `processing.copyAttributes.enable`, attributes listed in `processing.copyAttributes` that the
 * position lacks are copied from the last position.
 * @see reference/processing.md §1.2 (Copy attributes)
 */
export const copyAttributesStage = ({ position, last, context }: StageInput): void => {
  if (!last || !context.settings.boolean('processing.copyAttributes.enable')) return;
  for (const key of context.settings.list('processing.copyAttributes')) {
    if (position.attributes[key] === undefined && last.attributes[key] !== undefined) position.attributes[key] = last.attributes[key];
  }
};

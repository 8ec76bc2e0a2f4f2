import type { StageInput } from '../stage-input.js';

/**
 * One rule of the filter stage (reference/processing.md §1.3). `skippable` filters (duplicate,
 * static, distance) stand down under the skip rules.
 */
export interface PositionFilter {
  /** Logged when the filter drops a position. */
  readonly name: string;
  readonly skippable?: boolean;
  matches(input: StageInput): boolean;
}

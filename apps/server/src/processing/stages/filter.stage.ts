import { accuracyFilter } from '../filters/accuracy.filter.js';
import { calendarFilter } from '../filters/calendar.filter.js';
import { approximateFilter } from '../filters/approximate.filter.js';
import { dailyLimitFilter } from '../filters/daily-limit.filter.js';
import { distanceFilter } from '../filters/distance.filter.js';
import { duplicateFilter } from '../filters/duplicate.filter.js';
import { futureFilter } from '../filters/future.filter.js';
import { invalidFilter } from '../filters/invalid.filter.js';
import { maxSpeedFilter } from '../filters/max-speed.filter.js';
import { minPeriodFilter } from '../filters/min-period.filter.js';
import { outdatedFilter } from '../filters/outdated.filter.js';
import { pastFilter } from '../filters/past.filter.js';
import type { PositionFilter } from '../filters/position-filter.js';
import { skipFiltering } from '../filters/skip-rules.js';
import { staticFilter } from '../filters/static.filter.js';
import { zeroFilter } from '../filters/zero.filter.js';
import type { StageInput } from '../stage-input.js';

export const POSITION_FILTERS: readonly PositionFilter[] = [
  invalidFilter, zeroFilter, duplicateFilter, outdatedFilter, futureFilter, pastFilter, accuracyFilter, approximateFilter,
  staticFilter, distanceFilter, maxSpeedFilter, minPeriodFilter, dailyLimitFilter, calendarFilter,
];

/** What a position no filter drops gives: one shared list rather than a new one for every position. */
export const NO_FILTERS: readonly string[] = Object.freeze([]);

/**
 * Pipeline stage 8: every filter is evaluated; the names of those that match are returned, and any
 * match drops the position. Off entirely with `filter.enable=false`.
 * @see reference/processing.md §1.3
 */
export const filterStage = (input: StageInput): readonly string[] => {
  if (!input.context.settings.boolean('filter.enable')) return NO_FILTERS;
  let skip: boolean | undefined;
  let matched: string[] | undefined;
  for (const filter of POSITION_FILTERS) {
    if (filter.skippable && (skip ??= skipFiltering(input))) continue;
    if (filter.matches(input)) (matched ??= []).push(filter.name);
  }
  return matched ?? NO_FILTERS;
};

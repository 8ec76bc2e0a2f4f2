import type { DeviceContext } from './device-context.js';
import type { DeviceState } from './device-state.js';
import { runDetectors, type Guard } from './events/position-detectors.js';
import type { PendingEvent } from './events/pending-event.js';
import { dayOf } from './filters/daily-limit.filter.js';
import type { PipelinePosition } from './pipeline-position.js';
import type { StageInput } from './stage-input.js';
import { computedAttributesStage, NO_COMPUTED_ATTRIBUTES, type ComputedAttributeEvaluator } from './stages/computed-attributes.stage.js';
import { copyAttributesStage } from './stages/copy-attributes.stage.js';
import { distanceStage } from './stages/distance.stage.js';
import { driverStage } from './stages/driver.stage.js';
import { engineHoursStage } from './stages/engine-hours.stage.js';
import { filterStage, NO_FILTERS } from './stages/filter.stage.js';
import { geofenceStage } from './stages/geofence.stage.js';
import { motionStage } from './stages/motion.stage.js';
import { outdatedStage } from './stages/outdated.stage.js';
import { timeStage } from './stages/time.stage.js';

export type PipelineResult =
  | { kind: 'filtered'; filters: readonly string[] }
  | {
      kind: 'accepted';
      position: PipelinePosition;
      /** Not older than the device's latest position: it becomes the latest and events were detected. */
      latest: boolean;
      events: readonly PendingEvent[];
      /** The device's state once this position is stored. */
      state: DeviceState;
    };

export interface PipelineOptions {
  computedAttributes?: ComputedAttributeEvaluator;
  /** A stage or detector threw: the position goes on as if it had not (reference §1.2). */
  onStageError?: (stage: string, error: unknown, position: PipelinePosition) => void;
}

type Stage = readonly [name: string, run: (input: StageInput) => void];

/**
 * The position pipeline in Traccar's order (reference/processing.md §1.2): computed attributes
 * (early), outdated, time, distance, filters, geofences, motion, computed attributes (late),
 * driver, copy attributes, engine hours; then, for a kept position, the event detectors (§3).
 * Synchronous and free of I/O: the device's context and state are loaded beforehand, and the
 * result is stored by the caller.
 */
export const createPositionPipeline = (options: PipelineOptions = {}) => {
  const evaluator = options.computedAttributes ?? NO_COMPUTED_ATTRIBUTES;
  const before: Stage[] = [
    ['computedAttributes.early', computedAttributesStage(evaluator, 'early')],
    ['outdated', outdatedStage],
    ['time', timeStage],
    ['distance', distanceStage],
  ];
  const after: Stage[] = [
    ['geofence', geofenceStage],
    ['motion', motionStage],
    ['computedAttributes.late', computedAttributesStage(evaluator, 'late')],
    ['driver', driverStage],
    ['copyAttributes', copyAttributesStage],
    ['engineHours', engineHoursStage],
  ];

  /** The position whose stages run now, for the error report (the pipeline is synchronous, so one at a time). */
  let current: PipelinePosition | undefined;
  const guard: Guard = (name, fallback, run, arg) => {
    try {
      return run(arg);
    } catch (error) {
      options.onStageError?.(name, error, current!);
      return fallback;
    }
  };

  return (position: PipelinePosition, context: DeviceContext, state: DeviceState, now: number): PipelineResult => {
    current = position;
    const input: StageInput = { position, last: state.last, context, state, now };
    for (const [name, run] of before) guard(name, undefined, run, input);
    const filters = guard('filter', NO_FILTERS, filterStage, input);
    if (filters.length > 0) return { kind: 'filtered', filters };
    for (const [name, run] of after) guard(name, undefined, run, input);

    const { last } = state;
    const latest = !last || position.fixTime >= last.fixTime;
    const detected = runDetectors(input, latest, guard);
    const day = dayOf(now);
    const dayCount = (state.day === day ? state.dayCount : 0) + 1;
    // one object literal of every field: spreads made it field by field, in a shape of its own
    const next: DeviceState = latest
      ? { last: position, window: detected.state.window, motion: detected.state.motion, overspeed: detected.state.overspeed, day, dayCount }
      : { last: state.last, window: state.window, motion: state.motion, overspeed: state.overspeed, day, dayCount };
    return { kind: 'accepted', position, latest, events: detected.events, state: next };
  };
};

export type PositionPipeline = ReturnType<typeof createPositionPipeline>;

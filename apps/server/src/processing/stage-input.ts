import type { DeviceContext } from './device-context.js';
import type { DeviceState } from './device-state.js';
import type { PipelinePosition } from './pipeline-position.js';

/** What every pipeline stage and filter sees. Stages change `position` in place; nothing else. */
export interface StageInput {
  position: PipelinePosition;
  /** The device's latest accepted position before this one. */
  last: PipelinePosition | undefined;
  context: DeviceContext;
  state: DeviceState;
  /** Server clock, epoch ms. */
  now: number;
}

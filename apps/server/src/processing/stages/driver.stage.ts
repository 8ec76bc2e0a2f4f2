import type { StageInput } from '../stage-input.js';

/**
 * With `processing.useLinkedDriver`, a position without `driverUniqueId` takes the identifier of a
 * driver linked to the device (directly or through its groups).
 * @see reference/processing.md §1.2 (Driver)
 */
export const driverStage = ({ position, context }: StageInput): void => {
  if (!context.settings.boolean('processing.useLinkedDriver') || position.attributes.driverUniqueId !== undefined) return;
  const driver = context.drivers[0];
  if (driver) position.attributes.driverUniqueId = driver.uniqueId;
};

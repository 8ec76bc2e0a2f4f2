import type { DeviceSettings } from '../processing/settings/device-settings.js';
import type { NewMotionSettings } from '../processing/events/motion/new-motion.processor.js';
import type { OldMotionSettings } from '../processing/events/motion/old-motion.processor.js';

/** Which motion algorithm replays a device's positions, with its parameters in metres and milliseconds. */
export type MotionSettings = { speedThreshold: number } & ({ logic: 'new'; parameters: NewMotionSettings } | { logic: 'old'; parameters: OldMotionSettings });

/** Per-device report settings (device → groups → config → default, reference/processing.md §0.2). */
export interface ReportSettings {
  motion: MotionSettings;
  /** Distances from totalDistance only, never the device odometer. */
  ignoreOdometer: boolean;
  /** Litres; 0 = unknown (no fuelLevel-based spent fuel). */
  fuelCapacity: number;
}

export const DEFAULT_MOTION: MotionSettings = {
  logic: 'new',
  speedThreshold: 0.01,
  parameters: { minDistance: 200, minDuration: 180_000, stopGap: 3_600_000 },
};

/**
 * The trips/stops method and its parameters: the distance/time method by default, the `motion`-flag
 * method when `report.trip.newLogic` is false for the device (its attributes, its groups, or the
 * REPORT_TRIP_NEW_LOGIC variable).
 * @see reference/processing.md §5.3
 */
export const motionSettingsOf = (settings: DeviceSettings): MotionSettings => {
  const speedThreshold = settings.number('event.motion.speedThreshold');
  if (settings.boolean('report.trip.newLogic')) {
    return {
      logic: 'new',
      speedThreshold,
      parameters: {
        minDistance: settings.number('report.trip.minDistance'),
        minDuration: settings.number('report.trip.minDuration') * 1000,
        stopGap: settings.number('report.trip.stopGap') * 1000,
      },
    };
  }
  return {
    logic: 'old',
    speedThreshold,
    parameters: {
      minimalTripDistance: settings.number('report.trip.minimalTripDistance'),
      minimalTripDuration: settings.number('report.trip.minimalTripDuration') * 1000,
      minimalParkingDuration: settings.number('report.trip.minimalParkingDuration') * 1000,
      minimalNoDataDuration: settings.number('report.trip.minimalNoDataDuration') * 1000,
      useIgnition: settings.boolean('report.trip.useIgnition'),
    },
  };
};

export const reportSettingsOf = (settings: DeviceSettings): ReportSettings => ({
  motion: motionSettingsOf(settings),
  ignoreOdometer: settings.boolean('report.ignoreOdometer'),
  fuelCapacity: settings.number('fuelCapacity'),
});

import type { PipelinePosition } from '../pipeline-position.js';
import { positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const alarmsOf = (position: PipelinePosition | undefined): string[] => {
  const value = position?.attributes.alarm;
  if (value === undefined || value === null) return [];
  return [...new Set(String(value).split(',').map((alarm) => alarm.trim()).filter(Boolean))];
};

/**
 * alarm: one event per distinct value of the comma-separated `alarm` attribute; with
 * `event.ignoreDuplicateAlerts` (default on) values the last position also had are left out.
 */
export const detectAlarms = ({ position, last, context }: DetectorInput): PendingEvent[] => {
  const previous = context.settings.boolean('event.ignoreDuplicateAlerts') ? new Set(alarmsOf(last)) : new Set<string>();
  return alarmsOf(position)
    .filter((alarm) => !previous.has(alarm))
    .map((alarm) => positionEvent('alarm', position, { alarm }));
};

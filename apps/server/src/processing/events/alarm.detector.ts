import type { PipelinePosition } from '../pipeline-position.js';
import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const NO_ALARMS: readonly string[] = Object.freeze([]);

const alarmsOf = (position: PipelinePosition | undefined): readonly string[] => {
  const value = position?.attributes.alarm;
  if (value === undefined || value === null) return NO_ALARMS;
  return [...new Set(String(value).split(',').map((alarm) => alarm.trim()).filter(Boolean))];
};

/**
 * alarm: one event per distinct value of the comma-separated `alarm` attribute; with
 * `event.ignoreDuplicateAlerts` (default on) values the last position also had are left out.
 */
export const detectAlarms = ({ position, last, context }: DetectorInput): readonly PendingEvent[] => {
  const current = alarmsOf(position);
  if (current.length === 0) return NO_EVENTS;
  const previous = context.settings.boolean('event.ignoreDuplicateAlerts') ? new Set(alarmsOf(last)) : new Set<string>();
  return current
    .filter((alarm) => !previous.has(alarm))
    .map((alarm) => positionEvent('alarm', position, { alarm }));
};

import { numberAttribute, type PipelinePosition } from '../pipeline-position.js';
import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const TIME_TYPES = new Set(['serverTime', 'deviceTime', 'fixTime']);

/** The tracked value: a time as epoch ms, or a numeric position attribute (0 when missing). */
export const maintenanceValue = (position: PipelinePosition, type: string): number =>
  TIME_TYPES.has(type) ? position[type as 'serverTime' | 'deviceTime' | 'fixTime'] : (numberAttribute(position, type) ?? 0);

/**
 * maintenance: for each linked maintenance with a period, the tracked value crossed
 * start + n·period (n ≥ 0) between the last position and this one.
 * @see reference/processing.md §3.2 (maintenance)
 */
export const detectMaintenance = ({ position, last, context }: DetectorInput): readonly PendingEvent[] => {
  if (!last || context.maintenances.length === 0) return NO_EVENTS;
  const events: PendingEvent[] = [];
  for (const maintenance of context.maintenances) {
    const { start, period, type } = maintenance;
    if (period === 0) continue;
    const before = maintenanceValue(last, type);
    const after = maintenanceValue(position, type);
    if (before === 0 || after === 0 || after < start) continue;
    if (before < start || Math.floor((before - start) / period) < Math.floor((after - start) / period)) {
      events.push(positionEvent('maintenance', position, { [type]: after }, { maintenanceId: maintenance.id }));
    }
  }
  return events;
};

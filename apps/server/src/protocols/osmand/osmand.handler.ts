import type { FastifyBaseLogger } from 'fastify';
import { isAcknowledged, type PositionIngest } from '../../processing/position-ingest.js';
import { decodeOsmAnd, OSMAND_DEFAULT_OPTIONS, type OsmAndRequest } from './osmand.decoder.js';

export interface OsmAndReply {
  status: number;
  body: string;
}

/**
 * One OsmAnd request: decode, store, answer. 200 only after the position is committed; 400 for a
 * malformed request or an unknown device (404 for the JSON form, as Traccar answers).
 */
export const createOsmAndHandler = (ingest: PositionIngest, log: FastifyBaseLogger, now: () => number = Date.now, onUnknown?: (uniqueId: string) => void) =>
  async (request: OsmAndRequest): Promise<OsmAndReply> => {
    const decoded = decodeOsmAnd(request, { ...OSMAND_DEFAULT_OPTIONS, now });
    if (decoded.kind === 'invalid') return { status: 400, body: decoded.message };
    const result = await ingest.ingest(decoded.position);
    if (isAcknowledged(result)) return { status: 200, body: '' };
    log.warn({ protocol: 'osmand', uniqueId: decoded.position.uniqueId }, `${result.status}`);
    if (result.status === 'unknown-device') onUnknown?.(decoded.position.uniqueId);
    const message = result.status === 'unknown-device' ? 'Unknown device' : 'Device disabled';
    return { status: decoded.form === 'json' ? 404 : 400, body: message };
  };

export type OsmAndHandler = ReturnType<typeof createOsmAndHandler>;

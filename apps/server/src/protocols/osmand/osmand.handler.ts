import type { FastifyBaseLogger } from 'fastify';
import type { Device } from '@tracklane/domain';
import type { DeviceCommands } from '../../commands/device-commands.js';
import type { IngestResult, PositionIngest } from '../../processing/position-ingest.js';
import { addressedTo, commandText } from '../command-fields.js';
import type { DeviceResolver } from '../transport/device-resolver.js';
import { decodeOsmAnd, OSMAND_DEFAULT_OPTIONS, type OsmAndOptions, type OsmAndRequest } from './osmand.decoder.js';

export interface OsmAndReply {
  status: number;
  body: string;
}

/**
 * One OsmAnd request: decode, store, answer. 200 only after the position is committed; 400 for a
 * malformed request or an unknown device (404 for the JSON form, as Traccar answers). An unknown
 * identifier goes to the resolver like a tracker's: listed for administrators, or registered (and
 * its position stored) with REGISTER_UNKNOWN.
 */
export const createOsmAndHandler = (
  ingest: PositionIngest,
  resolver: DeviceResolver,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  settings: Omit<OsmAndOptions, 'now'> = OSMAND_DEFAULT_OPTIONS,
  commands?: Pick<DeviceCommands, 'next'>,
) => {
  // made once: an object spread per request would leave its garbage in the old generation (see sqlite-ingest-writer.ts)
  const options = { ...settings, now };

  /** The answer to a stored report: the text of one command queued for the device, if any (Traccar Client shows or runs it). */
  const answerFor = async (device: Device): Promise<string> => {
    try {
      const command = await commands?.next(device.id);
      return command ? commandText(addressedTo(command, device.uniqueId), 'data') : '';
    } catch (error) {
      log.warn({ err: error, protocol: 'osmand', deviceId: device.id }, 'queued command not read');
      return '';
    }
  };
  return async (request: OsmAndRequest): Promise<OsmAndReply> => {
    const decoded = decodeOsmAnd(request, options);
    if (decoded.kind === 'invalid') return { status: 400, body: decoded.message };
    const { position } = decoded;
    let result: IngestResult = await ingest.ingest(position);
    if (result.status === 'unknown-device' && (await resolver.resolve(position.uniqueId, 'osmand', request.remoteAddress ?? ''))) {
      result = await ingest.ingest(position);
    }
    if (result.status === 'stored' || result.status === 'filtered') return { status: 200, body: await answerFor(result.device) };
    if (result.status === 'disabled-device') log.warn({ protocol: 'osmand', uniqueId: position.uniqueId }, 'disabled-device');
    const message = result.status === 'unknown-device' ? 'Unknown device' : 'Device disabled';
    return { status: decoded.form === 'json' ? 404 : 400, body: message };
  };
};

export type OsmAndHandler = ReturnType<typeof createOsmAndHandler>;

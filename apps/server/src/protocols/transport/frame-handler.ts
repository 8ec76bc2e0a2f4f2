import type { FastifyBaseLogger } from 'fastify';
import { isAcknowledged, type PositionIngest } from '../../processing/position-ingest.js';
import type { DecodeContext, DecodeResult, ProtocolDefinition } from '../protocol-definition.js';
import type { DeviceResolver } from './device-resolver.js';
import type { DeviceSession } from './device-session.js';

export interface FrameHandlerOptions {
  protocol: ProtocolDefinition<unknown>;
  ingest: Pick<PositionIngest, 'ingest'>;
  resolver: DeviceResolver;
  log: FastifyBaseLogger;
  now: () => number;
}

/** Sends bytes back to the tracker of a session. */
export type Reply = (data: Buffer) => void;

/** The first bytes of a frame, for a log line. */
const preview = (frame: Buffer): string => (frame.length > 64 ? `${frame.subarray(0, 64).toString('hex')}…` : frame.toString('hex'));

/**
 * Decodes one frame of a session and acts on it: binds the identifier it announces (when a device
 * has it), stores its positions in order, and only then sends the acknowledgement, so a tracker
 * that hears back knows its data is committed. A malformed frame costs one log line, nothing else.
 */
export const createFrameHandler = ({ protocol, ingest, resolver, log, now }: FrameHandlerOptions) => {
  const decode = (session: DeviceSession, frame: Buffer): DecodeResult | undefined => {
    const context: DecodeContext<unknown> = {
      uniqueId: session.uniqueId,
      model: session.model,
      transport: session.transport,
      state: session.state,
      now,
    };
    try {
      return protocol.decode(frame, context);
    } catch (error) {
      log.warn({ protocol: protocol.name, remoteAddress: session.remoteAddress, frame: preview(frame), err: error instanceof Error ? error.message : String(error) }, 'malformed frame dropped');
      return undefined;
    }
  };

  /** Binds the announced identifier; false when no device has it. */
  const identify = async (session: DeviceSession, uniqueId: string): Promise<boolean> => {
    if (session.uniqueId === uniqueId) return true;
    const device = await resolver.resolve(uniqueId, protocol.name, session.remoteAddress);
    if (!device) return false;
    session.uniqueId = device.uniqueId;
    session.model = device.model ?? undefined;
    return true;
  };

  /** Stores positions one after the other; true when every one is committed (or filtered, which Traccar acknowledges too). */
  const store = async (session: DeviceSession, result: DecodeResult): Promise<boolean> => {
    for (const position of result.positions) {
      const outcome = await ingest.ingest(position);
      if (!isAcknowledged(outcome)) {
        log.warn({ protocol: protocol.name, remoteAddress: session.remoteAddress, uniqueId: position.uniqueId, status: outcome.status }, 'position not stored');
        if (outcome.status === 'unknown-device' && session.uniqueId === position.uniqueId) session.uniqueId = undefined;
        return false;
      }
    }
    return true;
  };

  return async (session: DeviceSession, frame: Buffer, reply: Reply): Promise<void> => {
    session.lastSeen = now();
    const result = decode(session, frame);
    if (!result) return;
    try {
      if (result.identify !== undefined && !(await identify(session, result.identify))) {
        if (result.reject) reply(result.reject);
        return;
      }
      if (!(await store(session, result))) return;
      for (const ack of result.ack) reply(ack);
    } catch (error) {
      // storage trouble: no acknowledgement, so the tracker sends the data again later
      log.error({ err: error, protocol: protocol.name, remoteAddress: session.remoteAddress }, 'frame not processed');
    }
  };
};

export type FrameHandler = ReturnType<typeof createFrameHandler>;

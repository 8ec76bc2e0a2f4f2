import type { Device } from '@tracklane/domain';
import type { FastifyBaseLogger } from 'fastify';
import { isAcknowledged, type IngestCallbacks, type IngestResult, type PositionIngest } from '../../processing/position-ingest.js';
import type { DecodeContext, DecodeResult, ProtocolDefinition } from '../protocol-definition.js';
import type { DeviceResolver } from './device-resolver.js';
import type { DeviceSession, Reply } from './device-session.js';
import type { DecodedPosition } from '../decoded-position.js';
import type { MaybeAsync } from '../../processing/maybe-async.js';
import type { DeviceSettings } from '../../processing/settings/device-settings.js';
import type { DeviceCommands } from '../../commands/device-commands.js';

export interface FrameHandlerOptions {
  protocol: ProtocolDefinition<unknown>;
  ingest: Pick<PositionIngest, 'submit'>;
  resolver: DeviceResolver;
  log: FastifyBaseLogger;
  now: () => number;
  /** Where a device's settings come from, for its model and for protocols whose decoding depends on them (`configure`). */
  settings?: DecoderSettingsSource;
  /** Told of every message of a bound device, so commands reach it through this endpoint. */
  commands?: Pick<DeviceCommands, 'received'>;
  /** Where the files trackers send are stored (photos, voice messages); without it they are dropped. */
  writeMedia?: DecodeContext<unknown>['writeMedia'];
  /** Where live video pictures go (JT1078); without it they are dropped. */
  writeVideo?: DecodeContext<unknown>['writeVideo'];
}

/** A device's settings, and a version that moves on whenever any of them (or a device's model) may have changed: the device catalog. */
export interface DecoderSettingsSource {
  settingsFor(device: Device): Promise<DeviceSettings>;
  settingsVersion(): number;
}

export type { Reply } from './device-session.js';

/** The first bytes of a frame, for a log line. */
const preview = (frame: Buffer): string => (frame.length > 64 ? `${frame.subarray(0, 64).toString('hex')}…` : frame.toString('hex'));

/**
 * Decodes one frame of a session and acts on it: binds the identifier it announces (when a device
 * has it), stores its positions in order, and only then sends the acknowledgement, so a tracker
 * that hears back knows its data is committed. A malformed frame costs one log line, nothing else.
 */
export const createFrameHandler = ({ protocol, ingest, resolver, log, now, settings, commands, writeMedia, writeVideo }: FrameHandlerOptions) => {
  const configure = protocol.configure && settings ? protocol.configure : undefined;
  // the frame that binds a media connection carries media, which only a bound connection writes
  const decodeAgainWhenBound = configure !== undefined || (protocol.media === true && writeVideo !== undefined);

  const decode = (session: DeviceSession, frame: Buffer): DecodeResult | undefined => {
    const context: DecodeContext<unknown> = {
      uniqueId: session.uniqueId,
      model: session.model,
      transport: session.transport,
      state: session.state,
      now,
      // files only from a device already known: a stranger's frames leave nothing on disk
      writeMedia: session.uniqueId === undefined ? undefined : writeMedia,
      writeVideo: session.uniqueId === undefined ? undefined : writeVideo,
    };
    try {
      return protocol.decode(frame, context);
    } catch (error) {
      log.warn({ protocol: protocol.name, remoteAddress: session.remoteAddress, frame: preview(frame), err: error instanceof Error ? error.message : String(error) }, 'malformed frame dropped');
      return undefined;
    }
  };

  /** The session takes the device's identifier, model and decoder settings, as they are at the settings version `at`. */
  const bind = async (session: DeviceSession, device: Device, at: number): Promise<void> => {
    session.uniqueId = device.uniqueId;
    if (session.deviceId !== device.id) session.commandsLinked = false;
    session.deviceId = device.id;
    session.model = device.model ?? undefined;
    if (configure) configure(session.state, await settings!.settingsFor(device));
    session.settingsAt = at;
  };

  /** Binds the announced identifier; false when no device has it. Synchronous when already bound. */
  const identify = (session: DeviceSession, uniqueId: string, alsoKnownAs: readonly string[] | undefined): MaybeAsync<boolean> => {
    if (session.uniqueId === uniqueId || (session.uniqueId !== undefined && alsoKnownAs?.includes(session.uniqueId))) return true;
    const at = settings?.settingsVersion() ?? -1;
    return resolver.resolve(uniqueId, protocol.name, session.remoteAddress, alsoKnownAs).then(async (device) => {
      if (!device) return false;
      await bind(session, device, at);
      return true;
    });
  };

  /** Whether the bound device's model or settings may have changed since the session read them: trackers stay connected for days. */
  const stale = (session: DeviceSession): boolean => settings !== undefined && session.uniqueId !== undefined && session.settingsAt !== settings.settingsVersion();

  /** The bound device's model and settings read again; a device removed meanwhile keeps them (its positions find it gone). */
  const refresh = async (session: DeviceSession): Promise<void> => {
    const at = settings!.settingsVersion();
    const device = await resolver.find(session.uniqueId!);
    if (device) await bind(session, device, at);
    else session.settingsAt = at;
  };

  /** The device is gone (removed while connected): the session waits for an identifier again, and commands no longer come through it. */
  const unbind = (session: DeviceSession) => {
    session.uniqueId = undefined;
    session.deviceId = 0;
  };

  /** Whether a position's outcome lets the tracker hear its acknowledgement: stored, or filtered (which Traccar acknowledges too). */
  const acknowledgeable = (session: DeviceSession, position: DecodedPosition, outcome: IngestResult): boolean => {
    if (isAcknowledged(outcome)) return true;
    log.warn({ protocol: protocol.name, remoteAddress: session.remoteAddress, uniqueId: position.uniqueId, status: outcome.status }, 'position not stored');
    if (outcome.status === 'unknown-device' && session.uniqueId === position.uniqueId) unbind(session);
    return false;
  };

  // storage trouble: no acknowledgement, so the tracker sends the data again later
  const notProcessed = (session: DeviceSession, error: unknown) =>
    log.error({ err: error, protocol: protocol.name, remoteAddress: session.remoteAddress }, 'frame not processed');

  const acknowledge = (result: DecodeResult, reply: Reply) => {
    for (const ack of result.ack) reply(ack);
  };

  /**
   * A frame's positions, stored one after the other, then its acknowledgement. One object per frame
   * is told each position's outcome (a promise per position cost four objects and a microtask more).
   */
  class FrameStore implements IngestCallbacks {
    private index = 0;

    constructor(
      private readonly session: DeviceSession,
      private readonly result: DecodeResult,
      private readonly reply: Reply,
      private readonly done: () => void,
    ) {}

    /** The next position, or the acknowledgement after the last; a failure ends the frame unacknowledged, so its promise never rejects. */
    next(): void {
      try {
        const position = this.result.positions[this.index];
        if (position) return ingest.submit(position, this, this.session);
        acknowledge(this.result, this.reply);
      } catch (error) {
        return this.failed(error);
      }
      this.done();
    }

    ingested(outcome: IngestResult): void {
      let acknowledged: boolean;
      try {
        acknowledged = acknowledgeable(this.session, this.result.positions[this.index]!, outcome);
      } catch (error) {
        return this.failed(error);
      }
      if (!acknowledged) return this.done();
      this.index++;
      this.next();
    }

    failed(error: unknown): void {
      notProcessed(this.session, error);
      this.done();
    }
  }

  /** Synchronous for a frame without positions (a login, a heartbeat). */
  const store = (session: DeviceSession, result: DecodeResult, reply: Reply): MaybeAsync<void> => {
    if (result.positions.length === 0) return acknowledge(result, reply);
    return new Promise((resolve) => new FrameStore(session, result, reply, resolve).next());
  };

  /** A device registered under another form of the announced identifier gets the frame's positions under its own. */
  const renameToBound = (session: DeviceSession, result: DecodeResult) => {
    for (const position of result.positions) if (position.uniqueId === result.identify) position.uniqueId = session.uniqueId!;
  };

  /** Stores the frame's positions of a known device, then acknowledges. */
  const proceed = (session: DeviceSession, result: DecodeResult, reply: Reply, known: boolean): MaybeAsync<void> => {
    if (!known) {
      if (result.reject) reply(result.reject);
      return;
    }
    if (result.alsoKnownAs && session.uniqueId !== result.identify) renameToBound(session, result);
    if (commands && session.deviceId > 0 && !protocol.media) commands.received(session, protocol.commands, reply);
    return store(session, result, reply);
  };

  /** The frame that bound the connection to its device, decoded again under that device's settings (and, on a media connection, with somewhere to write its media). */
  const underDeviceSettings = (session: DeviceSession, frame: Buffer, result: DecodeResult): DecodeResult => (decodeAgainWhenBound ? (decode(session, frame) ?? result) : result);

  const handle = (session: DeviceSession, frame: Buffer, result: DecodeResult, reply: Reply): MaybeAsync<void> => {
    const known = result.identify === undefined ? true : identify(session, result.identify, result.alsoKnownAs);
    if (!(known instanceof Promise)) return proceed(session, result, reply, known);
    // the frame may be a view of a read buffer that the next read reuses: decoding it again later needs its own bytes
    const own = decodeAgainWhenBound ? Buffer.from(frame) : frame;
    return known.then((bound) => proceed(session, bound ? underDeviceSettings(session, own, result) : result, reply, bound)).catch((error: unknown) => notProcessed(session, error));
  };

  const decodeAndHandle = (session: DeviceSession, frame: Buffer, reply: Reply): MaybeAsync<void> => {
    const result = decode(session, frame);
    if (!result) return;
    try {
      return handle(session, frame, result, reply);
    } catch (error) {
      notProcessed(session, error);
    }
  };

  /** The frame decoded once the device's model and settings are read again; if they cannot be, under those it had. */
  const refreshedThenHandled = (session: DeviceSession, frame: Buffer, reply: Reply): Promise<void> =>
    refresh(session).then(
      () => decodeAndHandle(session, frame, reply),
      (error: unknown) => {
        log.warn({ err: error, protocol: protocol.name, uniqueId: session.uniqueId }, 'device settings not read again');
        return decodeAndHandle(session, frame, reply);
      },
    );

  /**
   * Settles once the frame's positions are committed and its acknowledgement sent, or once storing
   * them failed (logged, unacknowledged); never rejects. Synchronous when it stores nothing.
   */
  return (session: DeviceSession, frame: Buffer, reply: Reply): MaybeAsync<void> => {
    session.lastSeen = now();
    // the frame may be a view of a read buffer that the next read reuses: decoding it later needs its own bytes
    if (stale(session)) return refreshedThenHandled(session, Buffer.from(frame), reply);
    return decodeAndHandle(session, frame, reply);
  };
};

export type FrameHandler = ReturnType<typeof createFrameHandler>;

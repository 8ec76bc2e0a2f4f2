import type { CommandType } from '@tracklane/domain';
import type { DeviceSettings } from '../processing/settings/device-settings.js';
import type { VideoFrame } from '../video/live-video-streams.js';
import type { DecodedPosition } from './decoded-position.js';
import type { Framer } from './transport/framer.js';
import type { ProtocolName } from './protocol-ports.js';

export type Transport = 'tcp' | 'udp';

/** What a decoder sees of the connection a frame came from. */
export interface DecodeContext<S> {
  /** Identifier bound to this connection by an earlier login or message; undefined until one is accepted. */
  readonly uniqueId: string | undefined;
  /** Model of the bound device (Traccar's per-device model setting), which some layouts depend on. */
  readonly model: string | undefined;
  readonly transport: Transport;
  /** Protocol state of this connection (time zone from a login, a remembered frame length, …). */
  readonly state: S;
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Stores a media file the device sent (a photo, a voice message) and returns its name, which the
   * position's `image`, `video` or `audio` attribute takes; undefined when it could not be stored.
   * Absent when media are not kept, and on a connection not yet bound to a device.
   */
  writeMedia?(uniqueId: string, data: Buffer, extension: string): string | undefined;
  /** Adds a picture to the live video of the device's camera `channel`; absent on a connection not yet bound to a device. */
  writeVideo?(uniqueId: string, channel: number, frame: VideoFrame): void;
}

/** What one frame amounts to. */
export interface DecodeResult {
  /** The identifier this frame announces (login, or the ID every message of the protocol carries). */
  identify?: string;
  /**
   * Other forms of the same identifier a device may be registered under (JT808's phone number with
   * its leading zeros), tried in turn when no device has `identify`.
   */
  alsoKnownAs?: readonly string[];
  /** Positions to store, each with its device's identifier. */
  positions: DecodedPosition[];
  /** Replies to send once the identifier is known and every position is committed. */
  ack: Buffer[];
  /** Reply to send when the announced identifier belongs to no device (Teltonika's `00`). */
  reject?: Buffer;
}

export const nothing = (): DecodeResult => ({ positions: [], ack: [] });

/** A command on its way to a device: its type and parameters (`data`, `frequency`, `devicePassword`, …). */
export interface OutgoingCommand {
  type: string;
  attributes: Record<string, unknown>;
}

/** Where this server takes what a command asks a device to send over a connection of its own. */
export interface CommandEndpoints {
  /** The live video listener (JT1078) as devices reach it: WEB_URL's host; absent without WEB_URL or the listener. */
  video?: { host: string; port: number };
}

/** The commands a protocol's devices take over their own connection (Traccar's data channel). */
export interface ProtocolCommands {
  /** The command types, in the order `GET /api/commands/types` lists them. */
  readonly types: readonly CommandType[];
  /**
   * The bytes of a command for the device `uniqueId` on this connection's state, in the form its
   * `model` takes where models differ (JT808); undefined for a type not in `types`, or one that
   * needs an endpoint this server does not have.
   */
  encode(command: OutgoingCommand, uniqueId: string, state: unknown, model?: string, endpoints?: CommandEndpoints): Buffer | undefined;
}

/**
 * One device protocol: its default port and transports, how a TCP stream splits into frames, and
 * how a frame decodes. Each registration file (`<name>.protocol.ts`) exports one.
 */
export interface ProtocolDefinition<S = unknown> {
  name: ProtocolName;
  transports: readonly Transport[];
  /** New framer for one TCP connection (UDP datagrams are frames already), under the server's settings (environment; their defaults when absent). */
  createFramer(settings?: DeviceSettings): Framer;
  /** Most bytes a connection may buffer without completing a frame before it is closed. */
  maxFrameLength: number;
  createState(): S;
  /**
   * Puts the identified device's decoder settings (Traccar's `<protocol>.<key>`, from its attributes,
   * its groups' or the environment) into the connection's state, for protocols that have some.
   */
  configure?(state: S, settings: DeviceSettings): void;
  decode(frame: Buffer, context: DecodeContext<S>): DecodeResult;
  /** Commands its devices take over their connection; none when absent. */
  commands?: ProtocolCommands;
  /**
   * Its connections carry media alone (JT1078 video, beside the device's JT808 connection): they
   * take no commands, and their ending does not put the device offline.
   */
  media?: boolean;
}

/** Erases the state type so definitions of different protocols fit one list. */
export const defineProtocol = <S>(definition: ProtocolDefinition<S>): ProtocolDefinition<unknown> => definition as ProtocolDefinition<unknown>;

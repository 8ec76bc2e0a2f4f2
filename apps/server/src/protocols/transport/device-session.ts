import type { Transport } from '../protocol-definition.js';

/** Sends bytes back to a tracker. */
export type Reply = (data: Buffer) => void;

/**
 * One tracker endpoint: a TCP connection, or a UDP remote address. A message that carries no
 * identifier belongs to the device bound here by the last accepted login or identified message.
 */
export interface DeviceSession<S = unknown> {
  readonly protocol: string;
  readonly transport: Transport;
  /** `address:port` of the tracker. */
  readonly remoteAddress: string;
  uniqueId: string | undefined;
  /** The id of the device bound by `uniqueId`; 0 before one is. */
  deviceId: number;
  model: string | undefined;
  /** The settings version (see the frame handler's `settings`) the device's model and decoder settings were read at; -1 before. */
  settingsAt: number;
  state: S;
  /** Epoch milliseconds of the last frame. */
  lastSeen: number;
  /** What the ingest keeps for this endpoint from one of its messages to the next (the lane of the identifier it last reported). */
  ingestMemo: unknown;
  /** How the last message was answered, which commands to the device take too. */
  reply: Reply | undefined;
  /** Whether this endpoint is the one its device's commands go to (see commands/device-commands.ts). */
  commandsLinked: boolean;
  /** The connection is gone: nothing can reach the tracker through it. */
  closed: boolean;
}

export const createDeviceSession = <S>(protocol: string, transport: Transport, remoteAddress: string, state: S, now: number): DeviceSession<S> => ({
  protocol,
  transport,
  remoteAddress,
  uniqueId: undefined,
  deviceId: 0,
  model: undefined,
  settingsAt: -1,
  state,
  lastSeen: now,
  ingestMemo: undefined,
  reply: undefined,
  commandsLinked: false,
  closed: false,
});

export const remoteAddressOf = (address: string | undefined, port: number | undefined): string =>
  address === undefined ? 'unknown' : address.includes(':') ? `[${address}]:${port ?? 0}` : `${address}:${port ?? 0}`;

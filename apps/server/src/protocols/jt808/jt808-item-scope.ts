import type { DecodedPosition } from '../decoded-position.js';
import type { cellTower, wifiAccessPoint } from '../position-builder.js';
import { networkOf } from '../position-builder.js';
import { ByteReader, FrameError } from '../transport/byte-reader.js';

/** What the additional items of one location add to: the position, and the cells and Wi-Fi seen. */
export interface ItemScope {
  position: DecodedPosition;
  model: string | undefined;
  cells: ReturnType<typeof cellTower>[];
  wifi: ReturnType<typeof wifiAccessPoint>[];
}

/** Decodes one item from a reader over its value alone, so an item can never read its neighbour. */
export type ItemDecoder = (value: ByteReader, scope: ItemScope, length: number) => void;

export const newScope = (position: DecodedPosition, model: string | undefined): ItemScope => ({ position, model, cells: [], wifi: [] });

export const attachNetwork = (scope: ItemScope): void => {
  const network = networkOf(scope.cells, scope.wifi);
  if (network) scope.position.network = network;
};

/**
 * Runs an item decoder on its value. A value shorter than the decoder expects is a vendor variant
 * we do not know: the item is skipped and the rest of the location still decodes.
 */
export const runItem = (decode: ItemDecoder, value: Buffer, scope: ItemScope): void => {
  try {
    decode(new ByteReader(value), scope, value.length);
  } catch (error) {
    if (!(error instanceof FrameError)) throw error;
  }
};

/** `[id 1][length 1][value]` items until the reader is exhausted; a length past the end stops the walk. */
export const walkItems = (reader: ByteReader, onItem: (id: number, value: Buffer) => boolean | void): void => {
  while (reader.remaining >= 2) {
    const id = reader.u8();
    const length = reader.u8();
    if (length > reader.remaining) return;
    if (onItem(id, reader.bytes(length)) === false) return;
  }
};

export const set = (scope: ItemScope, key: string, value: unknown): void => {
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return;
  scope.position.attributes[key] = value;
};

/** Traccar's harness (and its UI) expect a whole percentage. */
export const setBatteryLevel = (scope: ItemScope, value: number): void => {
  if (Number.isInteger(value) && value >= 0 && value <= 100) scope.position.attributes.batteryLevel = value;
};

export const text = (value: ByteReader, length = value.remaining): string => value.ascii(length);

/** Printable ASCII only, as devices send names and zones; binary data is anything else. */
export const isPrintable = (bytes: Buffer): boolean => bytes.length > 0 && bytes.every((byte) => byte >= 0x20 && byte < 0x7f);

/** Sign and magnitude in 16 bits, as several vendors encode temperatures and tilt. */
export const signMagnitude = (value: number): number => (value & 0x8000 ? -(value & 0x7fff) : value);

export const bit = (value: number, n: number): boolean => Math.floor(value / 2 ** n) % 2 === 1;

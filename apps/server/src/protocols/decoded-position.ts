import type { Network } from '@tracklane/domain';

/** What every protocol decoder produces, before the server assigns it to a device and stores it. */
export interface DecodedPosition {
  /** Device identifier as sent (IMEI, phone id, …). */
  uniqueId: string;
  protocol: string;
  /** Epoch milliseconds. */
  deviceTime: number;
  /** Epoch milliseconds. */
  fixTime: number;
  valid: boolean;
  /** False when the message carried no coordinates; the server then reuses the last known location. */
  hasLocation: boolean;
  latitude: number;
  longitude: number;
  /** Metres; 0 when unknown. */
  altitude: number;
  /** Knots. */
  speed: number;
  /** Degrees. */
  course: number;
  /** Metres; 0 when unknown. */
  accuracy: number;
  network: Network | null;
  attributes: Record<string, unknown>;
}

import type { SpeedUnit } from '@tracklane/domain';
import type { DecodedPosition } from '../decoded-position.js';
import { decodeJson } from './osmand-json.decoder.js';
import { decodeQuery } from './osmand-query.decoder.js';
import { OsmAndFormatError } from './osmand-values.js';
import type { ProcessingConfig } from '../../processing/settings/processing-config.js';
import { PROCESSING_KEYS } from '../../processing/settings/processing-keys.js';

export interface OsmAndRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
  /** The phone's address, shown in the list of unknown identifiers. */
  remoteAddress?: string;
}

export interface OsmAndOptions {
  /** Unit of the query form's `speed` (Traccar's `osmand.speed`); JSON speeds are always m/s. */
  speedUnit: SpeedUnit;
  /** JSON accuracies below this become 0, unknown (Traccar's `osmand.minAccuracy`). */
  minAccuracy: number;
  now: () => number;
}

export const OSMAND_DEFAULT_OPTIONS: Omit<OsmAndOptions, 'now'> = {
  speedUnit: PROCESSING_KEYS['osmand.speed'].default as SpeedUnit,
  minAccuracy: PROCESSING_KEYS['osmand.minAccuracy'].default,
};

/** The options OSMAND_SPEED and OSMAND_MIN_ACCURACY set (the config checked the unit). */
export const osmandOptionsOf = (config: ProcessingConfig): Omit<OsmAndOptions, 'now'> => ({
  speedUnit: (config['osmand.speed'] as SpeedUnit | undefined) ?? OSMAND_DEFAULT_OPTIONS.speedUnit,
  minAccuracy: (config['osmand.minAccuracy'] as number | undefined) ?? OSMAND_DEFAULT_OPTIONS.minAccuracy,
});

export type OsmAndDecodeResult =
  | { kind: 'position'; form: 'query' | 'json'; position: DecodedPosition; notificationToken?: string }
  | { kind: 'invalid'; form: 'query' | 'json'; message: string };

/** The URL's parameters; when it has none, the body read as `application/x-www-form-urlencoded`. */
const parametersOf = (request: OsmAndRequest): URLSearchParams => {
  const separator = request.url.indexOf('?');
  const query = separator < 0 ? '' : request.url.slice(separator + 1);
  return new URLSearchParams(query !== '' ? query : request.body);
};

/** Decodes one OsmAnd HTTP request. Never throws: malformed input is an `invalid` result. */
export const decodeOsmAnd = (request: OsmAndRequest, options: OsmAndOptions): OsmAndDecodeResult => {
  const form = request.contentType?.trim().toLowerCase().startsWith('application/json') ? 'json' : 'query';
  try {
    if (form === 'json') return { kind: 'position', form, position: decodeJson(request.body, options) };
    return { kind: 'position', form, ...decodeQuery(parametersOf(request), options) };
  } catch (error) {
    const message = error instanceof OsmAndFormatError ? error.message : `malformed request: ${error instanceof Error ? error.message : String(error)}`;
    return { kind: 'invalid', form, message };
  }
};

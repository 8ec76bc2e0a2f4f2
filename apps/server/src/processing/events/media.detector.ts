import { positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

/** media: one event per `image`, `video` or `audio` attribute, naming the file. */
export const detectMedia = ({ position }: DetectorInput): PendingEvent[] =>
  MEDIA_KINDS.filter((kind) => position.attributes[kind] !== undefined).map((kind) =>
    positionEvent('media', position, { media: kind, file: position.attributes[kind] }),
  );

import { NO_EVENTS, positionEvent, type DetectorInput, type PendingEvent } from './pending-event.js';

const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

/** media: one event per `image`, `video` or `audio` attribute, naming the file. */
export const detectMedia = ({ position }: DetectorInput): readonly PendingEvent[] => {
  let events: PendingEvent[] | undefined;
  // runs for every position, nearly always finding nothing: a loop, not a filter and a map
  for (const kind of MEDIA_KINDS) {
    const file = position.attributes[kind];
    if (file !== undefined) (events ??= []).push(positionEvent('media', position, { media: kind, file }));
  }
  return events ?? NO_EVENTS;
};

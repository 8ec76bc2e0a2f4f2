import { Box, Link } from '@mui/material';
import type { Position } from '@tracklane/domain';
import { formatPositionValue } from '../common/position-values';
import type { usePreferences } from '../common/use-preferences';

/** Attributes naming a file the tracker sent, which `/api/media` serves. */
const MEDIA_KEYS = new Set(['image', 'video', 'audio']);

interface PositionValueProps {
  name: string;
  value: unknown;
  /** The position's device identifier, which names its media folder; undefined until the device is read. */
  uniqueId: string | undefined;
  preferences: ReturnType<typeof usePreferences>;
}

/** One field or attribute of a position, formatted; a photo, video or voice message the tracker sent as a link to the file (a photo also as a preview). */
export function PositionValue({ name, value, uniqueId, preferences }: PositionValueProps) {
  if (!MEDIA_KEYS.has(name) || typeof value !== 'string' || uniqueId === undefined) return <>{formatPositionValue(name as keyof Position, value, preferences)}</>;
  const href = `/api/media/${encodeURIComponent(uniqueId)}/${encodeURIComponent(value)}`;
  return (
    <>
      <Link href={href} target="_blank" rel="noopener">
        {value}
      </Link>
      {name === 'image' && <Box component="img" src={href} alt={value} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1 }} />}
    </>
  );
}

import type { Event } from '@tracklane/domain';
import { codecs } from './codecs.js';

type Row = Record<string, unknown>;

export const eventRow = (event: Omit<Event, 'id'>): Row => codecs.event.toRow(event);

/** Column names of a row, in its key order; every row of one codec has the same keys. */
export const columnsOf = (row: Row): string[] => Object.keys(row);

export const quoted = (column: string): string => `"${column}"`;

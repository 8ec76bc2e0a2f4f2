import type { Statistics } from '@tracklane/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeRange } from '../common/report-period';
import { request } from './http';

/** Statistics rows captured within the range, oldest first (administrators only). */
export const fetchStatistics = ({ from, to }: TimeRange, signal?: AbortSignal) =>
  request<Statistics[]>(`/api/statistics?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString() })}`, { signal });

export const statisticsQuery = (range: TimeRange) =>
  queryOptions({ queryKey: ['statistics', range.from.toISOString(), range.to.toISOString()], queryFn: ({ signal }) => fetchStatistics(range, signal) });

/** The rows of the range last asked for; nothing is fetched until there is one. */
export const useStatistics = (range: TimeRange | undefined) =>
  useQuery({ ...statisticsQuery(range ?? { from: new Date(0), to: new Date(0) }), enabled: range !== undefined, placeholderData: keepPreviousData });

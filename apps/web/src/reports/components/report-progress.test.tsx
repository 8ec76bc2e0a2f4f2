// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ReportProgress } from './report-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ReportProgress', () => {
  it('counts the seconds while the server has sent nothing yet', () => {
    render(<ReportProgress />);
    expect(screen.getByRole('status').textContent).toMatch(/^Waiting for the server… 0 sec/);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status').textContent).toMatch(/^Waiting for the server… 3 sec/);
  });

  it('shows the rows and size received so far once the reply streams in', () => {
    const { rerender } = render(<ReportProgress progress={{ rows: 0, bytes: 0 }} />);
    act(() => vi.advanceTimersByTime(2000));
    rerender(<ReportProgress progress={{ rows: 12_345, bytes: 2_500_000 }} />);
    expect(screen.getByRole('status').textContent).toBe('12,345 rows received (2.5 MB) in 2 sec');
    rerender(<ReportProgress progress={{ rows: 40, bytes: 8_200 }} />);
    expect(screen.getByRole('status').textContent).toBe('40 rows received (8.2 kB) in 2 sec');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Server } from '@tracklane/domain';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverQuery } from '../api/server';
import { chooseLanguage, i18nReady } from '../i18n/i18n';
import { MaintenanceValue } from './maintenance-value';

const withServerUnits = (attributes: Record<string, unknown>) => {
  const client = new QueryClient();
  client.setQueryData(serverQuery.queryKey, { attributes, forceSettings: false } as unknown as Server);
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};

describe('MaintenanceValue', () => {
  beforeAll(() => i18nReady);
  afterEach(cleanup);
  afterAll(() => chooseLanguage('en'));

  it('shows a stored distance in the user unit with its English suffix', async () => {
    await chooseLanguage('en');
    render(<p data-testid="value"><MaintenanceValue value={10_000} subtype="distance" /></p>, { wrapper: withServerUnits({ distanceUnit: 'mi' }) });
    expect(screen.getByTestId('value').textContent).toBe('6.21 mi');
  });

  it('shows the same number with the Hindi suffix on a Hindi screen', async () => {
    await chooseLanguage('hi');
    render(<p data-testid="value"><MaintenanceValue value={10_000} subtype="distance" /></p>, { wrapper: withServerUnits({ distanceUnit: 'mi' }) });
    expect(screen.getByTestId('value').textContent).toBe('6.21 मील');
    render(<p data-testid="hours"><MaintenanceValue value={7_200_000} subtype="hours" /></p>, { wrapper: withServerUnits({}) });
    expect(screen.getByTestId('hours').textContent).toBe('2 घं');
  });
});

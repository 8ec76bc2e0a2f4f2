// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Device, Position } from '@tracklane/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { DeviceRow } from './device-row';
import { filterDevices } from './device-filter';
import { useLiveStore } from '../store/live-store';

const device = (id: number, name: string, status: Device['status'], extra: Partial<Device> = {}): Device => ({
  id, name, status, uniqueId: `id-${id}`, attributes: {}, groupId: 0, calendarId: 0, lastUpdate: null, positionId: 0,
  phone: null, model: null, contact: null, category: null, disabled: false, expirationTime: null, ...extra,
});

const position = (deviceId: number, batteryLevel: number) => ({ deviceId, attributes: { batteryLevel } }) as unknown as Position;

afterEach(cleanup);

describe('DeviceRow', () => {
  it('shows name, status colour, last update and battery colour, and selects on click', () => {
    const onSelect = vi.fn();
    const items = [device(7, 'Van', 'online', { lastUpdate: new Date(Date.now() - 60_000).toISOString() })];
    useLiveStore.getState().replacePositions([position(7, 25)]);
    render(<DeviceRow index={0} style={{}} items={items} selectedId={undefined} onSelect={onSelect} />);
    expect(screen.getByText('Van')).toBeTruthy();
    const status = screen.getByText(/Online/);
    expect(status.getAttribute('data-status')).toBe('online');
    expect(status.textContent).toContain('a minute ago');
    expect(document.querySelector('[data-battery]')?.getAttribute('data-battery')).toBe('error');
    fireEvent.click(screen.getByTestId('device-7'));
    expect(onSelect).toHaveBeenCalledWith(7);
  });

  it('says never for a device that has not reported, without a battery icon', () => {
    render(<DeviceRow index={0} style={{}} items={[device(8, 'Idle', 'offline')]} selectedId={undefined} onSelect={() => undefined} />);
    expect(screen.getByText(/Offline · Never/)).toBeTruthy();
    expect(document.querySelector('[data-battery]')).toBeNull();
  });
});

describe('filterDevices', () => {
  it('matches name, identifier, phone, model and contact case-insensitively, sorted by name', () => {
    const devices = [device(1, 'Tractor', 'online', { model: 'JD 6R' }), device(2, 'bus', 'online', { phone: '+491234' }), device(3, 'Van', 'online')];
    expect(filterDevices(devices, '').map((d) => d.name)).toEqual(['bus', 'Tractor', 'Van']);
    expect(filterDevices(devices, 'jd').map((d) => d.name)).toEqual(['Tractor']);
    expect(filterDevices(devices, '1234').map((d) => d.name)).toEqual(['bus']);
    expect(filterDevices(devices, 'ID-3').map((d) => d.name)).toEqual(['Van']);
  });
});

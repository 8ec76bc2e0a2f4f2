// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { EVENT_NOTIFICATION_MS, showEventNotification } from './event-notification';

const shown: { title: string; body: string | undefined; closed: boolean }[] = [];
class FakeNotification {
  static permission = 'granted';
  entry: (typeof shown)[number];
  constructor(title: string, options?: { body?: string }) {
    this.entry = { title, body: options?.body, closed: false };
    shown.push(this.entry);
  }
  close() {
    this.entry.closed = true;
  }
}

describe(showEventNotification.name, () => {
  afterEach(() => {
    shown.length = 0;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('titles the notification with the event type and closes it after 4 seconds', () => {
    vi.useFakeTimers();
    vi.stubGlobal('Notification', FakeNotification);
    showEventNotification(i18next.t, { type: 'geofenceEnter', attributes: { message: 'Van entered Depot' } });
    expect(shown).toEqual([{ title: 'Geofence entered', body: 'Van entered Depot', closed: false }]);
    vi.advanceTimersByTime(EVENT_NOTIFICATION_MS - 1);
    expect(shown[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(shown[0]!.closed).toBe(true);
  });

  it('leaves raw socket events without a delivered message alone', () => {
    vi.stubGlobal('Notification', FakeNotification);
    showEventNotification(i18next.t, { type: 'deviceMoving', attributes: {} });
    expect(shown).toEqual([]);
  });

  it('stays silent without the permission', () => {
    vi.stubGlobal('Notification', class extends FakeNotification { static override permission = 'denied'; });
    showEventNotification(i18next.t, { type: 'alarm', attributes: { message: 'SOS' } });
    expect(shown).toEqual([]);
  });
});

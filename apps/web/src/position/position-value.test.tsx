// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { PositionValue } from './position-value';

const preferences = { speedUnit: 'kn', distanceUnit: 'km', timezone: 'UTC', coordinateFormat: 'dd' } as const;

afterEach(cleanup);

describe('PositionValue', () => {
  it('links a photo the tracker sent to its file, with a preview', () => {
    render(<PositionValue name="image" value="0a1b2c3d4e5f6a7b.jpg" uniqueId="860000000000001" preferences={preferences as never} />);
    const link = screen.getByRole('link', { name: '0a1b2c3d4e5f6a7b.jpg' });
    expect(link.getAttribute('href')).toBe('/api/media/860000000000001/0a1b2c3d4e5f6a7b.jpg');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: '0a1b2c3d4e5f6a7b.jpg' }).getAttribute('src')).toBe('/api/media/860000000000001/0a1b2c3d4e5f6a7b.jpg');
  });

  it('links a voice message without a preview, and writes other values as text', () => {
    render(<PositionValue name="audio" value="voice.amr" uniqueId="8800000015" preferences={preferences as never} />);
    expect(screen.getByRole('link', { name: 'voice.amr' }).getAttribute('href')).toBe('/api/media/8800000015/voice.amr');
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(<PositionValue name="batteryLevel" value={25} uniqueId="8800000015" preferences={preferences as never} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toBe('25%');
  });

  it('writes the file name as text until the device is known', () => {
    render(<PositionValue name="image" value="photo.jpg" uniqueId={undefined} preferences={preferences as never} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.body.textContent).toBe('photo.jpg');
  });
});

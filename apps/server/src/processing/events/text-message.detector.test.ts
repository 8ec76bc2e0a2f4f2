import { describe, expect, it } from 'vitest';
import { detectTextMessage, normalizePhone } from './text-message.detector.js';

describe(detectTextMessage.name, () => {
  it('raises a positionless textMessage with the text, at the time it arrived', () => {
    expect(detectTextMessage('Fuel low', 1000)).toEqual([{ type: 'textMessage', eventTime: 1000, positionId: 0, geofenceId: 0, maintenanceId: 0, attributes: { message: 'Fuel low' } }]);
    expect(detectTextMessage('  ', 1000)).toEqual([]);
  });
});

describe(normalizePhone.name, () => {
  it('keeps only digits and the plus sign', () => {
    expect(normalizePhone('+49 (30) 123-456')).toBe('+4930123456');
  });
});

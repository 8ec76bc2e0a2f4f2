import { describe, expect, it } from 'vitest';
import type { Maintenance } from '@tracklane/domain';
import { at, brief, context, pipelineHarness, position, type ContextOptions } from '../../../test/helpers/processing-fixtures.js';
import type { PipelinePosition } from '../pipeline-position.js';
import { detectAlarms } from './alarm.detector.js';
import { detectBehavior } from './behavior.detector.js';
import { detectCommandResult } from './command-result.detector.js';
import { detectDriverChange } from './driver.detector.js';
import { detectFuel } from './fuel.detector.js';
import { detectIgnition } from './ignition.detector.js';
import { detectMaintenance } from './maintenance.detector.js';
import { detectMedia } from './media.detector.js';
import type { DetectorInput, PendingEvent } from './pending-event.js';

/** Runs a stateless detector over consecutive pairs of a sequence. */
const over = (detect: (input: DetectorInput) => readonly PendingEvent[], sequence: PipelinePosition[], options: ContextOptions = {}) => {
  const deviceContext = context(options);
  return sequence.map((current, index) => detect({ position: current, last: sequence[index - 1], context: deviceContext }).map(brief));
};
const withAttributes = (...list: Record<string, unknown>[]) => list.map((attributes, minute) => position({ time: at(minute), attributes }));

describe(detectAlarms.name, () => {
  it('raises one event per distinct alarm in the list', () => {
    expect(over(detectAlarms, withAttributes({ alarm: 'sos,overspeed, sos' }))).toEqual([[
      { type: 'alarm', attributes: { alarm: 'sos' } },
      { type: 'alarm', attributes: { alarm: 'overspeed' } },
    ]]);
  });

  it('leaves out alarms the last position already had, unless event.ignoreDuplicateAlerts is off', () => {
    const sequence = withAttributes({ alarm: 'sos' }, { alarm: 'sos,door' }, {}, { alarm: 'sos' });
    expect(over(detectAlarms, sequence).map((events) => events.map((e) => e.attributes?.alarm))).toEqual([['sos'], ['door'], [], ['sos']]);
    expect(over(detectAlarms, sequence, { config: { 'event.ignoreDuplicateAlerts': false } }).map((events) => events.length)).toEqual([1, 2, 0, 1]);
  });
});

describe(detectIgnition.name, () => {
  it('raises on a change between two positions that both report ignition', () => {
    const sequence = withAttributes({ ignition: false }, { ignition: true }, { ignition: true }, {}, { ignition: false }, { ignition: false }, { ignition: true }, { ignition: false });
    expect(over(detectIgnition, sequence).map((events) => events.map((e) => e.type))).toEqual([[], ['ignitionOn'], [], [], [], [], ['ignitionOn'], ['ignitionOff']]);
  });
});

describe(detectFuel.name, () => {
  const thresholds = { device: { attributes: { fuelDropThreshold: 5, fuelIncreaseThreshold: 10 } } };
  it('raises drops and refills of at least the threshold, with before and after', () => {
    const sequence = withAttributes({ fuel: 50 }, { fuel: 46 }, { fuel: 40 }, { fuel: 49 }, { fuel: 60 });
    expect(over(detectFuel, sequence, thresholds)).toEqual([[], [], [{ type: 'deviceFuelDrop', attributes: { before: 46, after: 40 } }], [], [{ type: 'deviceFuelIncrease', attributes: { before: 49, after: 60 } }]]);
  });

  it('is off without thresholds, and reads them from the server too', () => {
    const sequence = withAttributes({ fuel: 50 }, { fuel: 10 });
    expect(over(detectFuel, sequence).flat()).toEqual([]);
    expect(over(detectFuel, sequence, { server: { fuelDropThreshold: 20 } }).flat()).toEqual([{ type: 'deviceFuelDrop', attributes: { before: 50, after: 10 } }]);
  });
});

describe(detectMaintenance.name, () => {
  const service: Maintenance = { id: 3, attributes: {}, name: 'Service', type: 'totalDistance', start: 10_000, period: 2_000 };
  const crossing = (before: number, after: number) =>
    detectMaintenance({ position: position({ attributes: { totalDistance: after } }), last: position({ attributes: { totalDistance: before } }), context: context({ maintenances: [service] }) }).map(brief);

  it('reference example: 1999→2001 no, 3999→4001 no (below start), 9999→10001 yes, 11999→12001 yes', () => {
    expect(crossing(1999, 2001)).toEqual([]);
    expect(crossing(3999, 4001)).toEqual([]);
    expect(crossing(9999, 10001)).toEqual([{ type: 'maintenance', maintenanceId: 3, attributes: { totalDistance: 10001 } }]);
    expect(crossing(11999, 12001)).toEqual([{ type: 'maintenance', maintenanceId: 3, attributes: { totalDistance: 12001 } }]);
    expect(crossing(12001, 13999)).toEqual([]);
  });

  it('tracks times too, and needs a last position', () => {
    const daily: Maintenance = { ...service, type: 'fixTime', start: at(0), period: 86_400_000 };
    const events = detectMaintenance({ position: position({ time: at(60 * 24 + 1) }), last: position({ time: at(60 * 24 - 1) }), context: context({ maintenances: [daily] }) });
    expect(events.map(brief)).toEqual([{ type: 'maintenance', maintenanceId: 3, attributes: { fixTime: at(60 * 24 + 1) } }]);
    expect(detectMaintenance({ position: position({ attributes: { totalDistance: 10001 } }), last: undefined, context: context({ maintenances: [service] }) })).toEqual([]);
  });
});

describe(detectDriverChange.name, () => {
  it('raises when the driver differs from the last one, including the first driver seen', () => {
    const sequence = withAttributes({}, { driverUniqueId: 'ann' }, { driverUniqueId: 'ann' }, { driverUniqueId: 'bob' }, {});
    expect(over(detectDriverChange, sequence)).toEqual([[], [{ type: 'driverChanged', attributes: { driverUniqueId: 'ann' } }], [], [{ type: 'driverChanged', attributes: { driverUniqueId: 'bob' } }], []]);
  });
});

describe(detectCommandResult.name, () => {
  it('turns a result into a commandResult event', () => {
    expect(over(detectCommandResult, withAttributes({ result: 'OK' }, {}))).toEqual([[{ type: 'commandResult', attributes: { result: 'OK' } }], []]);
  });
});

describe(detectMedia.name, () => {
  it('raises one event per media file', () => {
    expect(over(detectMedia, withAttributes({ image: 'a.jpg', audio: 'b.mp3' }))).toEqual([[
      { type: 'media', attributes: { media: 'image', file: 'a.jpg' } },
      { type: 'media', attributes: { media: 'audio', file: 'b.mp3' } },
    ]]);
  });
});

describe(detectBehavior.name, () => {
  const config = { 'event.behavior.accelerationThreshold': 3, 'event.behavior.brakingThreshold': 4 };
  const speeds = (...list: [seconds: number, knots: number][]) => list.map(([seconds, speed]) => position({ time: at(0, seconds), speed }));
  it('raises hardAcceleration and hardBraking alarms from the speed change per second', () => {
    // 0 → 20 kn in 3 s ≈ 3.4 m/s²; 20 → 10 kn in 1 s ≈ −5.1 m/s²; 10 → 5 kn in 1 s ≈ −2.6 m/s²
    expect(over(detectBehavior, speeds([0, 0], [3, 20], [4, 10], [5, 5]), { config }).map((events) => events.map((e) => e.attributes?.alarm))).toEqual([[], ['hardAcceleration'], ['hardBraking'], []]);
    expect(over(detectBehavior, speeds([0, 0], [3, 20])).flat()).toEqual([]);
  });
});

describe('event times and positions', () => {
  it('position events take the device time and point at the current position', () => {
    const harness = pipelineHarness(context());
    const first = harness.feed(position({ time: at(0), attributes: { alarm: 'sos' } }));
    expect(first.events).toEqual([{ type: 'alarm', eventTime: at(0), positionId: 'current', geofenceId: 0, maintenanceId: 0, attributes: { alarm: 'sos' } }]);
  });
});

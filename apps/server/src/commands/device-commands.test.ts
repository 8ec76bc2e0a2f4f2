import type { Device, QueuedCommand } from '@tracklane/domain';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createLocalBroadcaster } from '../live/local-broadcaster.js';
import type { PendingEvent } from '../processing/events/pending-event.js';
import { gt06Commands } from '../protocols/gt06/gt06.commands.js';
import { createDeviceSession } from '../protocols/transport/device-session.js';
import { createDeviceCommands } from './device-commands.js';

const DEVICE = { id: 7, uniqueId: '864717003283581', name: 'Van', attributes: {} } as unknown as Device;
// Traccar's GT06 encoder test: engine stop is a 0x80 packet carrying `Relay,1#`
const ENGINE_STOP = '787812800c0000000052656c61792c312300009dee0d0a';

describe('device commands', () => {
  it('sends the commands queued before a restart with the first message of their device after it, raising queuedCommandSent for each', async () => {
    const stored: QueuedCommand[] = [{ id: 41, deviceId: 7, type: 'engineStop', textChannel: false, attributes: {} }];
    const raised: PendingEvent[] = [];
    const commands = createDeviceCommands({
      repos: {
        commandQueue: { waitingDevices: async () => [7], take: async () => stored.splice(0), add: async () => 0 },
        devices: { findById: async () => DEVICE },
      } as never,
      broadcaster: createLocalBroadcaster(),
      events: { raise: async (_device: Device, pending: readonly PendingEvent[]) => (raised.push(...pending), []) },
      log: pino({ level: 'silent' }),
      now: () => Date.UTC(2026, 10, 30),
    });
    const session = createDeviceSession('gt06', 'tcp', '127.0.0.1:1', undefined, 0);
    session.uniqueId = DEVICE.uniqueId;
    session.deviceId = DEVICE.id;
    const sent: string[] = [];
    // the queue is read at the start (a turn later here): the device's first message after it finds the command
    await new Promise((resolve) => setImmediate(resolve));
    commands.received(session, gt06Commands, (bytes) => sent.push(bytes.toString('hex')));
    await vi.waitFor(() => expect(raised).toHaveLength(1));
    expect(sent).toEqual([ENGINE_STOP]);
    expect(raised[0]).toMatchObject({ type: 'queuedCommandSent', attributes: { id: 41 } });
    commands.received(session, gt06Commands, (bytes) => sent.push(bytes.toString('hex')));
    expect(sent).toEqual([ENGINE_STOP]);
  });
});

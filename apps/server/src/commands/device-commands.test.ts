import type { Device, QueuedCommand } from '@tracklane/domain';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { Broadcaster } from '../live/live-message.js';
import { createLocalBroadcaster } from '../live/local-broadcaster.js';
import type { PendingEvent } from '../processing/events/pending-event.js';
import { gt06Commands } from '../protocols/gt06/gt06.commands.js';
import { createDeviceSession } from '../protocols/transport/device-session.js';
import { createDeviceCommands } from './device-commands.js';

const DEVICE = { id: 7, uniqueId: '864717003283581', name: 'Van', attributes: {} } as unknown as Device;
// Traccar's GT06 encoder test: engine stop is a 0x80 packet carrying `Relay,1#`
const ENGINE_STOP = '787812800c0000000052656c61792c312300009dee0d0a';

/** Instances on one broadcaster that every one of them hears, as Redis joins them. */
const sharedBroadcaster = (): Broadcaster => ({ ...createLocalBroadcaster(), shared: true });

/** An instance's device commands with a queue that records what it is given. */
const instance = (broadcaster: Broadcaster, added: unknown[] = [], elsewhereTimeoutMs = 100) =>
  createDeviceCommands({
    repos: {
      commandQueue: { waitingDevices: async () => [], take: async () => [], add: async (command: unknown) => added.push(command) },
      devices: { findById: async () => DEVICE },
    } as never,
    broadcaster,
    events: { raise: async () => [] },
    log: pino({ level: 'silent' }),
    now: () => Date.UTC(2026, 10, 30),
    elsewhereTimeoutMs,
  });

/** A GT06 connection of the device on `commands`' instance, recording what is written to it. */
const connect = (commands: ReturnType<typeof instance>, written: string[]) => {
  const session = createDeviceSession('gt06', 'tcp', '127.0.0.1:1', undefined, 0);
  session.uniqueId = DEVICE.uniqueId;
  session.deviceId = DEVICE.id;
  commands.received(session, gt06Commands, (bytes) => written.push(bytes.toString('hex')));
  return session;
};

const ENGINE_STOP_COMMAND = { id: 0, deviceId: 7, description: '', type: 'engineStop', textChannel: false, attributes: {} };

describe('device commands', () => {
  it('sends the commands queued before a restart with the first message of their device after it, raising queuedCommandSent for each written', async () => {
    // GT06 takes no alarmArm: that one is dropped, and not announced as sent
    const stored: QueuedCommand[] = [
      { id: 41, deviceId: 7, type: 'engineStop', textChannel: false, attributes: {} },
      { id: 42, deviceId: 7, type: 'alarmArm', textChannel: false, attributes: {} },
    ];
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
    expect(raised).toMatchObject([{ type: 'queuedCommandSent', attributes: { id: 41 } }]);
    expect(stored).toEqual([]);
    commands.received(session, gt06Commands, (bytes) => sent.push(bytes.toString('hex')));
    expect(sent).toEqual([ENGINE_STOP]);
  });

  it('asks the other instances, and the one holding the connection writes the command: sent, nothing queued', async () => {
    const broadcaster = sharedBroadcaster();
    const added: unknown[] = [];
    const a = instance(broadcaster, added);
    const b = instance(broadcaster);
    const written: string[] = [];
    connect(b, written);
    expect(a.sharesInstances).toBe(true);
    expect(await a.send(DEVICE, ENGINE_STOP_COMMAND, { askOthers: true, queue: true })).toEqual({ sent: true });
    expect(written).toEqual([ENGINE_STOP]);
    expect(added).toEqual([]);
  });

  it('queues the command when no instance answers in time, or drops it when it is not to be queued', async () => {
    const broadcaster = sharedBroadcaster();
    const added: unknown[] = [];
    const a = instance(broadcaster, added);
    instance(broadcaster);
    expect(await a.send(DEVICE, ENGINE_STOP_COMMAND, { askOthers: true, queue: false })).toEqual({ sent: false, queued: undefined });
    expect(added).toEqual([]);
    expect((await a.send(DEVICE, ENGINE_STOP_COMMAND, { askOthers: true, queue: true })).queued).toMatchObject({ type: 'engineStop', deviceId: 7 });
    expect(added).toHaveLength(1);
  });

  it("queues at once what the holder's protocol does not take, without waiting out the time", async () => {
    const broadcaster = sharedBroadcaster();
    // waiting out an hour would outlast the test: B's answer comes first
    const a = instance(broadcaster, [], 3_600_000);
    const b = instance(broadcaster);
    const written: string[] = [];
    connect(b, written);
    const outcome = await a.send(DEVICE, { ...ENGINE_STOP_COMMAND, type: 'alarmArm' }, { askOthers: true, queue: true });
    expect(outcome.queued).toMatchObject({ type: 'alarmArm' });
    expect(written).toEqual([]);
  });

  it('neither sends nor queues a command the connection here does not take, and says so', async () => {
    const added: unknown[] = [];
    const commands = instance(createLocalBroadcaster(), added);
    const written: string[] = [];
    connect(commands, written);
    expect(await commands.send(DEVICE, { ...ENGINE_STOP_COMMAND, type: 'alarmArm' })).toEqual({ sent: false, queued: undefined, notTaken: true });
    expect(written).toEqual([]);
    expect(added).toEqual([]);
  });

  it('does not ask when the instance is alone', () => {
    expect(instance(createLocalBroadcaster()).sharesInstances).toBe(false);
  });
});

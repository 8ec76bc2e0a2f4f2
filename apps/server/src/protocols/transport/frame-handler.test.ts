import type { Device } from '@tracklane/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { IngestCallbacks } from '../../processing/position-ingest.js';
import { createDeviceSettings } from '../../processing/settings/device-settings.js';
import type { DecodedPosition } from '../decoded-position.js';
import { newPosition } from '../position-builder.js';
import { defineProtocol } from '../protocol-definition.js';
import type { DeviceResolver } from './device-resolver.js';
import { createDeviceSession } from './device-session.js';
import { createFrameHandler } from './frame-handler.js';

/** `<id>,<latitude>`: a protocol whose device's `decoder.timezone` ends up in the state, to show when settings apply. */
const protocol = defineProtocol<{ zone: string }>({
  name: 'gt06',
  transports: ['tcp'],
  createFramer: () => ({ next: () => ({ kind: 'incomplete', discard: 0 }) }),
  maxFrameLength: 100,
  createState: () => ({ zone: 'default' }),
  configure: (state, settings) => {
    state.zone = settings.string('decoder.timezone');
  },
  decode: (frame, context) => {
    const [id, latitude] = frame.toString('latin1').split(',');
    const position = newPosition('gt06', id!, 0);
    position.latitude = Number(latitude);
    position.attributes.zone = context.state.zone;
    return { identify: id, positions: [position], ack: [Buffer.from('ok')] };
  },
});

const device = { id: 1, uniqueId: '42', model: null, attributes: { 'decoder.timezone': 'GMT+3' } } as unknown as Device;

/** The device catalog's part the handler uses: the settings of the device's attributes, and a version an edit moves on. */
const catalogOf = () => {
  const catalog = {
    version: 0,
    settingsFor: async (found: Device) => createDeviceSettings({ device: found.attributes, groups: [], server: {}, config: {} }),
    settingsVersion: () => catalog.version,
  };
  return catalog;
};

/** A handler storing every position at once, with what it stored and the replies sent; the device is found a moment later, as a database lookup would. */
const handlerFor = (registered: () => Device | undefined, catalog = catalogOf()) => {
  const stored: DecodedPosition[] = [];
  const replies: string[] = [];
  const lookups: string[] = [];
  const ingest = {
    submit: (position: DecodedPosition, callbacks: IngestCallbacks) => {
      stored.push(position);
      callbacks.ingested({ status: 'stored' } as never);
    },
  };
  const resolver = {
    resolve: async () => registered(),
    find: async (uniqueId: string) => {
      lookups.push(uniqueId);
      return registered();
    },
  } as unknown as DeviceResolver;
  const handler = createFrameHandler({ protocol, ingest, resolver, log: pino({ level: 'silent' }), now: () => 0, settings: catalog });
  const session = createDeviceSession('gt06', 'tcp', '127.0.0.1:1', protocol.createState(), 0);
  const send = (frame: Buffer) => handler(session, frame, (reply) => replies.push(reply.toString()));
  const zones = () => stored.map((position) => position.attributes.zone);
  return { send, session, catalog, stored, replies, lookups, zones };
};

describe('frame handler', () => {
  it("decodes the frame that identified the device again under the device's settings, from bytes of its own", async () => {
    const { send, session, stored, replies } = handlerFor(() => device);

    const readBuffer = Buffer.from('42,28.61', 'latin1');
    const done = send(readBuffer);
    // the next read lands in the same buffer before the device is found
    readBuffer.write('42,99.99', 'latin1');
    await done;

    expect(stored.map((position) => [position.latitude, position.attributes.zone])).toEqual([[28.61, 'GMT+3']]);
    expect(replies).toEqual(['ok']);
    expect(session.uniqueId).toBe('42');
  });

  it('applies settings changed while the tracker stays connected from its next frame, and reads them again only after a change', async () => {
    let current = device;
    const { send, catalog, lookups, zones, replies } = handlerFor(() => current);
    await send(Buffer.from('42,1', 'latin1'));
    await send(Buffer.from('42,2', 'latin1'));
    expect(lookups).toEqual([]);

    current = { ...device, attributes: { 'decoder.timezone': 'UTC' } } as Device;
    catalog.version++;
    const readBuffer = Buffer.from('42,3', 'latin1');
    const done = send(readBuffer);
    readBuffer.write('42,9', 'latin1');
    await done;
    await send(Buffer.from('42,4', 'latin1'));

    expect(zones()).toEqual(['GMT+3', 'GMT+3', 'UTC', 'UTC']);
    expect(lookups).toEqual(['42']);
    expect(replies).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it("takes the device's new model while connected, and keeps what it had when the device is gone", async () => {
    let current: Device | undefined = device;
    const { send, session, catalog, zones } = handlerFor(() => current);
    await send(Buffer.from('42,1', 'latin1'));
    expect(session.model).toBeUndefined();

    current = { ...device, model: 'VL03' } as Device;
    catalog.version++;
    await send(Buffer.from('42,2', 'latin1'));
    expect(session.model).toBe('VL03');

    current = undefined;
    catalog.version++;
    await send(Buffer.from('42,3', 'latin1'));
    expect(session.model).toBe('VL03');
    expect(zones()).toEqual(['GMT+3', 'GMT+3', 'GMT+3']);
  });

  it('decodes under the settings it has when they cannot be read again', async () => {
    const catalog = catalogOf();
    const { send, zones, replies } = handlerFor(() => device, catalog);
    await send(Buffer.from('42,1', 'latin1'));
    catalog.settingsFor = async () => {
      throw new Error('database gone');
    };
    catalog.version++;
    await send(Buffer.from('42,2', 'latin1'));
    expect(zones()).toEqual(['GMT+3', 'GMT+3']);
    expect(replies).toEqual(['ok', 'ok']);
  });

  it('unbinds a session whose device was removed while it stayed connected, so commands no longer go through it', async () => {
    const received: number[] = [];
    const catalog = catalogOf();
    let removed = false;
    const ingest = {
      submit: (_position: DecodedPosition, callbacks: IngestCallbacks) => callbacks.ingested((removed ? { status: 'unknown-device' } : { status: 'stored' }) as never),
    };
    const resolver = { resolve: async () => (removed ? undefined : device), find: async () => device } as unknown as DeviceResolver;
    const commands = { received: (session: { deviceId: number }) => received.push(session.deviceId) };
    const handler = createFrameHandler({ protocol, ingest, resolver, log: pino({ level: 'silent' }), now: () => 0, settings: catalog, commands });
    const session = createDeviceSession('gt06', 'tcp', '127.0.0.1:1', protocol.createState(), 0);
    await handler(session, Buffer.from('42,1', 'latin1'), () => undefined);
    expect(session.deviceId).toBe(1);
    removed = true;
    await handler(session, Buffer.from('42,2', 'latin1'), () => undefined);
    expect([session.uniqueId, session.deviceId]).toEqual([undefined, 0]);
    await handler(session, Buffer.from('42,3', 'latin1'), () => undefined);
    expect(received).toEqual([1, 1]);
  });
});


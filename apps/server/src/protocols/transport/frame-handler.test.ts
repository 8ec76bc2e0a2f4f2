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

describe('frame handler', () => {
  it("decodes the frame that identified the device again under the device's settings, from bytes of its own", async () => {
    const stored: DecodedPosition[] = [];
    const ingest = {
      submit: (position: DecodedPosition, callbacks: IngestCallbacks) => {
        stored.push(position);
        callbacks.ingested({ status: 'stored' } as never);
      },
    };
    // the device is found a moment later, as a database lookup would
    const resolver = { resolve: async () => device } as unknown as DeviceResolver;
    const settingsFor = async (found: Device) => createDeviceSettings({ device: found.attributes, groups: [], server: {}, config: {} });
    const handler = createFrameHandler({ protocol, ingest, resolver, log: pino({ level: 'silent' }), now: () => 0, settingsFor });
    const session = createDeviceSession('gt06', 'tcp', '127.0.0.1:1', protocol.createState(), 0);
    const replies: string[] = [];

    const readBuffer = Buffer.from('42,28.61', 'latin1');
    const done = handler(session, readBuffer, (reply) => replies.push(reply.toString()));
    // the next read lands in the same buffer before the device is found
    readBuffer.write('42,99.99', 'latin1');
    await done;

    expect(stored.map((position) => [position.latitude, position.attributes.zone])).toEqual([[28.61, 'GMT+3']]);
    expect(replies).toEqual(['ok']);
    expect(session.uniqueId).toBe('42');
  });
});

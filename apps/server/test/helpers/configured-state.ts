import { createDeviceSettings } from '../../src/processing/settings/device-settings.js';
import type { ProtocolDefinition } from '../../src/protocols/protocol-definition.js';

/** A new connection state of the protocol, configured as for a device with these attributes. */
export const configuredState = (protocol: ProtocolDefinition<unknown>, attributes: Record<string, unknown> = {}): unknown => {
  const state = protocol.createState();
  protocol.configure?.(state, createDeviceSettings({ device: attributes, groups: [], server: {}, config: {} }));
  return state;
};

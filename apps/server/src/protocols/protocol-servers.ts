import type { AppContext } from '../app-context.js';
import { createPendingWork } from '../pending-work.js';
import type { ProtocolName } from './protocol-ports.js';
import { PROTOCOLS, protocolByName } from './protocol-registry.js';
import { createDeviceSettings } from '../processing/settings/device-settings.js';
import { createMediaStore } from '../storage/media-store.js';
import type { DecodeContext } from './protocol-definition.js';
import { createFrameHandler } from './transport/frame-handler.js';
import { createTcpIoThread } from './transport/tcp-io-thread.js';
import { startTcpServer, type ProtocolServer } from './transport/tcp-server.js';
import { startUdpServer } from './transport/udp-server.js';

export interface ProtocolListener {
  protocol: ProtocolName;
  /** 0 binds any free port (tests). */
  port: number;
}

/** The framed protocols whose `<NAME>_PORT` is not 0, on their configured ports. */
export const configuredListeners = (ports: Record<ProtocolName, number>): ProtocolListener[] =>
  PROTOCOLS.filter((protocol) => ports[protocol.name] > 0).map((protocol) => ({ protocol: protocol.name, port: ports[protocol.name] }));

export interface ProtocolServers {
  servers: ProtocolServer[];
  /** Bound port of a protocol's listener on a transport. */
  portOf(protocol: ProtocolName, transport?: 'tcp' | 'udp'): number;
  close(): Promise<void>;
}

/** Stores the files trackers send under `MEDIA_PATH`; one that cannot be stored costs a log line and the file. */
const mediaWriter = ({ config, log }: AppContext): NonNullable<DecodeContext<unknown>['writeMedia']> => {
  const store = createMediaStore(config.mediaRoot);
  return (uniqueId, data, extension) => {
    try {
      const file = store.writeNew(uniqueId, data, extension);
      if (file === undefined) log.warn({ uniqueId, extension }, 'media file not stored: the identifier cannot name a media folder');
      return file;
    } catch (error) {
      log.error({ err: error, uniqueId, extension }, 'media file not stored');
      return undefined;
    }
  };
};

/**
 * Starts the TCP (and UDP, where the protocol has it) listeners of the given protocols, all sharing
 * the app's ingest and one device resolver. A protocol's TCP and UDP listeners use the same port number.
 */
export const startProtocolServers = async (ctx: AppContext, listeners: ProtocolListener[], host = ctx.config.host): Promise<ProtocolServers> => {
  const { config, log, now } = ctx;
  const resolver = ctx.deviceResolver;
  const servers: ProtocolServer[] = [];
  // the environment's, which framing may depend on: a framer starts before its tracker is known
  const serverSettings = createDeviceSettings({ device: {}, groups: [], server: {}, config: config.processing });
  // one thread owns every tracker socket of these listeners; it starts with the first TCP listener
  const io = createTcpIoThread(log, { intake: ctx.ingest.intake });
  const markingOffline = createPendingWork();
  const markOffline = async (uniqueId: string) => {
    try {
      const device = await ctx.repos.deviceState.findByUniqueId(uniqueId);
      if (device) await ctx.deviceStatus.markOffline(device.id);
    } catch (error) {
      log.warn({ err: error, uniqueId }, 'could not mark the device offline');
    }
  };
  const writeMedia = mediaWriter(ctx);
  try {
    for (const listener of listeners) {
      const protocol = protocolByName(listener.protocol);
      if (!protocol) throw new Error(`no framed protocol named ${listener.protocol}`);
      const handler = createFrameHandler({ protocol, ingest: ctx.ingest, resolver, log, now, settings: ctx.processing.catalog, commands: ctx.deviceCommands, writeMedia, writeVideo: ctx.videoStreams.write });
      const options = { protocol, handler, host, idleTimeout: config.protocolTimeouts[protocol.name] * 1000, log, now };
      let port = listener.port;
      if (protocol.transports.includes('tcp')) {
        // a media connection ends while the device's own one goes on
        const onDisconnect = protocol.media ? undefined : (uniqueId: string) => void markingOffline.track(markOffline(uniqueId));
        const server = await startTcpServer({ ...options, io, port, settings: serverSettings, onDisconnect });
        servers.push(server);
        if (protocol.media && config.webUrl) ctx.commandEndpoints.video = { host: new URL(config.webUrl).hostname, port: server.port };
        port = server.port; // UDP on the same number, also when the TCP port was picked
      }
      if (protocol.transports.includes('udp')) servers.push(await startUdpServer({ ...options, port }));
    }
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    await io.close();
    throw error;
  }
  return {
    servers,
    portOf: (protocol, transport = 'tcp') => {
      const server = servers.find((candidate) => candidate.protocol === protocol && candidate.transport === transport);
      if (!server) throw new Error(`${protocol} has no ${transport} listener`);
      return server.port;
    },
    /** Closes every listener and connection; resolves once the disconnected devices are marked offline. */
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
      await io.close();
      await markingOffline.settled();
    },
  };
};

import type http from 'node:http';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { createAppContext } from './app-context.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { osmandOptionsOf } from './protocols/osmand/osmand.decoder.js';
import { createOsmAndHandler } from './protocols/osmand/osmand.handler.js';
import { startOsmAndListener } from './protocols/osmand/osmand.listener.js';
import { configuredListeners, startProtocolServers } from './protocols/protocol-servers.js';
import { startDemo } from './simulator/demo.js';

const readConfig = () => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

const main = async () => {
  const config = readConfig();
  const log = pino({ level: config.logLevel });
  const ctx = await createAppContext(config, log);
  const app = await buildApp(ctx, { loggerInstance: log });
  const listeners: http.Server[] = [];
  if (config.protocolPorts.osmand > 0) {
    listeners.push(await startOsmAndListener(createOsmAndHandler(ctx.ingest, ctx.deviceResolver, log, ctx.now, osmandOptionsOf(config.processing), ctx.deviceCommands), config.protocolPorts.osmand, config.host, log));
  }
  const trackers = await startProtocolServers(ctx, configuredListeners(config.protocolPorts));
  ctx.metrics.watchTrackerConnections(() => {
    const counts: Record<string, number> = {};
    for (const server of trackers.servers) counts[server.protocol] = (counts[server.protocol] ?? 0) + server.connections();
    return counts;
  });
  await app.listen({ port: config.port, host: config.host });
  ctx.deviceStatus.start();
  ctx.statisticsCapture.start();
  const demo = process.argv.includes('--demo') ? await startDemo(ctx, config, log) : undefined;

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) log.error({ err }, 'stopping after an error');
    demo?.stop();
    await Promise.all(listeners.map((server) => new Promise((resolve) => server.close(resolve))));
    await trackers.close();
    await app.close();
    await ctx.close();
  });
};

main().catch((error: unknown) => {
  process.stderr.write(`Tracklane failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

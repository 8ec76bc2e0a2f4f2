import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { OsmAndHandler } from './osmand.handler.js';

/** Requests are aggregated up to this size, as Traccar does; larger ones are refused. */
export const OSMAND_MAX_BODY = 64 * 1024;

const readBody = (request: http.IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > OSMAND_MAX_BODY) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** Plain HTTP listener for the Traccar Client / OsmAnd protocol. */
export const startOsmAndListener = async (handler: OsmAndHandler, port: number, host: string, log: FastifyBaseLogger): Promise<http.Server> => {
  const server = http.createServer((request, response) => {
    const respond = (status: number, body: string) => {
      if (response.headersSent || response.destroyed) return;
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      response.end(body);
    };
    readBody(request)
      .then(async (body) => {
        if (body === undefined) return respond(413, 'Request too large');
        const reply = await handler({ method: request.method ?? 'GET', url: request.url ?? '/', contentType: request.headers['content-type'], remoteAddress: request.socket.remoteAddress, body });
        respond(reply.status, reply.body);
      })
      .catch((error: unknown) => {
        log.error({ err: error, protocol: 'osmand' }, 'osmand request failed');
        respond(500, 'Internal error');
      });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  log.info({ protocol: 'osmand', port: (server.address() as { port: number }).port }, 'protocol listening');
  return server;
};

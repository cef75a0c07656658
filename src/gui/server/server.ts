// The GUI's web server: the page and its assets from dist/gui, and the WebSocket (/ws) through which
// each tab drives its engines and watches tournaments. Only pages served from this server may open
// the WebSocket: another site open in the same browser cannot drive the engines.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { err, ok, type Result } from '../../engine/index.js';
import type { GuiConfig } from './guiConfig.js';
import { Session } from './session.js';

/** The page's files: built next to the bundle (scripts/build.mjs). */
export function pageFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'gui');
}

const MAX_MESSAGE_BYTES = 1 << 20;

export interface RunningGui {
  url: string;
  close(): Promise<void>;
}

export async function startGui(config: GuiConfig, root = pageFolder()): Promise<Result<RunningGui>> {
  if (!existsSync(join(root, 'index.html')))
    return err('no-page', `the page is not built (${root}/index.html is missing): run npm run build`);
  const app: FastifyInstance = Fastify({ logger: false });
  const sessions = new Set<Session>();
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  await app.register(fastifyStatic, { root, index: 'index.html' });
  await app.register((scope, _options, done) => {
    scope.addHook('preValidation', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && new URL(origin).host !== request.headers.host) {
        await reply.code(403).send('this page may not use the Hnefi GUI server');
      }
    });
    scope.get('/ws', { websocket: true }, (socket) => {
      const session = new Session(
        { engines: new Map(config.engines.map((e) => [e.name, e])), timeouts: config.timeouts, watch: config.watch },
        (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
      );
      sessions.add(session);
      socket.on('message', (data) => session.receive(data.toString()));
      socket.on('close', () => {
        sessions.delete(session);
        void session.close();
      });
    });
    done();
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    return err('listen', `cannot listen on ${config.host}:${config.port}: ${(e as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return ok({
    url: `http://${host}:${port}/`,
    close: async () => {
      await Promise.all([...sessions].map((s) => s.close()));
      await app.close();
    },
  });
}

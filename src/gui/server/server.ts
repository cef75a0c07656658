// The GUI's web server: the page and its assets from dist/gui, and the WebSocket (/ws) through which
// each tab drives its engines and watches tournaments. Every request must name this server's own host
// (access.ts); the WebSocket also needs this server's origin and its token, and the number of pages
// and engines is capped. Responses forbid the page's use by other sites (framing) and any script or
// connection not from this server.

import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { err, ok, type Result } from '../../engine/index.js';
import { CLOSE_BAD_TOKEN, CLOSE_TOO_MANY } from '../shared/messages.js';
import { type Access, allowedHostnames, hostnameOf, isWildcard, refusal, tokenAccepted } from './access.js';
import { EngineBudget } from './engineBudget.js';
import { FolderAccess } from './fileAccess.js';
import type { GuiConfig } from './guiConfig.js';
import { Session } from './session.js';

/** The page's files: built next to the bundle (scripts/build.mjs). */
export function pageFolder(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'gui');
}

const MAX_MESSAGE_BYTES = 1 << 20;

/** Everything the page loads comes from this server; nothing may frame it; types are as sent. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export interface RunningGui {
  /** The address to open, with the token. */
  url: string;
  close(): Promise<void>;
}

export async function startGui(config: GuiConfig, root = pageFolder()): Promise<Result<RunningGui>> {
  if (!existsSync(join(root, 'index.html'))) return err('no-page', 'the page is not built (gui/index.html is missing): run npm run build');
  const app: FastifyInstance = Fastify({ logger: false });
  const sessions = new Set<Session>();
  const access: Access = { hostnames: allowedHostnames(config.host), port: config.port, token: config.token };
  const budget = new EngineBudget(
    config.limits.engines,
    `this server runs at most ${config.limits.engines} engines at once (--max-engines)`,
  );
  const folders = new FolderAccess(config.watch, config.records);
  const settings = {
    engines: new Map(config.engines.map((e) => [e.name, e])),
    timeouts: config.timeouts,
    watch: config.watch,
    records: config.records,
    folders,
    caps: config.limits,
  };

  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    const refused = refusal(access, request.headers.host, request.headers.origin);
    if (refused !== undefined) await reply.code(403).type('text/plain').send(`Hnefi GUI: ${refused}`);
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  // The bundle's source map is for building, not for pages.
  await app.register(fastifyStatic, { root, index: 'index.html', dotfiles: 'ignore', allowedPath: (path) => !path.endsWith('.map') });
  app.get<{ Querystring: { token?: string } }>('/ws', { websocket: true }, (socket, request) => {
    if (!tokenAccepted(access, request.query.token)) {
      socket.close(CLOSE_BAD_TOKEN, 'this page does not have the token of this server');
      return;
    }
    if (sessions.size >= config.limits.connections) {
      socket.close(CLOSE_TOO_MANY, `this server takes ${config.limits.connections} pages at once (--max-connections)`);
      return;
    }
    const pageBudget = new EngineBudget(
      config.limits.enginesPerPage,
      `a page runs at most ${config.limits.enginesPerPage} engines at once (limits.enginesPerPage)`,
      budget,
    );
    const session = new Session(settings, pageBudget, (text) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    });
    sessions.add(session);
    socket.on('message', (data) => session.receive(data.toString()));
    socket.on('close', () => {
      sessions.delete(session);
      void session.close();
    });
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (e) {
    return err('listen', `cannot listen on ${config.host}:${config.port}: ${(e as Error).message}`);
  }
  const address = app.server.address();
  access.port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = isWildcard(config.host) ? hostname().toLowerCase() : hostnameOf(config.host);
  const query = config.token === undefined ? '' : `?token=${config.token}`;
  return ok({
    url: `http://${host}:${access.port}/${query}`,
    close: async () => {
      await Promise.all([...sessions].map((s) => s.close()));
      await app.close();
    },
  });
}

// The static site's service worker (built as sw.js by scripts/build.mjs, which writes in the list of
// the site's files and their version): the page works offline after its first visit.
// - Installing it stores the page's files (everything but the networks and books) in a cache named
//   for this version of the site; activating it deletes the caches of other versions. A new version
//   waits (the browser's default) until no page of the old one is open: a page never mixes the files
//   of two versions.
// - It answers the site's requests from that cache, else from the network, and keeps the networks and
//   books fetched (they are loaded when a variant first needs them).
// - It adds the two headers that make the page cross-origin isolated (docs/web.md) to what it serves,
//   so that the engine searches with several threads from the second visit on, on hosts that cannot
//   send them.

declare const SITE_FILES: string[];
declare const SITE_VERSION: string;

interface LifecycleEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface RequestEvent extends LifecycleEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ServiceWorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: LifecycleEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: RequestEvent) => void): void;
}

const worker = globalThis as unknown as ServiceWorkerScope;
const CACHE_PREFIX = 'hnefi-site-';
const CACHE = `${CACHE_PREFIX}${SITE_VERSION}`;
/** Kept when first fetched (the site's other files are stored at install). */
const KEPT_WHEN_FETCHED = /\/(nets|books)\/[\w.-]+$/;

const ISOLATION_HEADERS: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SITE_FILES)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(respond(request));
});

async function respond(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // Any address of the page (the folder, index.html, with a view after #) is the stored index.html.
  const key = request.mode === 'navigate' ? new URL('index.html', worker.registration.scope).href : request;
  const stored = await cache.match(key, { ignoreSearch: true });
  if (stored !== undefined) return isolated(stored);
  const response = await fetch(request);
  if (response.ok && KEPT_WHEN_FETCHED.test(new URL(request.url).pathname)) await cache.put(request, response.clone());
  return isolated(response);
}

function isolated(response: Response): Response {
  if (response.type === 'opaque' || response.type === 'error') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

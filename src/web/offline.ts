// The page's side of offline use: it asks the browser to install the site's service worker (sw.js,
// serviceWorker.ts), which keeps the site's files and serves them when the network is gone.

/** Installs sw.js for the site's folder, where a service worker can run (pages from a web server). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register('sw.js').catch((error: unknown) => {
    // The page works without it, only not offline.
    console.warn(`Hnefi: no offline use (${error instanceof Error ? error.message : String(error)})`);
  });
}

/**
 * A file the page fetched before the service worker took over has not been kept by it: fetched again
 * through it then, so that it is there offline too (the networks, the books).
 */
export function keepForOffline(url: URL): void {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol) || navigator.serviceWorker.controller !== null) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => void fetch(url).catch(() => undefined), { once: true });
}

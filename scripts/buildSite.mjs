// The static site (docs/web.md) into one folder: the page, the engine (its search and Lazy SMP helpers
// as Web Workers: module scripts sharing chunks with the page), the GUI's stylesheet, the web app
// manifest and icons, the `auto` network and the opening books, and last the service worker, which is
// given the list of the other files to keep and a version made from their contents.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

/** The file of the network the engine evaluates with by default, as src/search/network/autoNetwork.ts names it. */
const AUTO_NETWORK_FILE = /file: '([\w.-]+\.nnue)'/.exec(readFileSync('src/search/network/autoNetwork.ts', 'utf8'))?.[1];
if (AUTO_NETWORK_FILE === undefined)
  throw new Error("scripts/buildSite.mjs: src/search/network/autoNetwork.ts names no network file (file: '<name>.nnue')");

const browser = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
  // The page is the GUI's (src/gui/client), written in Preact's JSX.
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // Node.js modules must not reach the page: esbuild fails the build on any (platform 'browser').
};

export async function buildSite(folder) {
  rmSync(folder, { recursive: true, force: true });
  await build({
    ...browser,
    entryPoints: {
      app: 'src/web/main.tsx',
      engine: 'src/web/browserEngine.ts',
      'search-worker': 'src/web/searchWorker.ts',
      'search-helper': 'src/web/helperWorker.ts',
    },
    outdir: folder,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunk-[hash]',
  });
  for (const file of ['index.html', 'site.css', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png']) {
    cpSync(`src/web/${file}`, join(folder, file));
  }
  cpSync('src/gui/client/style.css', join(folder, 'style.css'));
  mkdirSync(join(folder, 'nets'));
  cpSync(`nets/${AUTO_NETWORK_FILE}`, join(folder, 'nets', AUTO_NETWORK_FILE));
  cpSync('books', join(folder, 'books'), { recursive: true });

  const files = listFiles(folder);
  const version = createHash('sha256');
  for (const file of files) version.update(file).update(readFileSync(join(folder, file)));
  // The page's files are kept at install; the networks and books when first fetched.
  const shell = files.filter((file) => !/^(nets|books)\//.test(file));
  await build({
    ...browser,
    entryPoints: ['src/web/serviceWorker.ts'],
    outfile: join(folder, 'sw.js'),
    format: 'iife',
    define: { SITE_FILES: JSON.stringify(shell), SITE_VERSION: JSON.stringify(version.digest('hex').slice(0, 16)) },
  });
}

/** Every file under `folder`, as paths relative to it with '/', sorted. */
function listFiles(folder) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(folder, path).split('\\\\').join('/'));
    }
  };
  walk(folder);
  return found.sort();
}

// `hnefi gui`: a local web server with a tafl board in the browser, to play, analyse and watch engines.

import type { Argv, CommandModule } from 'yargs';
import { isLoopback } from '../gui/server/access.js';
import { loadGuiConfig, TOKEN_VARIABLE, type GuiFlags } from '../gui/server/guiConfig.js';
import { exportSite } from './siteExport.js';

type GuiCommandFlags = GuiFlags & { export?: string };

export const guiCommand: CommandModule<object, GuiCommandFlags> = {
  command: 'gui',
  describe: 'serve the tafl board in the browser: play, analyse, watch tournaments (prints its URL)',
  builder: (yargs: Argv) =>
    yargs
      .option('port', { type: 'number', describe: 'port to listen on (default 8080; 0: any free port)' })
      .option('host', { type: 'string', describe: 'address to listen on (default 127.0.0.1: this machine only)' })
      .option('engine', {
        type: 'string',
        array: true,
        describe: 'an engine the page may use: \'name=a cmd=node args="dist/hnefi.js" option.Hash=64\' (repeat; default: this Hnefi)',
      })
      .option('config', { type: 'string', describe: 'JSON file with engines, host, port, watch, records, limits (flags override it)' })
      .option('watch', {
        type: 'string',
        array: true,
        describe: "a tournament's out folder to offer for watching (repeat)",
      })
      .option('records', {
        type: 'string',
        array: true,
        describe: 'a folder whose tournament out folders (any under it) the page may watch (repeat)',
      })
      .option('token', {
        type: 'boolean',
        describe: `--no-token: pages need no token (loopback --host only); the token is new at each start, or ${TOKEN_VARIABLE}'s value`,
      })
      .option('max-engines', { type: 'number', describe: 'engine processes at once, all pages together (default 8)' })
      .option('max-connections', { type: 'number', describe: 'pages connected at once (default 16)' })
      .option('export', {
        type: 'string',
        describe:
          'instead of serving: copy the static site (the board with the engine in the browser, no server needed) into this new folder',
      }) as unknown as Argv<GuiCommandFlags>,
  handler: async (args) => {
    if (args.export !== undefined) {
      const exported = exportSite(args.export);
      if (!exported.ok) {
        console.error(`hnefi gui: ${exported.error.message}`);
        process.exitCode = 1;
        return;
      }
      const { folder, files, bytes } = exported.value;
      console.log(
        `Hnefi's static site: ${files} files (${Math.round(bytes / 1024)} KB) in ${folder}; put it on any static web host (docs/web.md)`,
      );
      return;
    }
    const config = loadGuiConfig(args);
    if (!config.ok) {
      console.error(`hnefi gui: ${config.error.message}`);
      process.exitCode = 1;
      return;
    }
    if (!isLoopback(config.value.host)) {
      console.error(
        `hnefi gui: warning: listening on ${config.value.host}, not this machine only: whoever reaches this port and has the address` +
          ' printed below (its token) can run the configured engines and read the watched tournament folders',
      );
    }
    // Loaded here: the web server's libraries are not needed by the other commands.
    const { startGui } = await import('../gui/server/server.js');
    const running = await startGui(config.value);
    if (!running.ok) {
      console.error(`hnefi gui: ${running.error.message}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Hnefi GUI at ${running.value.url}  (engines: ${config.value.engines.map((e) => e.name).join(', ')}; Ctrl-C to stop)`);
    const stop = (): void => {
      // Engines are asked to quit; one that does not within a moment ends with our exit (its stdin closes).
      setTimeout(() => process.exit(0), 2000).unref();
      void running.value.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};

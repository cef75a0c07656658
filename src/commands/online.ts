// `hnefi online`: Hnefi (or any engine entry) as a bot account on a hnefatafl.org server.

import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_TIMEOUTS } from '../client/engineClient.js';
import { selfEngine } from '../gui/server/guiConfig.js';
import { OnlineBot } from '../online/onlineBot.js';
import { DEFAULT_VERSION_ID, ROLES, SITE_PORT, type Role } from '../online/siteProtocol.js';
import { parseEngineFlag } from '../tournament/engineConfig.js';
import { numberText, wholeNumberIn } from './options.js';

interface OnlineArgs {
  host: string;
  port: number;
  versionId: string;
  user: string;
  password?: string;
  role: Role;
  games: number;
  rated: boolean;
  clock: string;
  join?: string;
  movetime?: number;
  engine?: string;
  reconnectMs: number;
  reconnectTries: number;
}

const PASSWORD_WARNING =
  'the hnefatafl.org protocol sends the password in clear text, readable by anyone on the way: give this bot account a password of its own. HNEFI_ONLINE_PASSWORD keeps it off the command line, which other users of this machine can see.';

export const onlineCommand: CommandModule<object, OnlineArgs> = {
  command: 'online',
  describe: 'play on a hnefatafl.org server as a bot account (the password travels in clear text)',
  builder: (yargs: Argv) =>
    yargs
      .option('host', {
        type: 'string',
        demandOption: true,
        describe: 'the server, e.g. hnefatafl.org, or 127.0.0.1 for a local hnefatafl-server-full',
      })
      .option('port', { type: 'string', coerce: numberText, default: SITE_PORT, describe: 'its port' })
      .option('version-id', {
        type: 'string',
        default: DEFAULT_VERSION_ID,
        describe: "the server's version id (it refuses others; it changes with server releases)",
      })
      .option('user', { type: 'string', demandOption: true, describe: 'the bot account' })
      .option('password', { type: 'string', describe: 'its password (default: HNEFI_ONLINE_PASSWORD; sent in clear text)' })
      .option('role', { choices: ROLES, default: 'defender' as Role, describe: 'the side the bot offers to play' })
      .option('games', { type: 'string', coerce: numberText, default: 1, describe: 'games to play, one after the other' })
      .option('rated', { type: 'boolean', default: false, describe: 'offer rated games' })
      .option('clock', {
        type: 'string',
        default: '15+10',
        describe: "Fischer time of the games offered, minutes+seconds added per move, or 'none'",
      })
      .option('join', { type: 'string', describe: 'join the pending game with this id instead of offering one' })
      .option('movetime', { type: 'string', coerce: numberText, describe: 'ms per move (default: a fortieth of the clock left)' })
      .option('engine', { type: 'string', describe: 'the engine, as hnefi tournament --engine (default: this Hnefi)' })
      .option('reconnect-ms', {
        type: 'string',
        coerce: numberText,
        default: 1000,
        describe: 'first wait before reconnecting after a drop',
      })
      .option('reconnect-tries', { type: 'string', coerce: numberText, default: 10, describe: 'reconnections in a row before giving up' })
      .check((args) => {
        for (const [name, value, min, max] of [
          ['port', args.port, 1, 65535],
          ['games', args.games, 1, 10_000],
          ['reconnect-ms', args.reconnectMs, 1, 600_000],
          ['reconnect-tries', args.reconnectTries, 0, 1000],
          ['movetime', args.movetime, 1, 3_600_000],
        ] as const) {
          if (value === undefined) continue;
          const checked = wholeNumberIn(name, value, min, max);
          if (checked !== true) throw new Error(checked);
        }
        if (args.clock !== 'none' && !/^\d+(\+\d+)?$/.test(args.clock))
          throw new Error(`--clock: '${args.clock}' is not minutes+seconds (e.g. 15+10) or none`);
        if (args.join !== undefined && !/^\d{1,20}$/.test(args.join)) throw new Error(`--join: '${args.join}' is not a game id`);
        if (!/^\S+$/.test(args.user) || args.user.length > 16) throw new Error('--user: one word of at most 16 characters');
        return true;
      }) as unknown as Argv<OnlineArgs>,
  handler: async (args) => {
    const password = args.password ?? process.env.HNEFI_ONLINE_PASSWORD ?? '';
    if (/[\r\n]/.test(password) || password.length > 32) return fail('the password must be one line of at most 32 characters');
    console.error(`hnefi online: warning: ${PASSWORD_WARNING}`);
    const engine = args.engine === undefined ? { ok: true as const, value: selfEngine() } : parseEngineFlag(args.engine, 0);
    if (!engine.ok) return fail(engine.error.message);
    const [minutes, added] = args.clock.split('+').map(Number);
    const bot = new OnlineBot({
      host: args.host,
      port: Number(args.port),
      versionId: args.versionId,
      user: args.user,
      password,
      role: args.role,
      games: Number(args.games),
      rated: args.rated,
      clock: args.clock === 'none' ? undefined : { ms: minutes * 60_000, addSeconds: added ?? 0 },
      join: args.join,
      movetimeMs: args.movetime === undefined ? undefined : Number(args.movetime),
      engine: engine.value,
      timeouts: DEFAULT_TIMEOUTS,
      reconnectMs: Number(args.reconnectMs),
      reconnectTries: Number(args.reconnectTries),
      log: (line) => console.log(`hnefi online: ${line}`),
    });
    const result = await bot.run();
    const won = result.games.filter((g) => g.winner === g.role).length;
    const drawn = result.games.filter((g) => g.winner === 'draw').length;
    console.log(`hnefi online: ${result.games.length} games: ${won} won, ${drawn} drawn, ${result.games.length - won - drawn} lost`);
    if (!result.ok) fail(result.error);
  },
};

function fail(message: string): void {
  console.error(`hnefi online: ${message}`);
  process.exitCode = 1;
}

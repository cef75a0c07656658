// `hnefi online`: an engine as a bot account on a hnefatafl.org server, as the server's own AI clients
// play: it logs in, offers games (or joins one) and accepts the challenger, and answers each
// `generate_move` by fetching the game's moves and asking its engine, through the engine client, so
// any engine of any dialect can play. After a dropped connection it logs in again and the server hands
// back the games under way. Hnefi's rules core reads the game (variant hnefatafl-org); the server
// referees, and the bot names why each game ended from the moves it knows (the server says only who won).
// The server's messages are data: they can only make the bot move, offer and accept games.

import { connect, type Socket } from 'node:net';
import { gameOutcome, Position, playTurn, VARIANTS } from '../engine/index.js';
import { makeTurn, parseHnefataflOrgGame, playMoves, type RecordedTurns } from '../notation/index.js';
import { EngineClient, type EngineSpec, type SearchLimits, type Timeouts } from '../client/engineClient.js';
import { makeLogin, makeNewGame, makePlay, makeResign, parseSiteLine, type Role, type SiteMessage } from './siteProtocol.js';

export interface BotOptions {
  host: string;
  port: number;
  versionId: string;
  user: string;
  password: string;
  /** The side the bot offers to play. */
  role: Role;
  /** Games to play before it stops. */
  games: number;
  rated: boolean;
  /** Fischer time of the games offered (none: untimed). */
  clock?: { ms: number; addSeconds: number };
  /** A game to join instead of offering one. */
  join?: string;
  /** Time per move; without it, a share of the bot's clock. */
  movetimeMs?: number;
  engine: EngineSpec;
  timeouts: Timeouts;
  /** The first wait before reconnecting, doubled up to 30 s. */
  reconnectMs: number;
  /** How many times in a row it tries to reconnect before giving up. */
  reconnectTries: number;
  log: (line: string) => void;
}

export interface GameEnd {
  game: string;
  role: Role;
  winner: Role | 'draw';
  /**
   * Why, as Hnefi's rules read the game's moves (an end reason of the rules); the server names none,
   * so a result the rules do not show is a resignation or a clock's (a draw: one agreed).
   */
  reason: string;
}

/** A server line longer than this (a game's JSON is a few kB) ends the connection. */
const MAX_LINE = 1 << 20;
const SOFTWARE_ID = 'hnefi';
const RULES = VARIANTS['hnefatafl-org'];

export class OnlineBot {
  private engine: EngineClient | undefined;
  private socket: Socket | undefined;
  private readonly ongoing = new Map<string, Role>();
  /** The moves of each game under way as far as the bot knows them: the record it read, its move, the opponent's since. */
  private readonly known = new Map<string, string[]>();
  /** Games asked for with resume_game_json, in order, with the role to move. */
  private readonly awaiting: { game: string; role: Role }[] = [];
  private readonly ended: GameEnd[] = [];
  private offered = false;
  private joined = false;
  private fatal: string | undefined;
  private work: Promise<void> = Promise.resolve();

  constructor(private readonly options: BotOptions) {}

  /** Plays until its games are over, or a fatal error (refused login, an engine that will not start, the server gone). */
  async run(): Promise<{ ok: true; games: GameEnd[] } | { ok: false; error: string; games: GameEnd[] }> {
    const started = await EngineClient.start(this.options.engine, this.options.timeouts);
    if (!started.ok) return { ok: false, error: `engine ${this.options.engine.name}: ${started.fault}: ${started.detail}`, games: [] };
    this.engine = started.engine;
    const rules = await started.engine.setRules({ rules: RULES });
    if (!rules.ok) {
      await started.engine.quit();
      return { ok: false, error: `engine ${this.options.engine.name} cannot play hnefatafl-org: ${rules.detail}`, games: [] };
    }
    let wait = this.options.reconnectMs;
    let tries = 0;
    while (!this.done() && this.fatal === undefined) {
      const loggedIn = await this.connection();
      if (this.done() || this.fatal !== undefined) break;
      tries = loggedIn ? 1 : tries + 1;
      if (loggedIn) wait = this.options.reconnectMs;
      if (tries > this.options.reconnectTries) {
        this.fatal = `the server at ${this.options.host}:${this.options.port} cannot be reached (${this.options.reconnectTries} tries)`;
        break;
      }
      this.options.log(`${loggedIn ? 'connection lost' : 'not connected'}; reconnecting in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 30_000);
    }
    await this.work;
    await this.engine.quit();
    return this.fatal === undefined ? { ok: true, games: this.ended } : { ok: false, error: this.fatal, games: this.ended };
  }

  private done(): boolean {
    return this.ended.length >= this.options.games;
  }

  /** One connection, until it closes; whether the login succeeded. */
  private connection(): Promise<boolean> {
    const { host, port, versionId, user, password } = this.options;
    return new Promise((resolve) => {
      let loggedIn = false;
      let pending = '';
      const socket = connect({ host, port });
      this.socket = socket;
      socket.setEncoding('utf8');
      socket.setKeepAlive(true, 30_000);
      socket.on('connect', () => {
        this.send(makeLogin(versionId, user, password));
        this.send(`software_id ${SOFTWARE_ID}`);
      });
      socket.on('data', (chunk: string) => {
        pending += chunk;
        if (pending.length > MAX_LINE && !pending.includes('\n')) {
          this.options.log(`the server sent a line of over ${MAX_LINE} bytes; disconnecting`);
          socket.destroy();
          return;
        }
        for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
          const line = pending.slice(0, at).trim();
          pending = pending.slice(at + 1);
          const message = parseSiteLine(line);
          if (message.kind === 'login-ok') loggedIn = true;
          this.handle(message);
        }
      });
      socket.on('error', (e) => this.options.log(`connection: ${e.message}`));
      socket.on('close', () => {
        this.socket = undefined;
        this.awaiting.length = 0;
        this.offered = false;
        resolve(loggedIn);
      });
    });
  }

  private send(line: string): void {
    this.socket?.write(`${line}\n`);
  }

  private handle(message: SiteMessage): void {
    switch (message.kind) {
      case 'login-ok':
        this.options.log(`logged in as ${this.options.user}`);
        this.offerOrJoin();
        return;
      case 'login-refused':
        this.fatal = `login refused: ${message.reason}${message.reason.includes('wrong_version') ? ' (the server runs another version: see --version-id)' : ''}`;
        this.socket?.destroy();
        return;
      case 'challenge':
        this.options.log(`game ${message.game}: a challenger, accepting`);
        this.send(`join_game ${message.game}`);
        return;
      case 'your-move':
        this.ongoing.set(message.game, message.role);
        this.awaiting.push({ game: message.game, role: message.role });
        this.send(`resume_game_json ${message.game}`);
        return;
      case 'game-json': {
        const asked = this.awaiting.shift();
        if (asked !== undefined) this.work = this.work.then(() => this.move(asked.game, asked.role, message.json));
        return;
      }
      case 'played':
        this.known.get(message.game)?.push(`${message.from}${message.to}`);
        return;
      case 'game-over':
        this.end(message.game, message.winner);
        return;
      case 'draw':
        // The server's draw names no game: the bot's only game under way is meant.
        if (this.ongoing.size === 1) this.end([...this.ongoing.keys()][0], 'draw');
        return;
      case 'refused':
        if (message.command === 'game' || message.command === 'new_game' || message.command === 'join_game') {
          this.options.log(`the server refused '${message.command}': ${message.reason}`);
        }
        return;
      default:
        return;
    }
  }

  private offerOrJoin(): void {
    if (this.done() || this.ongoing.size > 0 || this.offered) return;
    if (this.options.join !== undefined) {
      if (this.joined) return;
      this.joined = true;
      this.send(`join_game_pending ${this.options.join}`);
      return;
    }
    this.offered = true;
    this.send(makeNewGame(this.options.role, this.options.rated, this.options.clock));
  }

  private end(game: string, winner: Role | 'draw'): void {
    const role = this.ongoing.get(game);
    if (role === undefined) return;
    this.ongoing.delete(game);
    this.offered = false;
    const reason = endReason(this.known.get(game) ?? [], winner);
    this.known.delete(game);
    this.ended.push({ game, role, winner, reason });
    const result = winner === 'draw' ? 'a draw' : winner === role ? 'won' : 'lost';
    this.options.log(`game ${game} over: ${result} as the ${role} by ${reason} (${this.ended.length}/${this.options.games})`);
    if (this.done()) this.socket?.end();
    else this.offerOrJoin();
  }

  /** Reads the game, asks the engine, and plays its move (or resigns when it has none). */
  private async move(game: string, role: Role, json: string): Promise<void> {
    const engine = this.engine;
    if (engine === undefined || !this.ongoing.has(game)) return;
    const record = parseHnefataflOrgGame(RULES, json);
    if (!record.ok) {
      this.options.log(`game ${game}: cannot read the server's record (${record.error.message}); resigning`);
      this.send(makeResign(game, role));
      return;
    }
    const moves = compactMoves(record.value);
    const answer = await engine.search({ moves, limits: this.limits(json, role) }, undefined);
    const steps = answer.ok ? playMovesChecked(record.value, [...moves, answer.move]) : undefined;
    if (!answer.ok || steps === undefined) {
      this.options.log(
        `game ${game}: the engine gave no legal move (${answer.ok ? answer.move : `${answer.fault}: ${answer.detail}`}); resigning`,
      );
      this.send(makeResign(game, role));
      return;
    }
    this.known.set(game, [...moves, answer.move]);
    this.send(
      makePlay(game, role, answer.move.slice(0, answer.move.search(/\d\D/) + 1), answer.move.slice(answer.move.search(/\d\D/) + 1)),
    );
  }

  private limits(json: string, role: Role): SearchLimits {
    if (this.options.movetimeMs !== undefined) return { movetime: this.options.movetimeMs };
    try {
      const remaining = (JSON.parse(json) as { time_remaining_ms?: { attackers?: number; defenders?: number } }).time_remaining_ms;
      const left = role === 'attacker' ? remaining?.attackers : remaining?.defenders;
      if (typeof left === 'number' && left > 0) return { movetime: Math.max(100, Math.floor(left / 40)) };
    } catch {
      // Read once already: the record parsed.
    }
    return { movetime: 5000 };
  }
}

/** Why the game ended as the server says, by the rules' reading of its moves (see GameEnd.reason). */
function endReason(moves: string[], winner: Role | 'draw'): string {
  const pos = Position.start(RULES);
  const outcome = playMoves(pos, moves).ok ? gameOutcome(pos) : undefined;
  const ruled = outcome === undefined ? undefined : outcome.winner === null ? 'draw' : outcome.winner === 0 ? 'attacker' : 'defender';
  if (outcome !== undefined && ruled === winner) return outcome.reason;
  return winner === 'draw' ? 'agreement' : 'resignation or time';
}

/** The game's turns in Hnefi's compact notation. */
function compactMoves(record: RecordedTurns): string[] {
  const pos = record.start.clone();
  return record.turns.map((turn) => {
    const text = makeTurn(pos, turn);
    playTurn(pos, turn);
    return text;
  });
}

/** The turns if every move is legal, else undefined. */
function playMovesChecked(record: RecordedTurns, moves: string[]): number[][] | undefined {
  const played = playMoves(record.start.clone(), moves);
  return played.ok ? played.value : undefined;
}

// The Hnefatafl Text Protocol of hnefatafl.org's engine (`hnefatafl-text-protocol`, its message.rs;
// GTP-like): every command is answered by a line `= <answer>` or `? <error>`; other lines (the
// engine's thoughts, a board) are ignored. The engine keeps the game itself: `board_size 11` starts a
// new one, `play <role> <from> <to>` plays a move on it, and `generate_move` makes the engine choose,
// play and answer `= play <role> <from> <to>, score: ...`. So the session tells the engine each turn
// played since it last moved, and starts the game afresh when the game it is asked about is another.
// It knows only its own rules (hnefatafl.org's Copenhagen) from their start position, and no clocks.

import { Position, type RuleSet } from '../engine/index.js';
import { makeTfen } from '../notation/index.js';
import type { EngineInfo } from './engineInfo.js';
import type { EngineProcess, Outcome } from './engineProcess.js';
import { requestPosition } from './requestPosition.js';
import { waitForAnswer } from './searchWait.js';
import type {
  EngineSession,
  EngineSpec,
  GameRules,
  RejectedOption,
  RulesOutcome,
  SearchRequest,
  SearchResult,
  Timeouts,
} from './session.js';

export const HTP_ROLES = ['attacker', 'defender'] as const;
const ANSWER = /^([=?])\s?(.*)$/;
const PLAY = /^play\s+(attacker|defender)\s+([a-k](?:1[01]|[1-9]))\s+([a-k](?:1[01]|[1-9]))\b/i;
const RESIGN = /^play\s+(attacker|defender)\s+resigns\b/i;

export class HtpSession implements EngineSession {
  readonly rejectedOptions: RejectedOption[] = [];
  readonly goodbye = 'quit';
  private rules: RuleSet | undefined;
  /** The turns the engine's own game holds (compact notation), from the start position. */
  private known: string[] = [];

  constructor(
    private readonly engine: EngineProcess,
    private readonly spec: EngineSpec,
    private readonly timeouts: Timeouts,
  ) {}

  async handshake(): Promise<Outcome> {
    for (const name of Object.keys(this.spec.options)) {
      this.rejectedOptions.push({ name, value: this.spec.options[name], message: 'the Hnefatafl Text Protocol has no options' });
    }
    const name = await this.ask(['name'], this.timeouts.startMs);
    return name.ok ? { ok: true } : { ok: false, fault: name.fault, detail: `${this.spec.name} at start-up (name): ${name.detail}` };
  }

  async setRules(game: GameRules): Promise<RulesOutcome> {
    const start = makeTfen(Position.start(game.rules));
    if (game.rules.size !== 11 || game.rules.berserk || game.rules.jumps || /[cnNC]/.test(start)) {
      return {
        ok: false,
        fault: 'rules',
        detail: `the Hnefatafl Text Protocol plays 11x11 Copenhagen-like games; '${game.rules.name}' is not one`,
      };
    }
    this.rules = game.rules;
    return this.newGame();
  }

  async newGame(): Promise<Outcome> {
    this.known = [];
    const answer = await this.ask(['board_size 11'], this.timeouts.readyMs);
    if (!answer.ok) return answer;
    return answer.answers[0].startsWith('?')
      ? { ok: false, fault: 'garbage', detail: `board_size 11: '${answer.answers[0]}'` }
      : { ok: true };
  }

  async search(request: SearchRequest, deadlineMs: number | undefined, _onInfo?: (info: EngineInfo) => void): Promise<SearchResult> {
    const fail = (detail: string): SearchResult => ({ ok: false, fault: 'garbage', detail, elapsedMs: 0 });
    if (this.rules === undefined) return fail('htp engine: no rules set before the search');
    if (request.tfen !== undefined && request.tfen !== makeTfen(Position.start(this.rules))) {
      return fail('the Hnefatafl Text Protocol cannot set up a position: its games start from the start position');
    }
    const position = requestPosition(this.rules, request);
    if (!position.ok) return fail(position.error.message);
    const extends_ = this.known.length <= request.moves.length && this.known.every((move, i) => move === request.moves[i]);
    const commands: string[] = [];
    if (!extends_) {
      this.known = [];
      commands.push('board_size 11');
    }
    const replay = position.value.start.clone();
    const turns = position.value.turns;
    for (let i = 0; i < turns.length; i++) {
      const text = request.moves[i];
      if (i >= this.known.length)
        commands.push(`play ${HTP_ROLES[replay.side]} ${text.slice(0, text.search(/\d\D/) + 1)} ${text.slice(text.search(/\d\D/) + 1)}`);
      for (const step of turns[i]) replay.makeStep(step);
    }
    const role = HTP_ROLES[position.value.pos.side];
    commands.push(`generate_move ${role}`);
    let answered = 0;
    const expected = commands.length;
    let refused: string | undefined;
    const result = await waitForAnswer(
      this.engine,
      this.timeouts,
      commands,
      (line) => {
        const answer = ANSWER.exec(line);
        if (!answer) return undefined;
        answered++;
        if (answered < expected) {
          if (answer[1] === '?' && refused === undefined) refused = `'${commands[answered - 1]}' was refused: '${line.slice(0, 80)}'`;
          return undefined;
        }
        if (refused !== undefined) return { move: '', garbage: `the engine's game went astray: ${refused}` };
        if (answer[1] === '?') return { move: '', garbage: `generate_move was refused: '${line.slice(0, 80)}'` };
        if (RESIGN.test(answer[2])) return { move: '', garbage: 'the engine resigned' };
        const play = PLAY.exec(answer[2]);
        if (!play) return { move: '', garbage: `'${line.slice(0, 80)}' is not a move` };
        // A move for the wrong side is the referee's to refuse, as any illegal move.
        return { move: `${play[2].toLowerCase()}${play[3].toLowerCase()}` };
      },
      deadlineMs,
    );
    // The engine's game now holds the turns sent and, when it answered, its own move.
    this.known = result.ok ? [...request.moves, result.move] : [];
    return result;
  }

  stop(): void {
    // The protocol has no way to interrupt generate_move.
  }

  /** Sends commands and waits for their `=`/`?` answers, in order. */
  private async ask(
    commands: readonly string[],
    timeoutMs: number,
  ): Promise<{ ok: true; answers: string[] } | Exclude<Outcome, { ok: true }>> {
    const answers: string[] = [];
    const stop = this.engine.onLine((line) => {
      if (ANSWER.test(line)) answers.push(line);
      return false;
    });
    for (const command of commands) this.engine.send(command);
    const done = await this.engine.waitFor(() => answers.length >= commands.length, timeoutMs);
    stop();
    return done.ok ? { ok: true, answers } : done;
  }
}

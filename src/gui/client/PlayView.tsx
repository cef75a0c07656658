// Play: a person against an engine, two engines against each other, or two people at one board,
// from a variant's start or from a position of the analysis board; movetime or a clock with increment
// (shown running); undo, resign, new game; the result and why; a hint from an engine; the engines'
// evaluations as a graph; the game saved or copied.

import { useEffect, useRef, useState } from 'preact/hooks';
import { type Side } from '../../engine/index.js';
import { parseTurn } from '../../notation/index.js';
import type { EngineLine, Limits, ServerMessage, Slot } from '../shared/messages.js';
import { Board } from './Board.js';
import { Captures } from './Captures.js';
import type { EngineConnection } from './connection.js';
import { EvalGraph } from './EvalGraph.js';
import { attackersCp, clockText, endingText, scoreText, SIDE_NAMES } from './format.js';
import { copyText, downloadText, gameRecord } from './gameExport.js';
import { type Ending, GameLine } from './gameLine.js';
import { Legend } from './Legend.js';
import { useMoveInput } from './moveInput.js';
import { MoveList } from './MoveList.js';
import { Refusal, TurnControls } from './TurnControls.js';
import { turnSquares } from './turnSquares.js';

type SeatChoice = 'attackers' | 'defenders' | 'engines' | 'people';

interface Settings {
  variant: string;
  you: SeatChoice;
  engines: [string, string];
  timeMode: 'movetime' | 'clock';
  movetimeS: number;
  clockMin: number;
  incrementS: number;
}

interface Game {
  line: GameLine;
  /** Engine name per side, or undefined for a person. */
  seats: [string | undefined, string | undefined];
  settings: Settings;
  /** Clock mode: remaining ms per side at the start of the current turn. */
  remaining: [number, number];
  turnStarted: number;
  ending?: Ending;
  /** The engines' scores of the positions they moved in, attackers' view, by turn. */
  evals: Map<number, number>;
}

const SLOT_OF: [Slot, Slot] = ['attackers', 'defenders'];
/** How long the engine thinks for a hint. */
const HINT_MOVETIME_MS = 1000;

export function PlayView(props: {
  conn: EngineConnection;
  engines: string[];
  variants: string[];
  active: boolean;
  /** Bumped by each new connection to the server: an engine's turn cut off is asked again. */
  link: number;
  onAnalyse: (line: GameLine, ply?: number) => void;
  /** A game the analysis board hands over, replaced at each hand-over: played on from its last position. */
  from?: { line: GameLine };
}) {
  const { conn } = props;
  const [settings, setSettings] = useState<Settings>({
    variant: 'brandubh',
    you: 'attackers',
    engines: [props.engines[0] ?? '', props.engines[0] ?? ''],
    timeMode: 'movetime',
    movetimeS: 1,
    clockMin: 5,
    incrementS: 3,
  });
  const [game, setGame] = useState<Game>(() => newGame(settings));
  const [flipped, setFlipped] = useState(false);
  const [, setTick] = useState(0);
  const [engineError, setEngineError] = useState<{ slot: Slot; engine: string; detail: string } | undefined>(undefined);
  const [thinking, setThinking] = useState<EngineLine | undefined>(undefined);
  const thinkingRef = useRef(thinking);
  thinkingRef.current = thinking;
  const [hint, setHint] = useState<{ move: string; line?: EngineLine; engine: string } | undefined>(undefined);
  const [message, setMessage] = useState('');
  const searchId = useRef(0);
  /** Hints are searches of the analysis slot numbered below zero: the analysis board's are above. */
  const hintId = useRef(0);
  const gameRef = useRef(game);
  gameRef.current = game;
  /**
   * The game (line) the engine's search is about: a bestmove for another is dropped. A search may be
   * sent for a game just replaced (New game, Undo), by the effect of a render before the replacement.
   */
  const searchedLine = useRef<GameLine | undefined>(undefined);

  // The server names its engines after the page is drawn: seats get the first engine until chosen.
  useEffect(() => {
    if (props.engines.length === 0) return;
    const known = (name: string): string => (props.engines.includes(name) ? name : props.engines[0]);
    setSettings((s) => ({ ...s, engines: [known(s.engines[0]), known(s.engines[1])] }));
    setGame((g) => ({
      ...g,
      seats: [g.seats[0] === undefined ? undefined : known(g.seats[0]), g.seats[1] === undefined ? undefined : known(g.seats[1])],
    }));
  }, [props.engines.join('\n')]);

  // A game from the analysis board: the player takes the side to move, against the engine.
  useEffect(() => {
    if (props.from === undefined) return;
    const line = props.from.line;
    const you: SeatChoice = line.last.side === 0 ? 'attackers' : 'defenders';
    const next: Settings = { ...settings, you, variant: line.variant ?? settings.variant };
    stopEngines();
    setEngineError(undefined);
    setThinking(undefined);
    setSettings(next);
    setGame(newGame(next, line));
    setFlipped(you === 'defenders');
  }, [props.from]);

  const pos = game.line.last;
  const mover = pos.side;
  const engineToMove = game.seats[mover];
  const over = game.ending !== undefined;

  const finish = (g: Game, ending: Ending): Game => ({ ...g, ending });
  const afterTurn = (g: Game, steps: number[]): Game => {
    const side = g.line.last.side;
    const line = g.line.truncated(g.line.length);
    line.push(steps);
    const now = performance.now();
    const remaining: [number, number] = [...g.remaining];
    if (g.settings.timeMode === 'clock') remaining[side] = remaining[side] - (now - g.turnStarted) + g.settings.incrementS * 1000;
    const next: Game = { ...g, line, remaining, turnStarted: now };
    const outcome = line.outcome();
    return outcome !== undefined ? finish(next, outcome) : next;
  };

  const canMove = !over && engineToMove === undefined;
  const input = useMoveInput(pos, canMove, (steps) => setGame((g) => afterTurn(g, steps)));
  useEffect(() => setHint(undefined), [pos]);

  // The engine to move is asked for its turn.
  useEffect(() => {
    if (over || engineToMove === undefined || engineError !== undefined) return;
    const id = ++searchId.current;
    const g = game;
    searchedLine.current = g.line;
    const elapsed = performance.now() - g.turnStarted;
    const limits: Limits =
      g.settings.timeMode === 'movetime'
        ? { movetime: Math.round(g.settings.movetimeS * 1000) }
        : {
            atime: Math.max(0, Math.round(g.remaining[0] - (mover === 0 ? elapsed : 0))),
            dtime: Math.max(0, Math.round(g.remaining[1] - (mover === 1 ? elapsed : 0))),
            ainc: g.settings.incrementS * 1000,
            dinc: g.settings.incrementS * 1000,
          };
    setThinking(undefined);
    conn.send({
      t: 'search',
      id,
      slot: SLOT_OF[mover],
      engine: engineToMove,
      variant: g.line.variant ?? g.line.rules.name,
      rules: g.line.rulesString,
      tfen: g.line.startTfen,
      moves: g.line.moveTexts(),
      limits,
    });
  }, [game.line, over, engineError, props.link]);

  useEffect(
    () =>
      conn.listen((message: ServerMessage) => {
        if (message.t === 'info' && message.slot !== 'analysis' && message.id === searchId.current) {
          // Kept at once, not at the next render: the bestmove may come in the same task (the engine in the page).
          thinkingRef.current = message.lines[0];
          setThinking(message.lines[0]);
        }
        if ('slot' in message && message.slot === 'analysis' && 'id' in message && message.id === -hintId.current) {
          if (message.t === 'info') setHint((h) => h && { ...h, line: message.lines[0] });
          if (message.t === 'bestmove') setHint((h) => h && { ...h, move: message.move });
        }
        if (message.t === 'bestmove' && message.slot !== 'analysis' && message.id === searchId.current) {
          const g = gameRef.current;
          if (g.ending !== undefined || g.line !== searchedLine.current) return;
          const side = g.line.last.side;
          const steps = parseTurn(g.line.last, message.move);
          if (!steps.ok) {
            setGame(finish(g, { winner: (side ^ 1) as Side, reason: 'illegal-move', detail: `${g.seats[side]}: ${steps.error.message}` }));
            return;
          }
          const cp = attackersCp(thinkingRef.current?.score, side);
          const evals = cp === undefined ? g.evals : new Map(g.evals).set(g.line.length, cp);
          setGame(afterTurn({ ...g, evals }, steps.value));
        }
        if (message.t === 'engine' && message.slot !== 'analysis' && message.state === 'failed') {
          const g = gameRef.current;
          const seat = g.seats[message.slot === 'attackers' ? 0 : 1];
          if (seat !== undefined && g.ending === undefined)
            setEngineError({ slot: message.slot, engine: message.engine, detail: message.detail ?? '' });
        }
      }),
    [],
  );

  // The running clock is redrawn ten times a second; a flag that falls ends the game.
  useEffect(() => {
    if (game.settings.timeMode !== 'clock' || over || !props.active) return undefined;
    const timer = setInterval(() => {
      const g = gameRef.current;
      const side = g.line.last.side;
      if (g.ending === undefined && g.remaining[side] - (performance.now() - g.turnStarted) <= 0) {
        searchId.current++;
        if (g.seats[side] !== undefined) conn.send({ t: 'stop', slot: SLOT_OF[side] });
        setGame(finish(g, { winner: (side ^ 1) as Side, reason: 'time', detail: `the ${SIDE_NAMES[side].toLowerCase()}' clock ran out` }));
      }
      setTick((t) => t + 1);
    }, 100);
    return () => clearInterval(timer);
  }, [game.settings.timeMode, over, props.active]);

  const stopEngines = (): void => {
    searchId.current++;
    for (const side of [0, 1] as const) if (game.seats[side] !== undefined) conn.send({ t: 'stop', slot: SLOT_OF[side] });
  };
  const start = (): void => {
    stopEngines();
    setEngineError(undefined);
    setThinking(undefined);
    setGame(newGame(settings));
    setFlipped(settings.you === 'defenders');
  };
  const undo = (): void => {
    stopEngines();
    const people = game.seats.map((s) => s === undefined);
    let ply = game.line.length;
    // Back to the last position where a person was to move, at least one turn back.
    do ply--;
    while (ply > 0 && !people[game.line.at(ply).side]);
    if (ply < 0 || !people[game.line.at(Math.max(0, ply)).side]) return;
    setGame({ ...game, line: game.line.truncated(ply), ending: undefined, turnStarted: performance.now() });
  };
  const resign = (): void => {
    stopEngines();
    const loser: Side = game.seats[0] === undefined ? (game.seats[1] === undefined ? mover : 0) : 1;
    setGame(finish(game, { winner: (loser ^ 1) as Side, reason: 'resign', detail: `the ${SIDE_NAMES[loser].toLowerCase()} resigned` }));
  };
  const askHint = (): void => {
    const engine = game.seats[mover ^ 1] ?? props.engines[0];
    if (engine === undefined) return;
    hintId.current++;
    setHint({ move: '', engine });
    conn.send({
      t: 'search',
      id: -hintId.current,
      slot: 'analysis',
      engine,
      variant: game.line.variant ?? game.line.rules.name,
      rules: game.line.rulesString,
      tfen: game.line.startTfen,
      moves: game.line.moveTexts(),
      limits: { movetime: HINT_MOVETIME_MS },
    });
  };
  const players = {
    attackers: game.seats[0] ?? 'you',
    defenders: game.seats[1] ?? 'you',
  };
  const saveGame = (): void => downloadText('game.otg', gameRecord(game.line, players, game.ending));
  const hintArrow = hint !== undefined ? turnSquares(pos, hint.move || (hint.line?.pv[0] ?? '')) : undefined;
  const restart = (): void => {
    if (engineError === undefined) return;
    conn.send({ t: 'restart', slot: engineError.slot, engine: engineError.engine });
    setEngineError(undefined);
  };

  const now = performance.now();
  const clockOf = (side: Side): number => game.remaining[side] - (side === mover && !over ? now - game.turnStarted : 0);
  const last = game.line.length - 1;
  const set = (patch: Partial<Settings>): void => setSettings({ ...settings, ...patch });

  return (
    <div class="view play">
      <div class={`board-area${game.settings.timeMode === 'clock' ? ' clocked' : ''}`}>
        {game.settings.timeMode === 'clock' && (
          <Clock side={flipped ? 0 : 1} ms={clockOf(flipped ? 0 : 1)} running={!over && mover === (flipped ? 0 : 1)} />
        )}
        <Board
          pos={input.shown}
          flipped={flipped}
          visited={input.pending.length > 0 ? [] : game.line.visited(last)}
          captured={input.pending.length > 0 ? [] : game.line.captured(last)}
          selected={input.selected}
          targets={input.targets}
          arrows={hintArrow !== undefined && input.pending.length === 0 ? [hintArrow] : []}
          onPress={input.onPress}
          onDrop={input.onDrop}
          label="game board"
        />
        <Refusal input={input} />
        {game.settings.timeMode === 'clock' && (
          <Clock side={flipped ? 1 : 0} ms={clockOf(flipped ? 1 : 0)} running={!over && mover === (flipped ? 1 : 0)} />
        )}
      </div>
      <div class="panel">
        <div class="status" data-testid="status">
          {game.ending !== undefined ? (
            <strong class="result" data-testid="result">
              {endingText(game.ending)}
            </strong>
          ) : engineToMove !== undefined ? (
            <span>
              {SIDE_NAMES[mover]} ({engineToMove}) thinking
              {thinking?.depth !== undefined ? `: depth ${thinking.depth} ${scoreText(thinking.score)}` : '…'}
            </span>
          ) : (
            <span>
              {SIDE_NAMES[mover]} to move{input.pending.length > 0 ? ': the berserk run goes on' : ''}
            </span>
          )}
        </div>
        <TurnControls input={input} enabled={canMove} />
        {hint !== undefined && (
          <div class="hint" data-testid="hint">
            Hint from {hint.engine}:{' '}
            {hint.move !== '' ? <strong>{hint.move}</strong> : hint.line !== undefined ? `${hint.line.pv[0]} (thinking)` : 'thinking…'}
            {hint.line?.score !== undefined && ` (${scoreText(hint.line.score)} for the ${SIDE_NAMES[mover].toLowerCase()})`}
          </div>
        )}
        <Captures start={game.line.start} now={input.shown} />
        {engineError !== undefined && (
          <div class="engine-error" data-testid="engine-error">
            <strong>{engineError.engine} failed</strong> ({engineError.slot}): {engineError.detail}
            <button onClick={restart} data-testid="restart-engine">
              Restart engine
            </button>
          </div>
        )}
        <div class="buttons">
          <button onClick={undo} disabled={game.line.length === 0 || game.seats.every((s) => s !== undefined)} data-testid="undo">
            Undo
          </button>
          <button onClick={resign} disabled={over || game.seats.every((s) => s !== undefined)} data-testid="resign">
            Resign
          </button>
          <button onClick={askHint} disabled={!canMove || props.engines.length === 0} data-testid="hint-button">
            Hint
          </button>
          <button onClick={() => setFlipped(!flipped)}>Flip</button>
          <button onClick={() => props.onAnalyse(game.line)}>Analyse</button>
          <button onClick={saveGame} data-testid="play-save-otg">
            Save .otg
          </button>
          <button onClick={() => copyText(game.line.moveTexts().join(' '), 'moves', setMessage)}>Copy moves</button>
        </div>
        {message !== '' && <div class="message">{message}</div>}
        <MoveList line={game.line} />
        {game.evals.size > 0 && (
          <EvalGraph
            evals={game.evals}
            length={game.line.length}
            ply={game.line.length}
            onSelect={(ply) => props.onAnalyse(game.line, ply)}
          />
        )}
        <Legend start={game.line.start} />
        <fieldset class="settings">
          <legend>New game</legend>
          <label>
            Variant{' '}
            <select value={settings.variant} onChange={(e) => set({ variant: e.currentTarget.value })} data-testid="variant">
              {props.variants.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
          <label>
            You play{' '}
            <select value={settings.you} onChange={(e) => set({ you: e.currentTarget.value as SeatChoice })} data-testid="you">
              <option value="attackers">attackers</option>
              <option value="defenders">defenders</option>
              <option value="engines">nobody: engine against engine</option>
              <option value="people">both sides</option>
            </select>
          </label>
          {settings.you !== 'people' &&
            [0, 1]
              .filter((side) => settings.you !== SLOT_OF[side])
              .map((side) => (
                <label key={side}>
                  {SIDE_NAMES[side]} engine{' '}
                  <select
                    value={settings.engines[side]}
                    onChange={(e) => {
                      const engines: [string, string] = [...settings.engines];
                      engines[side] = e.currentTarget.value;
                      set({ engines });
                    }}
                  >
                    {props.engines.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
          <label>
            Time{' '}
            <select
              value={settings.timeMode}
              onChange={(e) => set({ timeMode: e.currentTarget.value as Settings['timeMode'] })}
              data-testid="time-mode"
            >
              <option value="movetime">engine time per move</option>
              <option value="clock">clock with increment</option>
            </select>
          </label>
          {settings.timeMode === 'movetime' ? (
            <label>
              Seconds per move{' '}
              <input
                type="number"
                min="0.05"
                step="0.05"
                value={settings.movetimeS}
                onChange={(e) => set({ movetimeS: Number(e.currentTarget.value) || 1 })}
                data-testid="movetime"
              />
            </label>
          ) : (
            <>
              <label>
                Minutes{' '}
                <input
                  type="number"
                  min="0.1"
                  step="0.5"
                  value={settings.clockMin}
                  onChange={(e) => set({ clockMin: Number(e.currentTarget.value) || 5 })}
                  data-testid="clock-minutes"
                />
              </label>
              <label>
                Increment, s{' '}
                <input
                  type="number"
                  min="0"
                  step="1"
                  value={settings.incrementS}
                  onChange={(e) => set({ incrementS: Number(e.currentTarget.value) || 0 })}
                />
              </label>
            </>
          )}
          <button class="primary" onClick={start} data-testid="new-game">
            New game
          </button>
        </fieldset>
      </div>
    </div>
  );
}

/** A new game: from the variant's start, or on from the last position of `from`. */
function newGame(settings: Settings, from = GameLine.ofVariant(settings.variant)): Game {
  const seats: [string | undefined, string | undefined] = [undefined, undefined];
  for (const side of [0, 1] as const) {
    const person = settings.you === 'people' || settings.you === SLOT_OF[side];
    seats[side] = person ? undefined : settings.engines[side];
  }
  const ms = settings.clockMin * 60_000;
  return {
    line: from,
    seats,
    settings,
    remaining: [ms, ms],
    turnStarted: performance.now(),
    ending: from.outcome(),
    evals: new Map(),
  };
}

function Clock({ side, ms, running }: { side: Side; ms: number; running: boolean }) {
  return (
    <div class={`clock ${running ? 'running' : ''} ${ms < 10_000 ? 'low' : ''}`} data-testid={`clock-${SLOT_OF[side]}`}>
      <span class={`swatch ${side === 0 ? 'attacker' : 'defender'}`} />
      {SIDE_NAMES[side]} <strong>{clockText(ms)}</strong>
    </div>
  );
}

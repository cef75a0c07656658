// Analyse: a game or position (tfen, move list, .otg) stepped through with the keyboard, and an
// engine analysing the shown position continuously: MultiPV lines with clickable moves, the best
// moves as arrows, an evaluation bar, and the evaluation over the whole game as a graph. A turn other
// than the game's own starts a side line; the game is kept until you go back to it or keep the line.

import { useEffect, useRef, useState } from 'preact/hooks';
import { NO_SQUARE } from '../../engine/index.js';
import { makeTfen, parseTurn } from '../../notation/index.js';
import type { EngineLine, Limits, ServerMessage } from '../shared/messages.js';
import { Board } from './Board.js';
import { Captures } from './Captures.js';
import type { EngineConnection } from './connection.js';
import { EvalGraph } from './EvalGraph.js';
import { attackersCp, attackersScore, barShare, endingText, numberText, scoreText, SIDE_NAMES } from './format.js';
import { GameLine } from './gameLine.js';
import { Legend } from './Legend.js';
import { useMoveInput } from './moveInput.js';
import { MoveList } from './MoveList.js';
import { PositionEditor } from './PositionEditor.js';
import { RecordsPanel } from './RecordsPanel.js';
import { Refusal, TurnControls } from './TurnControls.js';
import { turnSquares } from './turnSquares.js';

export interface AnalyseProps {
  conn: EngineConnection;
  engines: string[];
  variants: string[];
  active: boolean;
  /** The page is shown: analysis stops in a hidden tab. */
  visible: boolean;
  /** Bumped by each new connection to the server: the search under way is asked again. */
  link: number;
  /** A game to show, replaced whenever another view opens one. */
  opened: { line: GameLine; ply: number; title: string } | undefined;
  /** Plays on from the shown position against an engine (the game up to it goes along). */
  onPlay: (line: GameLine) => void;
}

/** Time per position when the whole game is evaluated for the graph. */
const SWEEP_MOVETIME_MS = 300;

const sameTurn = (x: readonly number[], y: readonly number[]): boolean => x.length === y.length && x.every((step, i) => step === y[i]);

/** How many turns two lines of one game have in common from the start. */
function sharedTurns(a: GameLine, b: GameLine): number {
  let n = 0;
  while (n < a.length && n < b.length && sameTurn(a.turns[n], b.turns[n])) n++;
  return n;
}

export function AnalyseView(props: AnalyseProps) {
  const { conn } = props;
  const [line, setLine] = useState(() => GameLine.ofVariant('berserk'));
  const [ply, setPly] = useState(0);
  const [title, setTitle] = useState('');
  const [flipped, setFlipped] = useState(false);
  const [analysing, setAnalysing] = useState(false);
  const [chosenEngine, setEngine] = useState('');
  const engine = props.engines.includes(chosenEngine) ? chosenEngine : (props.engines[0] ?? '');
  const [multipv, setMultipv] = useState(3);
  const [lines, setLines] = useState<EngineLine[]>([]);
  const [engineState, setEngineState] = useState('');
  const [engineFailed, setEngineFailed] = useState(false);
  /** Bumped by a restart, so that the analysis is asked for again. */
  const [restarts, setRestarts] = useState(0);
  const [editing, setEditing] = useState(false);
  const evals = useRef(new Map<number, number>());
  /** While a side line is shown: the game it left, the turn shown there, and the game's evaluations. */
  const [game, setGame] = useState<{ line: GameLine; ply: number; evals: Map<number, number> } | undefined>(undefined);
  const [, setEvalVersion] = useState(0);
  const searchId = useRef(0);
  /** The turn the running search is about (the shown one, or the one a whole-game evaluation is at). */
  const searchPly = useRef(0);
  const [sweep, setSweep] = useState<number | undefined>(undefined);

  const pos = line.at(ply);
  const outcome = line.outcome(ply);
  /** How the shown game ended: the rules' outcome, or at its last turn what its record says (time, a crash...). */
  const ending = outcome ?? (ply === line.length ? line.ending : undefined);

  const show = (next: GameLine, nextPly: number, nextTitle?: string): void => {
    if (next !== line) evals.current = new Map();
    setLine(next);
    setPly(Math.max(0, Math.min(nextPly, next.length)));
    setGame(undefined);
    if (nextTitle !== undefined) setTitle(nextTitle);
  };
  /** Shows `next`, a line that leaves the shown one at `ply`; the game itself is kept to go back to. */
  const branch = (next: GameLine, nextPly: number): void => {
    const kept = game ?? (ply < line.length ? { line, ply, evals: evals.current } : undefined);
    show(next, nextPly);
    setGame(kept);
  };
  const backToGame = (): void => {
    if (game === undefined) return;
    evals.current = game.evals;
    setLine(game.line);
    setPly(game.ply);
    setGame(undefined);
  };
  useEffect(() => {
    if (props.opened !== undefined) {
      evals.current = new Map();
      show(props.opened.line, props.opened.ply, props.opened.title);
    }
  }, [props.opened]);

  const input = useMoveInput(pos, outcome === undefined, (steps) => {
    // The game's own next turn steps forward in it; any other starts a side line.
    const own = line.turns[ply];
    if (own !== undefined && sameTurn(own, steps)) return setPly(ply + 1);
    const next = line.truncated(ply);
    next.push(steps);
    branch(next, ply + 1);
  });

  const search = (at: number, limits: Limits, lineCount: number): void => {
    const id = ++searchId.current;
    searchPly.current = at;
    conn.send({
      t: 'search',
      id,
      slot: 'analysis',
      engine,
      variant: line.variant ?? line.rules.name,
      rules: line.rulesString,
      tfen: line.startTfen,
      moves: line.moveTexts(at),
      limits,
      multipv: lineCount,
    });
  };

  // The shown position is analysed while analysis is on and this view is open.
  useEffect(() => {
    setLines([]);
    if (sweep !== undefined) return;
    if (!analysing || !props.active || !props.visible || outcome !== undefined || engine === '') {
      if (searchId.current > 0) {
        // The stopped search's last lines are not shown.
        searchId.current++;
        conn.send({ t: 'stop', slot: 'analysis' });
      }
      return;
    }
    search(ply, { infinite: true }, multipv);
  }, [line, ply, analysing, props.active, props.visible, engine, multipv, sweep, restarts, props.link]);

  // Evaluating the whole game: a short search of every position in turn, for the graph.
  useEffect(() => {
    if (sweep === undefined) return;
    if (sweep > line.length || !props.active || engine === '') {
      setSweep(undefined);
      return;
    }
    if (line.outcome(sweep) !== undefined) setSweep(sweep + 1);
    else search(sweep, { movetime: SWEEP_MOVETIME_MS }, 1);
  }, [sweep, line, props.active, props.link]);

  useEffect(
    () =>
      conn.listen((m: ServerMessage) => {
        if (!('slot' in m) || m.slot !== 'analysis') return;
        if (m.t === 'info' && m.id === searchId.current) {
          if (sweepRef.current === undefined) setLines(m.lines);
          const best = m.lines[0];
          const cp = attackersCp(best?.score, lineRef.current.at(searchPly.current).side);
          if (cp !== undefined) {
            evals.current.set(searchPly.current, cp);
            setEvalVersion((v) => v + 1);
          }
        }
        if (m.t === 'bestmove' && m.id === searchId.current && sweepRef.current !== undefined) setSweep(sweepRef.current + 1);
        if (m.t === 'engine' && m.state === 'failed') setSweep(undefined);
        if (m.t === 'engine') {
          setEngineFailed(m.state === 'failed');
          setEngineState(
            m.state === 'failed' ? `${m.engine} failed: ${m.detail ?? ''}` : m.state === 'starting' ? `${m.engine} starting…` : '',
          );
        }
      }),
    [],
  );
  const lineRef = useRef(line);
  lineRef.current = line;
  const sweepRef = useRef(sweep);
  sweepRef.current = sweep;

  // Arrow keys step through the game (not while typing in a field). The handler reads the line through
  // its ref: effects run after the page is painted, so a key pressed just after a record loads would
  // otherwise step through the line shown before it.
  useEffect(() => {
    if (!props.active) return undefined;
    const onKey = (event: KeyboardEvent): void => {
      const length = lineRef.current.length;
      const target = event.target as HTMLElement;
      const typing =
        target.tagName === 'TEXTAREA' ||
        target.tagName === 'SELECT' ||
        (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'file'].includes(target.type));
      if (typing) return;
      const steps: Record<string, (p: number) => number> = {
        ArrowLeft: (p) => p - 1,
        ArrowRight: (p) => p + 1,
        Home: () => 0,
        End: () => length,
        ArrowUp: () => 0,
        ArrowDown: () => length,
      };
      const step = steps[event.key];
      if (step !== undefined) {
        event.preventDefault();
        setPly((p) => Math.max(0, Math.min(step(p), length)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props.active]);

  const playLine = (pv: string[], upTo: number): void => {
    let next = line.truncated(ply);
    for (let i = 0; i <= upTo; i++) {
      const steps = parseTurn(next.last, pv[i]);
      if (!steps.ok) break;
      next = next.truncated(next.length);
      next.push(steps.value);
    }
    branch(next, next.length);
  };

  const arrows = lines.map((l) => turnSquares(pos, l.pv[0])).filter((a): a is number[] => a !== undefined);
  const bestCp = attackersCp(lines[0]?.score, pos.side);
  const share = bestCp === undefined ? 0.5 : barShare(bestCp);
  // One decimal: the bar is narrow.
  const barNumber = lines[0] === undefined ? '' : scoreText(attackersScore(lines[0].score, pos.side)).replace(/(\.\d)\d$/, '$1');
  const tfen = makeTfen(pos);

  if (editing) {
    return (
      <PositionEditor
        from={pos}
        onCancel={() => setEditing(false)}
        onDone={(start) => {
          setEditing(false);
          show(new GameLine({ rules: line.rules, variant: line.variant, rulesString: line.rulesString, start }), 0, 'set-up position');
        }}
      />
    );
  }

  return (
    <div class="view analyse">
      <div class="board-area with-bar">
        <div class="eval-bar" data-testid="eval-bar" title="the best line's score for the attackers (dark) against the defenders">
          <div class="attackers-share" style={{ height: `${(flipped ? 1 - share : share) * 100}%`, order: flipped ? 1 : 0 }} />
          {barNumber !== '' && (
            <span
              class={`eval-number ${(bestCp ?? 0) >= 0 ? 'on-attackers' : 'on-defenders'} ${((bestCp ?? 0) >= 0) !== flipped ? 'top' : 'bottom'}`}
              data-testid="eval-number"
            >
              {barNumber}
            </span>
          )}
        </div>
        <Board
          pos={input.shown}
          flipped={flipped}
          visited={input.pending.length > 0 ? [] : line.visited(ply - 1)}
          captured={input.pending.length > 0 ? [] : line.captured(ply - 1)}
          selected={input.selected}
          targets={input.targets}
          arrows={input.pending.length > 0 ? [] : arrows}
          onPress={input.onPress}
          onDrop={input.onDrop}
          label="analysis board"
        />
        <Refusal input={input} />
      </div>
      <div class="panel">
        {title !== '' && <div class="title">{title}</div>}
        <div class="status" data-testid="analyse-status">
          {ending !== undefined ? (
            <strong data-testid="analyse-result">{endingText(ending)}</strong>
          ) : (
            <span>
              {SIDE_NAMES[pos.side]} to move{pos.berserker !== NO_SQUARE ? ' (berserk run open)' : ''}
            </span>
          )}
          <span class="ply">
            turn {ply} of {line.length}
          </span>
        </div>
        <TurnControls input={input} enabled={outcome === undefined} />
        <Captures start={line.start} now={input.shown} />
        <div class="buttons">
          <button onClick={() => setPly(0)} title="Home">
            «
          </button>
          <button onClick={() => setPly(Math.max(0, ply - 1))} title="←" data-testid="back">
            ◀
          </button>
          <button onClick={() => setPly(Math.min(line.length, ply + 1))} title="→" data-testid="forward">
            ▶
          </button>
          <button onClick={() => setPly(line.length)} title="End">
            »
          </button>
          <button onClick={() => setFlipped(!flipped)}>Flip</button>
          <button
            onClick={() => props.onPlay(line.truncated(ply))}
            disabled={outcome !== undefined || props.engines.length === 0}
            title="a game against the engine from this position, you to move"
            data-testid="play-from-here"
          >
            Play from here
          </button>
        </div>
        <fieldset class="engine">
          <legend>Engine</legend>
          <label class="toggle">
            <input
              type="checkbox"
              checked={analysing}
              onChange={(e) => setAnalysing(e.currentTarget.checked)}
              data-testid="analyse-toggle"
            />{' '}
            Analyse
          </label>
          <select value={engine} onChange={(e) => setEngine(e.currentTarget.value)} data-testid="analysis-engine">
            {props.engines.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <label>
            Lines{' '}
            <select value={multipv} onChange={(e) => setMultipv(Number(e.currentTarget.value))} data-testid="multipv">
              {[1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {engineState !== '' && (
            <div class="engine-state" data-testid="engine-state">
              {engineState}
              {engineFailed && (
                <button
                  onClick={() => {
                    conn.send({ t: 'restart', slot: 'analysis', engine });
                    setEngineFailed(false);
                    setRestarts((r) => r + 1);
                  }}
                >
                  Restart engine
                </button>
              )}
            </div>
          )}
          <ol class="pv-lines" data-testid="pv-lines">
            {lines.map((l) => (
              <li key={l.multipv} class="pv-line">
                <span class="score">
                  {scoreText(l.score)}
                  {l.bound === 'lowerbound' ? '≥' : l.bound === 'upperbound' ? '≤' : ''}
                </span>
                <span class="depth">d{l.depth}</span>
                <span class="pv">
                  {l.pv.slice(0, 12).map((move, k) => (
                    <span key={k} class="pv-move" onClick={() => playLine(l.pv, k)}>
                      {move}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ol>
          {lines[0] !== undefined && (
            <div class="speed" data-testid="speed">
              depth {lines[0].depth} · {numberText(lines[0].nodes)} nodes · {numberText(lines[0].nps)} nodes/s
            </div>
          )}
        </fieldset>
        <EvalGraph evals={evals.current} length={line.length} ply={ply} onSelect={setPly} />
        <div class="buttons">
          {sweep === undefined ? (
            <button onClick={() => setSweep(0)} disabled={engine === '' || line.length === 0} data-testid="evaluate-game">
              Evaluate the whole game
            </button>
          ) : (
            <button onClick={() => setSweep(undefined)}>
              Stop evaluating (turn {sweep} of {line.length})
            </button>
          )}
        </div>
        {game !== undefined && (
          <div class="side-line" data-testid="side-line">
            Side line from turn {sharedTurns(game.line, line)} of the game ({game.line.length} turns).{' '}
            <button onClick={backToGame} data-testid="back-to-game">
              Back to the game
            </button>{' '}
            <button onClick={() => setGame(undefined)} data-testid="keep-line">
              Keep this line
            </button>
          </div>
        )}
        <MoveList line={line} ply={ply} onSelect={setPly} />
        <Legend start={line.start} />
        <RecordsPanel
          line={line}
          tfen={tfen}
          variants={props.variants}
          onEdit={() => setEditing(true)}
          onOpen={(next, nextPly, nextTitle) => show(next, nextPly, nextTitle)}
        />
      </div>
    </div>
  );
}

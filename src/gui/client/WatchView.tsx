// Watch a tournament's out folder: standings with Elo, the SPRT, game statistics as charts, the
// finished games (any one opens on the analysis board) and the games being played, move by move.

import { useEffect, useMemo, useState } from 'preact/hooks';
import type { GameResult, TournamentSummary } from '../../tournament/summary.js';
import type { LiveGame } from '../../tournament/liveGame.js';
import type { ServerMessage } from '../shared/messages.js';
import { Board } from './Board.js';
import { BarChart, LengthHistogram, SideShares } from './Charts.js';
import type { EngineConnection } from './connection.js';
import { reasonText } from './format.js';
import { GameLine } from './gameLine.js';
import { readOtg } from './otgFile.js';

interface Watched {
  folder: string;
  config?: { variant?: string; engines?: { name: string }[]; games?: number };
  summary?: TournamentSummary;
  results: GameResult[];
  live: LiveGame[];
}

export function WatchView(props: {
  conn: EngineConnection;
  /** Tournament folders the server offers. */
  presets: string[];
  /** Folders under which the server shows any tournament. */
  records: string[];
  /** Bumped by each new connection to the server: the folder watched is asked for again. */
  link: number;
  onOpen: (line: GameLine, title: string) => void;
}) {
  const { conn } = props;
  const [folder, setFolder] = useState(props.presets[0] ?? '');
  /** The folder asked for: watched again on a new connection. */
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [watched, setWatched] = useState<Watched | undefined>(undefined);
  const [followed, setFollowed] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (props.presets[0] !== undefined) {
      setFolder(props.presets[0]);
      start(props.presets[0]);
    }
  }, [props.presets.join('\n')]);
  useEffect(() => {
    if (asked !== undefined && props.link > 1) conn.send({ t: 'watch', folder: asked });
  }, [props.link]);

  useEffect(
    () =>
      conn.listen((m: ServerMessage) => {
        if (m.t === 'tournament')
          setWatched((w) => ({
            ...(w?.folder === m.folder ? w : { results: [], live: [] }),
            folder: m.folder,
            config: m.config as Watched['config'],
            summary: m.summary as TournamentSummary | undefined,
          }));
        if (m.t === 'results')
          setWatched((w) =>
            w && w.folder === m.folder
              ? { ...w, results: m.reset ? (m.games as GameResult[]) : [...w.results, ...(m.games as GameResult[])] }
              : w,
          );
        if (m.t === 'live') setWatched((w) => (w && w.folder === m.folder ? { ...w, live: m.games as LiveGame[] } : w));
        if (m.t === 'record') {
          const record = readOtg(m.text);
          if (!record.ok) setMessage(`${m.file}: ${record.error.message}`);
          else props.onOpen(record.value.line, `${record.value.tags.attackers ?? '?'} – ${record.value.tags.defenders ?? '?'} (${m.file})`);
        }
        if (m.t === 'error') setMessage(m.message);
      }),
    [],
  );

  const start = (target: string): void => {
    setMessage('');
    setWatched(undefined);
    setAsked(target);
    conn.send({ t: 'watch', folder: target });
  };
  const summary = watched?.summary;
  const results = watched?.results ?? [];
  const live = watched?.live ?? [];
  const followedGame = live.find((g) => g.id === followed);

  return (
    <div class="view watch">
      <form
        class="watch-form"
        onSubmit={(e) => {
          e.preventDefault();
          start(folder);
        }}
      >
        <label>
          Tournament out folder{' '}
          <input
            value={folder}
            onInput={(e) => setFolder(e.currentTarget.value)}
            placeholder={props.records[0] !== undefined ? `${props.records[0]}/my-tournament` : 'runs/my-tournament'}
            list="watch-presets"
            data-testid="watch-folder"
          />
          <datalist id="watch-presets">
            {props.presets.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        </label>
        <button class="primary" type="submit" data-testid="watch-start">
          Watch
        </button>
      </form>
      <p class="muted hint" data-testid="watch-hint">
        {props.presets.length + props.records.length === 0
          ? 'This server shows no tournament folder: start it with --watch <out folder> or --records <folder of tournaments>.'
          : `This server shows ${[...props.presets, ...props.records.map((r) => `any folder under ${r}`)].join(', ')}.`}
      </p>
      {message !== '' && <div class="message">{message}</div>}
      {watched !== undefined && (
        <div class="watch-grid">
          <section class="card">
            <h2>Standings {watched.config?.variant !== undefined && <small>{watched.config.variant}</small>}</h2>
            <Standings summary={summary} names={watched.config?.engines?.map((e) => e.name) ?? []} />
            {summary?.sprt !== undefined && <Sprt sprt={summary.sprt} />}
            <p class="muted" data-testid="games-count">
              {summary?.games ?? results.length} of {summary?.scheduled ?? '?'} games finished
              {live.length > 0 ? `, ${live.length} being played` : ''}
            </p>
          </section>
          <section class="card">
            <h2>Games</h2>
            {summary !== undefined && summary.games > 0 ? (
              <>
                <SideShares sides={summary.sides} />
                <h3>Endings</h3>
                <BarChart
                  rows={Object.entries(summary.reasons)
                    .filter(([, n]) => n > 0)
                    .map(([reason, n]) => ({
                      label: reasonText(reason),
                      value: n,
                      parts: [
                        summary.winsByReason.attackers[reason as keyof typeof summary.reasons] ?? 0,
                        summary.winsByReason.defenders[reason as keyof typeof summary.reasons] ?? 0,
                      ],
                    }))}
                />
                <h3>
                  Length{' '}
                  <small>
                    average {summary.turns.average.toFixed(1)}, shortest {summary.turns.min}, longest {summary.turns.max} turns
                  </small>
                </h3>
                <LengthHistogram turns={results.map((r) => r.turns)} />
              </>
            ) : (
              <p class="muted">No game has finished yet.</p>
            )}
          </section>
          <section class="card live">
            <h2>Being played</h2>
            {live.length === 0 && <p class="muted">No game under way.</p>}
            {followedGame !== undefined && <LiveCard game={followedGame} big onClick={() => setFollowed(undefined)} />}
            {live.length > (followedGame === undefined ? 0 : 1) && (
              <div class="live-games" data-testid="live-games">
                {live
                  .filter((g) => g !== followedGame)
                  .map((g) => (
                    <LiveCard key={g.id} game={g} big={false} onClick={() => setFollowed(g.id)} />
                  ))}
              </div>
            )}
          </section>
          <section class="card finished">
            <h2>Finished games</h2>
            <table class="games" data-testid="finished-games">
              <thead>
                <tr>
                  <th>game</th>
                  <th>attackers</th>
                  <th>defenders</th>
                  <th>result</th>
                  <th>turns</th>
                </tr>
              </thead>
              <tbody>
                {[...results].reverse().map((r) => (
                  <tr
                    key={r.id}
                    data-game={r.id}
                    onClick={() => conn.send({ t: 'record', folder: watched.folder, file: r.record.replace(/^games[\\/]/, '') })}
                    title="open on the analysis board"
                  >
                    <td>{r.id}</td>
                    <td>{r.attackers}</td>
                    <td>{r.defenders}</td>
                    <td>
                      {r.result === 'draw' ? 'draw' : `${r.result} win`} · {reasonText(r.reason)}
                      {r.detail !== undefined && <div class="detail">{r.detail}</div>}
                    </td>
                    <td>{r.turns}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
    </div>
  );
}

function eloText(e: { elo: number | null; error: number | null } | undefined): string {
  if (e === undefined || e.elo === null || !Number.isFinite(e.elo)) return '–';
  const error = e.error !== null && Number.isFinite(e.error) ? ` ± ${e.error.toFixed(0)}` : '';
  return `${e.elo > 0 ? '+' : ''}${e.elo.toFixed(0)}${error}`;
}

function Standings({ summary, names }: { summary: TournamentSummary | undefined; names: string[] }) {
  const rows =
    summary?.engines ??
    names.map((name) => ({ name, games: 0, wins: 0, draws: 0, losses: 0, points: 0, elo: {} }) as TournamentSummary['engines'][number]);
  const sorted = [...rows].sort((a, b) => b.points - a.points);
  return (
    <table class="standings" data-testid="standings">
      <thead>
        <tr>
          <th>engine</th>
          <th>games</th>
          <th>+</th>
          <th>=</th>
          <th>−</th>
          <th>points</th>
          <th>Elo</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((e) => (
          <tr key={e.name}>
            <td>{e.name}</td>
            <td>{e.games}</td>
            <td>{e.wins}</td>
            <td>{e.draws}</td>
            <td>{e.losses}</td>
            <td>{e.points}</td>
            <td>{eloText((e.elo.pentanomial ?? e.elo.trinomial) as { elo: number; error: number } | undefined)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sprt({ sprt }: { sprt: NonNullable<TournamentSummary['sprt']> }) {
  const span = sprt.upper - sprt.lower;
  const at = Math.max(0, Math.min(1, (sprt.llr - sprt.lower) / span));
  return (
    <div class="sprt" data-testid="sprt">
      <div>
        SPRT elo0 {sprt.elo0} elo1 {sprt.elo1}: LLR {sprt.llr.toFixed(2)} ({sprt.lower.toFixed(2)} … {sprt.upper.toFixed(2)}){' '}
        <strong>{sprt.verdict === 'continue' ? 'running' : `${sprt.verdict} accepted`}</strong>
      </div>
      <div class="sprt-bar">
        <div class="sprt-mark" style={{ left: `${at * 100}%` }} />
      </div>
    </div>
  );
}

function LiveCard({ game, big, onClick }: { game: LiveGame; big: boolean; onClick: () => void }) {
  const line = useMemo(() => {
    const base = GameLine.fromTfen(game.variant, game.start);
    if (!base.ok) return undefined;
    const played = GameLine.withMoves({ rules: base.value.rules, variant: game.variant, start: base.value.start }, game.moves);
    return played.ok ? played.value : undefined;
  }, [game.variant, game.start, game.moves.length]);
  if (line === undefined) return null;
  const last = line.length - 1;
  return (
    <div class={`live-game${big ? ' big' : ''}`} onClick={onClick} data-live={game.id} data-turns={line.length}>
      <Board pos={line.last} visited={line.visited(last)} captured={line.captured(last)} bare={!big} label={`live game ${game.id}`} />
      <div class="live-caption">
        <strong>{game.id}</strong> {game.attackers} – {game.defenders} · turn {line.length}
        {last >= 0 ? ` · ${line.moveTexts().at(-1)}` : ''}
      </div>
    </div>
  );
}

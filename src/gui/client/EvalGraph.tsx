// The evaluation over the game: one point per analysed turn, the attackers' advantage up and the
// defenders' down (on the same scale as the bar), with the turns along the bottom, the scores at the
// side, and the shown turn's value; a click picks a turn.

import { barShare, scoreText } from './format.js';

const WIDTH = 320;
const HEIGHT = 96;
/** Room for the scores on the left and the turns below. */
const LEFT = 26;
const BOTTOM = 12;
const TOP = 4;
/** Scores marked on the side, in hundredths of a man (attackers' view). */
const TICKS = [1000, 300, 0, -300, -1000];

export function EvalGraph({
  evals,
  length,
  ply,
  onSelect,
}: {
  evals: ReadonlyMap<number, number>;
  length: number;
  ply: number;
  onSelect: (ply: number) => void;
}) {
  const plotWidth = WIDTH - LEFT - 10;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (p: number): number => LEFT + (length === 0 ? 0 : (p / length) * plotWidth);
  const y = (cp: number): number => TOP + plotHeight * (1 - barShare(cp));
  const points = [...evals.entries()].filter(([p]) => p <= length).sort((a, b) => a[0] - b[0]);
  const path = points.map(([p, cp]) => `${x(p).toFixed(1)},${y(cp).toFixed(1)}`).join(' ');
  const zero = y(0);
  const area = points.length > 0 ? `${x(points[0][0])},${zero} ${path} ${x(points[points.length - 1][0])},${zero}` : '';
  const turnTicks =
    length === 0 ? [0] : [...new Set([0, Math.round(length / 4), Math.round(length / 2), Math.round((3 * length) / 4), length])];
  const shown = evals.get(ply);
  return (
    <div class="eval-graph-box">
      <svg
        class="eval-graph"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        data-testid="eval-graph"
        data-points={points.length}
        onClick={(e) => {
          const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
          const at = (((e.clientX - box.left) / box.width) * WIDTH - LEFT) / plotWidth;
          onSelect(Math.max(0, Math.min(length, Math.round(at * length))));
        }}
      >
        {TICKS.map((cp) => (
          <g key={cp}>
            <line class={cp === 0 ? 'midline' : 'gridline'} x1={LEFT} x2={WIDTH - 4} y1={y(cp)} y2={y(cp)} />
            <text class="axis" x={LEFT - 3} y={y(cp) + 2.5} text-anchor="end">
              {cp === 0 ? '0' : `${cp > 0 ? '+' : '−'}${Math.abs(cp / 100)}`}
            </text>
          </g>
        ))}
        {turnTicks.map((p) => (
          <text key={p} class="axis" x={x(p)} y={HEIGHT - 2} text-anchor="middle">
            {p}
          </text>
        ))}
        {area !== '' && <polygon class="area" points={area} />}
        {path !== '' && <polyline class="curve" points={path} />}
        <line class="cursor" x1={x(ply)} x2={x(ply)} y1={TOP} y2={TOP + plotHeight} />
      </svg>
      <div class="eval-caption muted" data-testid="eval-caption">
        attackers ahead above, defenders below · turn {ply}
        {shown !== undefined ? `: ${scoreText({ kind: 'cp', value: shown })}` : ''}
      </div>
    </div>
  );
}

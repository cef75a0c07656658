// The evaluation over the game: one point per analysed turn (attackers up), the shown turn marked;
// a click picks a turn.

import { barShare } from './format.js';

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
  const width = 100;
  const height = 24;
  const x = (p: number): number => (length === 0 ? 0 : (p / length) * width);
  const y = (cp: number): number => height * (1 - barShare(cp));
  const points = [...evals.entries()].filter(([p]) => p <= length).sort((a, b) => a[0] - b[0]);
  const path = points.map(([p, cp]) => `${x(p).toFixed(2)},${y(cp).toFixed(2)}`).join(' ');
  const area = points.length > 0 ? `${x(points[0][0])},${height / 2} ${path} ${x(points[points.length - 1][0])},${height / 2}` : '';
  return (
    <svg
      class="eval-graph"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      data-testid="eval-graph"
      data-points={points.length}
      onClick={(e) => {
        const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
        onSelect(Math.round(((e.clientX - box.left) / box.width) * length));
      }}
    >
      <line class="midline" x1="0" x2={width} y1={height / 2} y2={height / 2} />
      {area !== '' && <polygon class="area" points={area} />}
      {path !== '' && <polyline class="curve" points={path} />}
      <line class="cursor" x1={x(ply)} x2={x(ply)} y1="0" y2={height} />
    </svg>
  );
}

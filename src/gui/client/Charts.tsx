// Small SVG-free charts of tournament statistics, drawn with plain boxes: wins by side, endings by
// reason (split by the winning side), and the game lengths as a histogram.

export function SideShares({ sides }: { sides: { attackersWins: number; defendersWins: number; draws: number } }) {
  const total = sides.attackersWins + sides.defendersWins + sides.draws;
  const part = (n: number): string => `${total === 0 ? 0 : (100 * n) / total}%`;
  return (
    <div class="shares" data-testid="side-shares">
      <div class="share-bar">
        <div class="attacker-share" style={{ width: part(sides.attackersWins) }} />
        <div class="draw-share" style={{ width: part(sides.draws) }} />
        <div class="defender-share" style={{ width: part(sides.defendersWins) }} />
      </div>
      <div class="share-legend">
        <span>
          <i class="swatch attacker" /> attackers {sides.attackersWins}
        </span>
        <span>
          <i class="swatch draw" /> draws {sides.draws}
        </span>
        <span>
          <i class="swatch defender" /> defenders {sides.defendersWins}
        </span>
      </div>
    </div>
  );
}

/** Horizontal bars; `parts` splits a bar into attackers' and defenders' wins (the rest are draws). */
export function BarChart({ rows }: { rows: { label: string; value: number; parts: [number, number] }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <div class="bar-chart" data-testid="endings">
      {rows.map((r) => (
        <div class="bar-row" key={r.label}>
          <span class="bar-label">{r.label}</span>
          <span class="bar-track">
            <span class="attacker-share" style={{ width: `${(100 * r.parts[0]) / max}%` }} />
            <span class="defender-share" style={{ width: `${(100 * r.parts[1]) / max}%` }} />
            <span class="draw-share" style={{ width: `${(100 * (r.value - r.parts[0] - r.parts[1])) / max}%` }} />
          </span>
          <span class="bar-value">{r.value}</span>
        </div>
      ))}
    </div>
  );
}

export function LengthHistogram({ turns }: { turns: number[] }) {
  if (turns.length === 0) return null;
  const max = Math.max(...turns);
  const width = Math.max(1, Math.ceil((max + 1) / 12));
  const bins = Array.from({ length: Math.ceil((max + 1) / width) }, () => 0);
  for (const t of turns) bins[Math.floor(t / width)]++;
  const top = Math.max(...bins);
  return (
    <div class="histogram" data-testid="lengths">
      {bins.map((n, i) => (
        <div class="histogram-bin" key={i} title={`${i * width}-${(i + 1) * width - 1} turns: ${n} games`}>
          <div class="histogram-bar" style={{ height: `${(100 * n) / top}%` }} />
          <span>{i * width}</span>
        </div>
      ))}
    </div>
  );
}

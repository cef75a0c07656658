// The static site's About view, in the place of Watch: how the engine runs in the page, what the page
// does, and what needs `hnefi gui` on the player's own machine.

export function InPageNote({ engine, version }: { engine: string; version: string }) {
  return (
    <div class="view about" data-testid="about">
      <div class="panel">
        <h2>{version || 'Hnefi'} in your browser</h2>
        <p data-testid="about-engine">{engine}</p>
        <p>
          <strong>Play</strong> Hnefi, or let it play itself, or play a friend at one board, in every variant Hnefi knows, berserk chains
          included. <strong>Analyse</strong> a game or a position with up to five lines, arrows, the evaluation bar and the graph of the
          whole game. Records open and save as files: OpenTafl <code>.otg</code>, hnefatafl.org's games, aagenielsen.dk's, TaflZero's FEN.
        </p>
        <h3>What needs hnefi gui</h3>
        <p data-testid="needs-gui">
          Watching a tournament while it runs, and engines other than Hnefi, need <code>hnefi gui</code>, the same board served from your
          own machine, where it can start engines and read tournament folders. It comes with Hnefi for Node.js 20:{' '}
          <code>{'npm install && npm run build && node dist/hnefi.js gui'}</code> in Hnefi's folder (its docs/gui.md says more).
        </p>
      </div>
    </div>
  );
}

// The page: three views (play, analyse, watch) kept alive side by side, so that a game in play
// survives a look at the analysis board; the server connection and its configured engines.

import { useEffect, useMemo, useState } from 'preact/hooks';
import { AnalyseView } from './AnalyseView.js';
import { Connection } from './connection.js';
import type { GameLine } from './gameLine.js';
import { PlayView } from './PlayView.js';
import { WatchView } from './WatchView.js';

type ViewName = 'play' | 'analyse' | 'watch';

interface ServerInfo {
  engines: string[];
  variants: string[];
  watch: string[];
  version: string;
}

export function App() {
  const conn = useMemo(() => new Connection(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`), []);
  const [server, setServer] = useState<ServerInfo | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [view, setView] = useState<ViewName>(() => (location.hash.slice(1) as ViewName) || 'play');
  const [opened, setOpened] = useState<{ line: GameLine; ply: number; title: string } | undefined>(undefined);

  useEffect(() => {
    const offState = conn.onState((open) => {
      setConnected(open);
      if (open) conn.send({ t: 'hello' });
    });
    const off = conn.listen((m) => {
      if (m.t === 'hello') setServer({ engines: m.engines, variants: m.variants, watch: m.watch, version: m.version });
    });
    return () => {
      offState();
      off();
    };
  }, []);
  useEffect(() => {
    location.hash = view;
  }, [view]);

  const open = (line: GameLine, title: string, ply = 0): void => {
    setOpened({ line, ply, title });
    setView('analyse');
  };

  return (
    <div class="app">
      <header>
        <h1>Hnefi</h1>
        <nav>
          {(['play', 'analyse', 'watch'] as const).map((name) => (
            <button key={name} class={view === name ? 'active' : ''} onClick={() => setView(name)} data-view={name}>
              {name[0].toUpperCase() + name.slice(1)}
            </button>
          ))}
        </nav>
        <span class={`connection ${connected ? 'up' : 'down'}`} data-testid="connection">{connected ? server?.version ?? 'connected' : 'connecting…'}</span>
      </header>
      {server === undefined ? <main class="loading">Connecting to the Hnefi server…</main> : (
        <main>
          <section hidden={view !== 'play'}>
            <PlayView conn={conn} engines={server.engines} variants={server.variants} active={view === 'play'} onAnalyse={(line) => open(line, 'game in play', line.length)} />
          </section>
          <section hidden={view !== 'analyse'}>
            <AnalyseView conn={conn} engines={server.engines} variants={server.variants} active={view === 'analyse'} opened={opened} />
          </section>
          <section hidden={view !== 'watch'}>
            <WatchView conn={conn} presets={server.watch} onOpen={(line, title) => open(line, title)} />
          </section>
        </main>
      )}
    </div>
  );
}

// The page: three views (play, analyse, watch) kept alive side by side, so that a game in play
// survives a look at the analysis board; the connection to the engines (EngineConnection) and the
// engines it offers. On the static site (the engine in the page, no server) an About view takes the
// place of Watch and says what needs `hnefi gui`, and the engine's own messages show in a banner.

import { useEffect, useState } from 'preact/hooks';
import { VARIANT_IDS } from '../../engine/index.js';
import { AnalyseView } from './AnalyseView.js';
import type { ConnectionState, EngineConnection } from './connection.js';
import type { GameLine } from './gameLine.js';
import { InPageNote } from './InPageNote.js';
import { PlayView } from './PlayView.js';
import { WatchView } from './WatchView.js';

type ViewName = 'play' | 'analyse' | 'watch' | 'about';
const SERVER_VIEWS: readonly ViewName[] = ['play', 'analyse', 'watch'];
const IN_PAGE_VIEWS: readonly ViewName[] = ['play', 'analyse', 'about'];

export interface AppProps {
  connection: EngineConnection;
  /** On the static site, where the engine runs in the page: a sentence on how it runs there. */
  inPage?: { engine: string };
}

interface ServerInfo {
  engines: string[];
  variants: string[];
  watch: string[];
  records: string[];
  version: string;
}

/** Whether the page is shown (not a hidden tab or a minimised window). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = (): void => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function App({ connection: conn, inPage }: AppProps) {
  const views = inPage === undefined ? SERVER_VIEWS : IN_PAGE_VIEWS;
  const viewNamed = (name: string): ViewName | undefined => views.find((v) => v === name);
  // The board is drawn at once; the server's engines and folders fill in when it answers.
  const [server, setServer] = useState<ServerInfo>({ engines: [], variants: [...VARIANT_IDS], watch: [], records: [], version: '' });
  const [connection, setConnection] = useState<ConnectionState>(conn.state);
  /** Counts the connections made: a new one (after the server restarted) asks the searches cut off again. */
  const [link, setLink] = useState(0);
  const visible = usePageVisible();
  const [view, setView] = useState<ViewName>(() => viewNamed(location.hash.slice(1)) ?? 'play');
  /** The engine's own messages, shown on the static site (the server's are Watch's). */
  const [notice, setNotice] = useState('');
  const [opened, setOpened] = useState<{ line: GameLine; ply: number; title: string } | undefined>(undefined);
  const [playFrom, setPlayFrom] = useState<{ line: GameLine } | undefined>(undefined);
  // A view is built when first shown, then kept (a game in play survives a look elsewhere).
  const [built, setBuilt] = useState<ReadonlySet<ViewName>>(() => new Set([view]));
  useEffect(() => {
    if (!built.has(view)) setBuilt(new Set([...built, view]));
  }, [view]);

  useEffect(() => {
    const offState = conn.onState((state) => {
      setConnection(state);
      if (state.open) {
        setLink((n) => n + 1);
        conn.send({ t: 'hello' });
      }
    });
    const off = conn.listen((m) => {
      if (m.t === 'hello') setServer({ engines: m.engines, variants: m.variants, watch: m.watch, records: m.records, version: m.version });
      if (m.t === 'error' && inPage !== undefined) setNotice(m.message);
    });
    return () => {
      offState();
      off();
    };
  }, []);
  useEffect(() => {
    location.hash = view;
  }, [view]);
  // The address names the view: back, forward and links switch views.
  useEffect(() => {
    const onHash = (): void => {
      const name = viewNamed(location.hash.slice(1));
      if (name !== undefined) setView(name);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const open = (line: GameLine, title: string, ply = 0): void => {
    setOpened({ line, ply, title });
    setBuilt(new Set([...built, 'analyse']));
    setView('analyse');
  };

  return (
    <div class="app">
      <header>
        <h1>Hnefi</h1>
        <nav>
          {views.map((name) => (
            <button key={name} class={view === name ? 'active' : ''} onClick={() => setView(name)} data-view={name}>
              {name[0].toUpperCase() + name.slice(1)}
            </button>
          ))}
        </nav>
        <span class={`connection ${connection.open ? 'up' : 'down'}`} data-testid="connection">
          {connection.open ? server.version || 'connected' : connection.refused !== undefined ? 'refused' : 'connecting…'}
        </span>
      </header>
      {connection.refused !== undefined && (
        <div class="banner" data-testid="connection-refused">
          {connection.refused}
        </div>
      )}
      {notice !== '' && (
        <div class="banner" data-testid="notice">
          {notice}{' '}
          <button onClick={() => setNotice('')} title="Close">
            ×
          </button>
        </div>
      )}
      <main>
        <section hidden={view !== 'play'}>
          {built.has('play') && (
            <PlayView
              conn={conn}
              engines={server.engines}
              variants={server.variants}
              active={view === 'play'}
              link={link}
              onAnalyse={(line, ply) => open(line, 'game in play', ply ?? line.length)}
              from={playFrom}
            />
          )}
        </section>
        <section hidden={view !== 'analyse'}>
          {built.has('analyse') && (
            <AnalyseView
              conn={conn}
              engines={server.engines}
              variants={server.variants}
              active={view === 'analyse'}
              visible={visible}
              link={link}
              opened={opened}
              onPlay={(line) => {
                setPlayFrom({ line });
                setBuilt(new Set([...built, 'play']));
                setView('play');
              }}
            />
          )}
        </section>
        <section hidden={view !== 'about'}>
          {built.has('about') && inPage !== undefined && <InPageNote engine={inPage.engine} version={server.version} />}
        </section>
        <section hidden={view !== 'watch'}>
          {built.has('watch') && (
            <WatchView
              conn={conn}
              presets={server.watch}
              records={server.records}
              link={link}
              onOpen={(line, title) => open(line, title)}
            />
          )}
        </section>
      </main>
    </div>
  );
}

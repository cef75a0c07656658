// The page's link to its engines: an EngineConnection. With `hnefi gui`, a WebSocket to its server
// that sends messages, hands each answer to the listeners, and reconnects after the server restarts
// (the listeners hear the state change). The server's token comes with the address it printed
// (`?token=...`); the page keeps it (this origin's storage only) and takes it out of the address bar.
// On the static site (docs/web.md) the engine in the page itself is the connection (src/web).
// Everything the views know of their engines goes through here.

import { CLOSE_BAD_TOKEN, CLOSE_TOO_MANY, type ClientMessage, type ServerMessage } from '../shared/messages.js';

type Listener = (message: ServerMessage) => void;
/** `open`: connected; otherwise why not, when the server said (a refused token, too many pages). */
export interface ConnectionState {
  open: boolean;
  refused?: string;
}
type StateListener = (state: ConnectionState) => void;

/** What the views send their engines through, and hear them on (src/gui/shared/messages.ts). */
export interface EngineConnection {
  readonly state: ConnectionState;
  send(message: ClientMessage): void;
  /** Hears every message; returns the function that stops it. */
  listen(listener: Listener): () => void;
  /** Hears every change of the connection, and at once how it is now; returns the function that stops it. */
  onState(listener: StateListener): () => void;
}

const TOKEN_KEY = 'hnefi-token';

/** The token from the address (kept for later loads of this page), or the one kept before. */
function pageToken(): string | undefined {
  const url = new URL(location.href);
  const given = url.searchParams.get('token');
  if (given === null) return localStorage.getItem(TOKEN_KEY) ?? undefined;
  localStorage.setItem(TOKEN_KEY, given);
  url.searchParams.delete('token');
  history.replaceState(history.state, '', url.href);
  return given;
}

/** The connection to `hnefi gui`'s server. */
export class Connection implements EngineConnection {
  private socket: WebSocket | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<StateListener>();
  private queue: string[] = [];
  private readonly url: string;
  state: ConnectionState = { open: false };

  constructor() {
    const token = pageToken();
    const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${query}`;
    this.connect();
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    this.stateListeners.forEach((l) => l(state));
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      for (const text of this.queue) socket.send(text);
      this.queue = [];
      this.setState({ open: true });
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      this.listeners.forEach((l) => l(message));
    };
    socket.onclose = (event) => {
      if (event.code === CLOSE_BAD_TOKEN) {
        // Another token than the page's: a new server. Trying again would not help.
        this.setState({
          open: false,
          refused:
            'This page does not have the server’s token: open the address hnefi gui printed when it started (it ends with ?token=…).',
        });
        return;
      }
      const refused = event.code === CLOSE_TOO_MANY ? `The server refused this page: ${event.reason}. Close another Hnefi tab.` : undefined;
      if (this.state.open || refused !== this.state.refused) this.setState({ open: false, refused });
      setTimeout(() => this.connect(), refused === undefined ? 1000 : 5000);
    };
  }

  send(message: ClientMessage): void {
    const text = JSON.stringify(message);
    if (this.state.open && this.socket !== undefined) this.socket.send(text);
    else this.queue.push(text);
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears every change of the connection, and at once how it is now. */
  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }
}

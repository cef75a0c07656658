// The page's WebSocket to its server: sends messages, hands each answer to the listeners, and
// reconnects after the server restarts (the listeners hear 'closed' and 'open').

import type { ClientMessage, ServerMessage } from '../shared/messages.js';

type Listener = (message: ServerMessage) => void;
type StateListener = (open: boolean) => void;

export class Connection {
  private socket: WebSocket | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<StateListener>();
  private queue: string[] = [];
  open = false;

  constructor(private readonly url: string) {
    this.connect();
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.open = true;
      for (const text of this.queue) socket.send(text);
      this.queue = [];
      this.stateListeners.forEach((l) => l(true));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      this.listeners.forEach((l) => l(message));
    };
    socket.onclose = () => {
      const wasOpen = this.open;
      this.open = false;
      if (wasOpen) this.stateListeners.forEach((l) => l(false));
      setTimeout(() => this.connect(), 1000);
    };
  }

  send(message: ClientMessage): void {
    const text = JSON.stringify(message);
    if (this.open && this.socket !== undefined) this.socket.send(text);
    else this.queue.push(text);
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears every change of the connection, and at once whether it is open now. */
  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    listener(this.open);
    return () => this.stateListeners.delete(listener);
  }
}

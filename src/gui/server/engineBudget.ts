// How many engine processes may run: the server's budget is shared by its tabs, each tab having a
// budget of its own within it. A place is taken before an engine starts and given back once when it
// is killed, quits or dies.

export type Place = { ok: true; release: () => void } | { ok: false; message: string };

export class EngineBudget {
  private running = 0;

  constructor(
    readonly limit: number,
    /** Says what the limit is, for the refusal: "this server runs at most 8 engines (--max-engines)". */
    private readonly what: string,
    private readonly parent?: EngineBudget,
  ) {}

  take(): Place {
    if (this.running >= this.limit) return { ok: false, message: this.what };
    const above = this.parent?.take();
    if (above !== undefined && !above.ok) return above;
    this.running++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        if (above?.ok) above.release();
      },
    };
  }
}

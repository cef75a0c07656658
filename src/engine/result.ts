// Errors are values: every parser and rule check returns a Result instead of throwing, so that bad
// input (a protocol line, a tfen, a move, a rules string) is answered with a message naming what was
// wrong, and the caller's state is never left half-changed.

/** A stable code for programs and a message for people, naming what was wrong and where. */
export interface HnefiError {
  code: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: HnefiError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(code: string, message: string): Result<T> => ({ ok: false, error: { code, message } });

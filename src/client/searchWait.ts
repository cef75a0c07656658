// Waiting for a search's answer, the same for every dialect: the deadline (past it the answer is a
// time forfeit, reported with how late it came), the engine's end (a crash), and for dialects that
// have one, a ping that must be answered while the engine thinks (a hang otherwise).

import type { EngineProcess } from './engineProcess.js';
import type { Score } from './score.js';
import type { SearchResult, Timeouts } from './session.js';

/** How long past its deadline an answer is still awaited, to tell how late it came. */
export const LATE_WATCH_MS = 2_000;

export interface Ping {
  /** The line that asks for a sign of life, and whether a line is the answer. */
  line: string;
  isAnswer: (line: string) => boolean;
}

export interface Answer {
  move: string;
  /** Set when the answer is no move at all: the engine loses with 'garbage'. */
  garbage?: string;
  score?: Score;
}

/**
 * Sends `commands` and reads the engine's lines with `read` until it returns an answer. `read` sees
 * every line (for scores and analysis); it returns undefined while the search goes on.
 */
export function waitForAnswer(
  engine: EngineProcess,
  timeouts: Timeouts,
  commands: readonly string[],
  read: (line: string) => Answer | undefined,
  deadlineMs: number | undefined,
  ping?: Ping,
): Promise<SearchResult> {
  const started = Date.now();
  const elapsed = (): number => Date.now() - started;
  return new Promise<SearchResult>((resolve) => {
    let pingSent = 0;
    let settled = false;
    let overdue: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: SearchResult): void => {
      if (settled) return;
      settled = true;
      if (pinger !== undefined) clearInterval(pinger);
      if (deadline !== undefined) clearTimeout(deadline);
      if (overdue !== undefined) clearTimeout(overdue);
      removeLine();
      cancelExit();
      resolve(result);
    };
    const removeLine = engine.onLine((line) => {
      if (ping !== undefined && ping.isAnswer(line)) {
        pingSent = 0;
        return false;
      }
      const answer = read(line);
      if (answer === undefined) return false;
      const took = elapsed();
      if (deadlineMs !== undefined && took > deadlineMs) {
        finish({
          ok: false,
          fault: 'time',
          detail: `answered ${took - deadlineMs} ms late (after ${took} ms, allowed ${deadlineMs} ms)`,
          elapsedMs: took,
        });
      } else if (answer.garbage !== undefined) {
        finish({ ok: false, fault: 'garbage', detail: answer.garbage, elapsedMs: took });
      } else {
        finish(
          answer.score === undefined
            ? { ok: true, move: answer.move, elapsedMs: took }
            : { ok: true, move: answer.move, elapsedMs: took, score: answer.score },
        );
      }
      return true;
    });
    const cancelExit = engine.whenExited((detail) => finish({ ok: false, fault: 'crash', detail, elapsedMs: elapsed() }));
    const pinger =
      ping === undefined
        ? undefined
        : setInterval(
            () => {
              if (pingSent !== 0 && Date.now() - pingSent > timeouts.readyMs) {
                finish({
                  ok: false,
                  fault: 'hang',
                  detail: `no answer to ${ping.line} within ${timeouts.readyMs} ms during the search`,
                  elapsedMs: elapsed(),
                });
                return;
              }
              if (pingSent === 0) {
                pingSent = Date.now();
                engine.send(ping.line);
              }
            },
            Math.min(timeouts.pingMs, timeouts.readyMs),
          );
    // Past the deadline the game is lost on time; a little longer is waited to tell how late the answer is.
    const deadline =
      deadlineMs === undefined
        ? undefined
        : setTimeout(() => {
            overdue = setTimeout(
              () =>
                finish({
                  ok: false,
                  fault: 'time',
                  detail: `no answer within ${deadlineMs} ms (still none ${LATE_WATCH_MS} ms later)`,
                  elapsedMs: elapsed(),
                }),
              LATE_WATCH_MS,
            );
          }, deadlineMs + 1);
    if (settled) return;
    for (const command of commands) engine.send(command);
  });
}

// The engine conversations shown in the docs (```text blocks of `>` lines sent and `<` lines received)
// are played against the built engine and must match, so that they cannot go stale. Compared modulo
// what depends on the machine: the values of nodes, nps, time and hashfull; `< ...` stands for any
// number of lines, and a line ending in ` ...` for any line that starts with what comes before it.

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HNEFI } from '../support/engineConversation.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

interface Transcript {
  file: string;
  line: number;
  lines: string[];
}

/** Every ```text block made only of `>` and `<` lines. */
function transcripts(file: string): Transcript[] {
  const found: Transcript[] = [];
  const text = readFileSync(`${root}${file}`, 'utf8').split('\n');
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '```text') continue;
    const end = text.indexOf('```', i + 1);
    const lines = text.slice(i + 1, end);
    if (lines.length > 0 && lines.every((line) => /^[<>]( |$)/.test(line))) found.push({ file, line: i + 1, lines });
    i = end;
  }
  return found;
}

const GREETING = /^Hnefi \S+ by .*'help'/;

const normalise = (line: string): string => line.replace(/\b(nodes|nps|time|hashfull) \d+/g, '$1 N').trimEnd();

/** Do the received lines fit the expected ones (with `...` wildcards)? */
function fits(expected: string[], actual: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [first, ...rest] = expected;
  if (first === '...') return actual.some((_, i) => fits(rest, actual.slice(i))) || fits(rest, []);
  if (actual.length === 0) return false;
  const line = normalise(actual[0]);
  const matches = first.endsWith(' ...') ? line.startsWith(first.slice(0, -3)) : line === normalise(first);
  return matches && fits(rest, actual.slice(1));
}

/**
 * Plays the `>` lines to a fresh engine, one at a time: after each, waits for `bestmove` when one is
 * expected (or after `stop`), for the end after `quit`, else for the lines expected and then until
 * the engine has been quiet a while.
 * Returns the conversation as the engine had it, and whether each answer fitted.
 */
async function play(lines: string[]): Promise<{ actual: string[]; fitted: boolean }> {
  const child = spawn(process.execPath, [HNEFI], { stdio: 'pipe' });
  const showsGreeting = GREETING.test(lines[0]?.slice(2) ?? '');
  let buffer = '';
  let received: string[] = [];
  let lastOutput = Date.now();
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    // The start-up greeting is shown once (README.md); other conversations begin with their first command.
    received.push(...parts.filter((line) => showsGreeting || !GREETING.test(line)));
    lastOutput = Date.now();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const segments: { input?: string; expected: string[] }[] = [{ expected: [] }];
  for (const line of lines) {
    if (line.startsWith('>')) segments.push({ input: line.slice(2), expected: [] });
    else segments[segments.length - 1].expected.push(line.slice(2));
  }
  const actual: string[] = [];
  let fitted = true;
  for (const segment of segments) {
    received = [];
    if (segment.input !== undefined) {
      child.stdin.write(`${segment.input}\n`);
      actual.push(`> ${segment.input}`);
    }
    const deadline = Date.now() + 60_000;
    const wantsBest = segment.input === 'stop' || segment.expected.some((line) => line.startsWith('bestmove'));
    if (segment.input === 'quit') await Promise.race([exited, sleep(10_000)]);
    else if (wantsBest) while (!received.some((line) => line.startsWith('bestmove')) && Date.now() < deadline) await sleep(20);
    else {
      // At least the lines expected, then until the engine has been quiet for a while.
      const needed = segment.expected.filter((line) => line !== '...').length;
      while (received.length < needed && Date.now() < deadline) await sleep(20);
      const started = Date.now();
      await sleep(50);
      while (Date.now() - lastOutput < 150 && Date.now() - started < 500) await sleep(20);
    }
    actual.push(...received.map((line) => (line === '' ? '<' : `< ${line}`)));
    if (!fits(segment.expected, received)) fitted = false;
  }
  child.kill();
  return { actual, fitted };
}

describe('engine conversations in the docs', () => {
  const all = DOCS.flatMap(transcripts);

  it('the README has one', () => {
    expect(all.some((t) => t.file === 'README.md')).toBe(true);
  });

  for (const transcript of all) {
    it(`${transcript.file}:${transcript.line} is what the engine says`, async () => {
      const { actual, fitted } = await play(transcript.lines);
      // On a mismatch the whole conversation as the engine had it is shown, to put into the doc.
      if (!fitted) expect(actual.join('\n')).toBe(transcript.lines.join('\n'));
    }, 120_000);
  }
});

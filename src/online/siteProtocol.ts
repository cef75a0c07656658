// hnefatafl.org's server protocol as a bot speaks it (the server's hnefatafl-server-full and its AI
// clients, e.g. examples/taflzero.rs): lines of words over TCP to port 49152. The bot sends
// `<version id> login <user> <password>` (the password in clear: the protocol has no encryption),
// `software_id <name>`, `new_game <json>` to offer a game, `join_game <id>` to accept a challenger,
// `resume_game_json <id>` to get a game's moves, and `game <id> play <role> <from> <to>` (or
// `... resigns _`). The server answers `= <command> ...` or `? <command> <error>`, and sends
// `= challenge_requested <id>`, `game <id> generate_move <role>` when the bot is to move, the
// opponent's `game <id> play ...`, and `= game_over <id> attacker_wins|defender_wins` (`= draw accept` for a draw).

export const SITE_PORT = 49152;
/** The server version the bot announces by default: the server refuses others (`? login wrong_version`). */
export const DEFAULT_VERSION_ID = '32d9a140';
export const ROLES = ['attacker', 'defender'] as const;
export type Role = (typeof ROLES)[number];

export type SiteMessage =
  | { kind: 'login-ok' }
  | { kind: 'login-refused'; reason: string }
  | { kind: 'challenge'; game: string }
  | { kind: 'your-move'; game: string; role: Role }
  | { kind: 'played'; game: string; role: Role; from: string; to: string }
  | { kind: 'game-json'; json: string }
  | { kind: 'game-over'; game: string; winner: Role | 'draw' }
  | { kind: 'draw' }
  | { kind: 'refused'; command: string; reason: string }
  | { kind: 'other' };

const GAME_ID = /^\d{1,20}$/;
const SQUARE = /^[a-m]\d{1,2}$/;

export function parseSiteLine(line: string): SiteMessage {
  const words = line.trim().split(/\s+/);
  if (words[0] === '=' && words[1] === 'login') return { kind: 'login-ok' };
  if (words[0] === '?' && words[1] === 'login') return { kind: 'login-refused', reason: words.slice(2).join(' ') || 'refused' };
  if (words[0] === '=' && words[1] === 'challenge_requested' && GAME_ID.test(words[2] ?? '')) return { kind: 'challenge', game: words[2] };
  if (
    words[0] === 'game' &&
    GAME_ID.test(words[1] ?? '') &&
    words[2] === 'generate_move' &&
    (words[3] === 'attacker' || words[3] === 'defender')
  ) {
    return { kind: 'your-move', game: words[1], role: words[3] };
  }
  if (
    words[0] === 'game' &&
    GAME_ID.test(words[1] ?? '') &&
    words[2] === 'play' &&
    (words[3] === 'attacker' || words[3] === 'defender') &&
    SQUARE.test(words[4] ?? '') &&
    SQUARE.test(words[5] ?? '')
  ) {
    return { kind: 'played', game: words[1], role: words[3], from: words[4], to: words[5] };
  }
  if (words[0] === '=' && words[1] === 'resume_game_json')
    return { kind: 'game-json', json: line.slice(line.indexOf('resume_game_json') + 16).trim() };
  if (words[0] === '=' && words[1] === 'game_over' && GAME_ID.test(words[2] ?? '')) {
    const winner = words[3] === 'attacker_wins' ? 'attacker' : words[3] === 'defender_wins' ? 'defender' : 'draw';
    return { kind: 'game-over', game: words[2], winner };
  }
  if (words[0] === '=' && words[1] === 'draw' && words[2] === 'accept') return { kind: 'draw' };
  if (words[0] === '?') return { kind: 'refused', command: words[1] ?? '', reason: words.slice(2).join(' ') };
  return { kind: 'other' };
}

export const makeLogin = (versionId: string, user: string, password: string): string => `${versionId} login ${user} ${password}`;

/** The game offered: the bot's role, rated or not, and Fischer time (ms, added seconds) or none. */
export function makeNewGame(role: Role, rated: boolean, clock: { ms: number; addSeconds: number } | undefined): string {
  const timeSettings = clock === undefined ? 'UnTimed' : { Timed: { add_seconds: clock.addSeconds, milliseconds_left: clock.ms } };
  return `new_game ${JSON.stringify({ role: role === 'attacker' ? 'Attacker' : 'Defender', rated, time_settings: timeSettings, board_size: 11 })}`;
}

export const makePlay = (game: string, role: Role, from: string, to: string): string => `game ${game} play ${role} ${from} ${to}`;
export const makeResign = (game: string, role: Role): string => `game ${game} play ${role} resigns _`;

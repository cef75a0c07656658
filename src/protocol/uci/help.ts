// What `help` answers: every command of the UCI server, one line each (written as `info string` lines,
// so that a GUI that sends `help` by mistake reads nothing it could misunderstand).

export const UCI_HELP: readonly string[] = [
  'uci                            the engine names itself and lists its options, then uciok',
  'isready                        readyok once the engine is ready (at once while it searches)',
  'setoption name <N> value <V>   set an option (names as listed by uci, any case)',
  'ucinewgame                     a new game: forget what earlier searches learnt',
  'position startpos|tfen <tfen> [moves <m1> <m2> ...]   set the position and the game so far',
  'go [wtime|btime|winc|binc|movestogo|movetime|depth|nodes|mate <n>] [infinite] [ponder] [searchmoves <m> ...]   search, then bestmove',
  'stop                           end the search (perft, bench) now; its answer follows',
  'ponderhit                      the move pondered on was played: the ponder search goes on with its limits',
  'quit                           end the engine (a running search answers first)',
  'debug on|off                   extra info string lines',
  'd                              show the board, its tfen, the side to move and the hash',
  'perft <n> (or go perft <n>)    count the legal turns n deep, turn by turn; stop ends it',
  'bench [depth]                  the fixed benchmark search; "<N> nodes <M> nps" last; stop ends it',
  'moves                          the legal turns',
  'eval                           the static evaluation and its terms',
  'help                           this list',
];

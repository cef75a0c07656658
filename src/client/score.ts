// An engine's evaluation of a position as the protocols report it: centipawns, or moves to mate
// (positive: the side to move wins).

export interface Score {
  kind: 'cp' | 'mate';
  value: number;
}

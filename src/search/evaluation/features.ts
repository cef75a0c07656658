// The evaluation's feature indices, apart from the weights (weights.ts) so that the WebAssembly
// kernels (kernels/evaluation.ts), written in AssemblyScript, read the same numbers: this module
// imports nothing and holds nothing AssemblyScript cannot compile.

/** Feature indices; each feature is measured from the defenders' view (see evaluate.ts). */
export const F_ATTACKER_MEN = 0;
export const F_ATTACKER_SPECIALS = 1;
export const F_DEFENDER_MEN = 2;
export const F_DEFENDER_SPECIALS = 3;
export const F_KING_OPEN_LINES = 4;
export const F_KING_ROUTES = 5;
export const F_KING_MOBILITY = 6;
export const F_KING_ATTACKERS = 7;
export const F_KING_DEFENDERS = 8;
export const F_ESCAPE_DISTANCE = 9;
export const F_CORNER_GUARDS = 10;
export const F_ATTACKER_CHAIN = 11;
export const F_TEMPO = 12;
/** Constant 1: how far the variant favours the defenders, all else equal (it never changes a choice). */
export const F_BALANCE = 13;
/** 4 less the king's slides to an escape square on the board as it stands (1..4, 4 meaning 4 or more). */
export const F_ESCAPE_SPEED = 14;
/** Corners the attackers have sealed off from the king (cornerSeal.ts). */
export const F_CORNERS_SEALED = 15;
/** Corners one attacker short of sealed. */
export const F_CORNERS_NEAR_SEALED = 16;
/**
 * The lone king (the defenders down to LONE_KING_MEN men besides him; loneKing.ts): the edge squares
 * of his region (the squares he reaches through squares free of attackers; none is an encirclement),
 * counted from their usual number there (four sealed corners).
 */
export const F_LONE_REGION_EDGE = 17;
/** The lone king: the squares he reaches in one or two slides, counted from their usual number. */
export const F_LONE_REACH = 18;
/**
 * The lone king's last men while every corner is sealed: 0 with LONE_KING_MEN men besides him, -1
 * with one, -3 with none. Each man is a spare move for a king caged on the throne area, so the last
 * ones are worth more to take than their material; sealed corners only, or the attackers would open
 * seals to chase them.
 */
export const F_LONE_MEN = 19;
/**
 * The lone king's hunters while every corner is sealed: per attacker, LONE_HUNT_RADIUS less his steps
 * to the king (none beyond). The seals need 12 men; the others have nothing to gain in material and
 * seals, and a bare king among 20 attackers was held to the turn limit. A seal's man that leaves to
 * hunt opens his corner and loses the whole term, so the seals stay.
 */
export const F_LONE_HUNT = 20;
/**
 * The lone king's region (loneKing.ts): its squares, counted from their usual number. The edge alone
 * does not change while a ring closes in the middle of the board; the region shrinks with each square
 * the ring takes in.
 */
export const F_LONE_REGION = 21;
/**
 * The lone king's men while every corner is sealed: the squares they reach in one slide, less
 * LONE_MAN_MOBILITY each. A king caged on an edge square is neither taken nor encircled: his side loses
 * when it has no move, so the men's moves are what is left to take.
 */
export const F_LONE_MEN_MOBILITY = 22;
export const FEATURE_COUNT = 23;

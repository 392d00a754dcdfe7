// ffish's enums, in embind's shape: each member an object whose `value` is
// Fairy-Stockfish's code. A method taking a notation reads such an object
// or a plain code; other games' notations answer in SAN here. Shared by
// index.js and the ffish-es6-shaped build (ffish-es6/factory.js).
const enumOf = (names) =>
  Object.freeze(Object.fromEntries(names.map((name, value) => [name, Object.freeze({ value })])));

/** ffish's `Notation` (codes 0 to 9). */
export const Notation = enumOf(['DEFAULT', 'SAN', 'LAN', 'SHOGI_HOSKING', 'SHOGI_HODGES',
  'SHOGI_HODGES_NUMBER', 'JANGGI', 'XIANGQI_WXF', 'THAI_SAN', 'THAI_LAN']);

/** ffish's `Termination` (codes 0 to 6). */
export const Termination = enumOf(['ONGOING', 'CHECKMATE', 'STALEMATE', 'INSUFFICIENT_MATERIAL',
  'N_MOVE_RULE', 'N_FOLD_REPETITION', 'VARIANT_END']);

// Types of enums.js: ffish's enums in embind's shape.

/** An ffish enum member: `value` is Fairy-Stockfish's code. */
export interface EnumValue<N extends number> { readonly value: N }
/** ffish's `Notation` (codes 0 to 9). */
export declare const Notation: Readonly<{
  DEFAULT: EnumValue<0>; SAN: EnumValue<1>; LAN: EnumValue<2>; SHOGI_HOSKING: EnumValue<3>;
  SHOGI_HODGES: EnumValue<4>; SHOGI_HODGES_NUMBER: EnumValue<5>; JANGGI: EnumValue<6>;
  XIANGQI_WXF: EnumValue<7>; THAI_SAN: EnumValue<8>; THAI_LAN: EnumValue<9>;
}>;
/** ffish's `Termination` (codes 0 to 6). */
export declare const Termination: Readonly<{
  ONGOING: EnumValue<0>; CHECKMATE: EnumValue<1>; STALEMATE: EnumValue<2>;
  INSUFFICIENT_MATERIAL: EnumValue<3>; N_MOVE_RULE: EnumValue<4>; N_FOLD_REPETITION: EnumValue<5>;
  VARIANT_END: EnumValue<6>;
}>;

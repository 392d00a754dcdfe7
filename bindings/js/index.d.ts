// Types of the humpty package: the rules (ffish.js's API for "humpty").
import * as rules from './pkg/humpty_rules.js';

// Everything the rules module exports (initSync is there for a page that
// wants to pass the bytes itself; the import has already called it).
export * from './pkg/humpty_rules.js';

/** An ffish enum member: `value` is Fairy-Stockfish's code. */
export interface EnumValue<N extends number> { readonly value: N }
export declare const Notation: Readonly<{
  DEFAULT: EnumValue<0>; SAN: EnumValue<1>; LAN: EnumValue<2>; SHOGI_HOSKING: EnumValue<3>;
  SHOGI_HODGES: EnumValue<4>; SHOGI_HODGES_NUMBER: EnumValue<5>; JANGGI: EnumValue<6>;
  XIANGQI_WXF: EnumValue<7>; THAI_SAN: EnumValue<8>; THAI_LAN: EnumValue<9>;
}>;
export declare const Termination: Readonly<{
  ONGOING: EnumValue<0>; CHECKMATE: EnumValue<1>; STALEMATE: EnumValue<2>;
  INSUFFICIENT_MATERIAL: EnumValue<3>; N_MOVE_RULE: EnumValue<4>; N_FOLD_REPETITION: EnumValue<5>;
  VARIANT_END: EnumValue<6>;
}>;

/** ffish-es6's factory: resolves to this module's API, already loaded. */
export default function Module(): Promise<typeof rules & { Notation: typeof Notation; Termination: typeof Termination }>;

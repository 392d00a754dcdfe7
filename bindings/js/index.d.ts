// Types of the humpty package: the rules (ffish.js's API for "humpty").
import * as rules from './pkg/humpty_rules.js';

// Everything the rules module exports (initSync is there for a page that
// wants to pass the bytes itself; the import has already called it).
export * from './pkg/humpty_rules.js';

/** ffish's notation codes that a 12x8 chess variant can be written in. */
export declare const Notation: Readonly<{ DEFAULT: 0; SAN: 1; LAN: 2 }>;

/** ffish-es6's factory: resolves to this module's API, already loaded. */
export default function Module(): Promise<typeof rules & { Notation: typeof Notation }>;

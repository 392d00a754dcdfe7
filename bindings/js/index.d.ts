// Types of the humpty package: the rules (ffish.js's API for "humpty").
import * as rules from './pkg/humpty_rules.js';

// Everything the rules module exports (initSync is there for a page that
// wants to pass the bytes itself; the import has already called it).
export * from './pkg/humpty_rules.js';

import { Notation, Termination } from './enums.js';
export * from './enums.js';

/** ffish-es6's factory: resolves to this module's API, already loaded. */
export default function Module(): Promise<typeof rules & { Notation: typeof Notation; Termination: typeof Termination }>;

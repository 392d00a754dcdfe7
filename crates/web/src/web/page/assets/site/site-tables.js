// The static board's endgame tables (`humpty site DIR --tb TABLES`):
// listed in tables/list.json, each fetched the first time a position
// needs it, probed in the page (humpty's Tablebase in WebAssembly).

import { Tablebase } from "./humpty/index.js";
import { renderTablebase } from "./tablebaseview.js";

export class SiteTables {
  /** `onError(text)`: a table that could not be read. */
  constructor(onError) {
    this.tb = null;
    this.list = [];
    this.asked = new Set();
    this.fen = null;
    this.onError = onError;
  }

  /** Read the site's list of tables (none when the site has no tables). */
  async load() {
    try {
      const r = await fetch("tables/list.json");
      if (!r.ok) return;
      this.list = (await r.json()).tables;
      this.tb = new Tablebase();
    } catch {
      this.list = [];
    }
  }

  /**
   * The tables' answer for `fen` drawn in the panel (fetching the tables
   * it needs first); `play(uci)` is a click on one of its moves.
   */
  async show(fen, play) {
    if (!this.tb || this.fen === fen) return;
    this.fen = fen;
    for (const name of this.tb.needed(fen)) {
      if (!this.list.includes(name) || this.asked.has(name)) continue;
      this.asked.add(name);
      try {
        const r = await fetch(`tables/${name}`);
        if (r.ok) this.tb.add(new Uint8Array(await r.arrayBuffer()));
      } catch (e) {
        this.onError(`cannot read the table ${name}: ${e.message}`);
      }
    }
    // The board moved on while a table was fetched.
    if (this.fen !== fen) return;
    const text = this.tb.probe(fen);
    renderTablebase(text ? JSON.parse(text) : null, fen, play);
  }
}

// The twelve piece kinds of Humpty Dumpty Chess, drawn for this board
// (original drawings, 45x45 units). Each kind has one shape; colour comes
// from the fill (body), stroke (outline) and detail (contrasting marks).
// The hoppers show their lines: the Cannon's barrel lies along a file, the
// Arrow points along a diagonal, the Tank has both.

// Names and moves of each kind, by letter: filled from
// the server's /api/pieces (the rules' one table) before the board is drawn.
export const PIECE_KINDS = {};

// Body shapes: `f` fill, `s` stroke, `d` detail colour.
const SHAPES = {
  K: (f, s, d) => `
    <path d="M22.5 6v7M19 9.5h7" stroke="${s}" stroke-width="2" fill="none"/>
    <path d="M22.5 14c-5 0-6 6-4 9-5-3-10-1-10 4 0 4 4 6 4 6v5h20v-5s4-2 4-6c0-5-5-7-10-4 2-3 1-9-4-9z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M12.5 33h20M12.5 37h20" stroke="${d}" stroke-width="1.4"/>`,
  Q: (f, s, d) => `
    <circle cx="7" cy="13" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <circle cx="15" cy="9.5" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <circle cx="22.5" cy="8" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <circle cx="30" cy="9.5" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <circle cx="38" cy="13" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <path d="M9 26l-2-11 7 8 1-12 6 11 1.5-13 1.5 13 6-11 1 12 7-8-2 11c-2 3-4 4-4 7H13c0-3-2-4-4-7z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M12 33h21l1 5H11z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M13 29.5h19" stroke="${d}" stroke-width="1.3"/>`,
  R: (f, s, d) => `
    <path d="M10 38h25v-4H10zM13 34l1.5-17h16L32 34z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M11 17V10h5v3h4v-3h5v3h4v-3h5v7z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M14.5 21h16M14 30h17" stroke="${d}" stroke-width="1.3"/>`,
  B: (f, s, d) => `
    <path d="M10 38c4-1 8-1 12.5-4 4.5 3 8.5 3 12.5 4v-3c-4-1-8-1-12.5-3.5C18 34 14 34 10 35z" fill="${f}" stroke="${s}" stroke-width="1.5"/>
    <path d="M15 30c3 2 12 2 15 0 1-4-1-8-7.5-19C16 22 14 26 15 30z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <circle cx="22.5" cy="8.5" r="2.6" fill="${f}" stroke="${s}" stroke-width="1.4"/>
    <path d="M20 22h5M22.5 19.5v5M24.5 13l-4 6" stroke="${d}" stroke-width="1.4"/>`,
  N: (f, s, d) => `
    <path d="M22 10c10.5 1 16.5 8 16 29H15c0-9 10-6.5 8-21" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M24 18c.4 2.9-5.5 7.4-8 9-3 2-2.8 4.3-5 4-1-1 1.4-3 0-3-1 0 .2 1.2-1 2-1 0-4 1-4-4 0-2 6-12 6-12s1.9-1.9 2-3.5c-.7-1-.5-2-.5-3 1-1 3 2.5 3 2.5h2s.8-2 2.5-3c1 0 1 3 1 3" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <circle cx="12" cy="25.5" r=".9" fill="${d}"/><circle cx="15" cy="15.5" r="1.3" fill="${d}"/>
    <path d="M24.5 10.4l-.5 1.5.5.1c3.2 1 5.6 2.5 7.4 4.4s3 4.4 3.7 7.6c1.3 5.5.8 12.4.7 15.2h-3c.1-2.8.6-9.4-.6-14.3-.6-2.5-1.5-4.5-3-6" fill="none" stroke="${d}" stroke-width="1"/>`,
  L: (f, s, d) => `
    <path d="M7 13c0-2 3-3 5-2l2 2c1 2 0 5 1 8 2 3 3-4 7-6 3-1 5 3 6 1 1-3 4-4 6-1 2 3 3 7 3 10 0 2-1 3-2 3v12h-3V29h-2v11h-3V30c-4 1-8 1-11 0v10h-3V29h-2v11h-3V28c-1-2-2-6-2-9l-1-3c-1 1-3 0-3-3z" fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"/>
    <circle cx="9.5" cy="13.2" r="1" fill="${d}"/>
    <path d="M18 22c3 2 10 2 16 1" stroke="${d}" stroke-width="1.2" fill="none"/>`,
  G: (f, s, d) => `
    <path d="M12 14c-5-1-7-5-6-9 2 3 5 5 9 5M33 14c5-1 7-5 6-9-2 3-5 5-9 5" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M14 12c3-2 14-2 17 0 2 3 1 7-1 10l-2 12c-1 4-10 4-11 0l-2-12c-2-3-3-7-1-10z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M13 16l-5 3 5 2M32 16l5 3-5 2" fill="${f}" stroke="${s}" stroke-width="1.3" stroke-linejoin="round"/>
    <circle cx="18.5" cy="18" r="1.4" fill="${d}"/><circle cx="26.5" cy="18" r="1.4" fill="${d}"/>
    <path d="M20 31h5M18 24c2 2 7 2 9 0" stroke="${d}" stroke-width="1.3" fill="none"/>
    <path d="M17 36c1 3 10 3 11 0" stroke="${s}" stroke-width="1.4" fill="none"/>`,
  C: (f, s, d) => `
    <rect x="6" y="16" width="31" height="9" rx="4" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <rect x="36" y="14.5" width="4" height="12" rx="1.5" fill="${f}" stroke="${s}" stroke-width="1.5"/>
    <circle cx="15" cy="30" r="7.5" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <circle cx="15" cy="30" r="2" fill="${d}"/>
    <path d="M15 23v14M8 30h14" stroke="${d}" stroke-width="1.2"/>
    <path d="M5 39h35" stroke="${s}" stroke-width="2"/>`,
  A: (f, s, d) => `
    <path d="M9 39h27l-2-5H11z" fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"/>
    <path d="M14 32l17-17" stroke="${s}" stroke-width="6" stroke-linecap="round"/>
    <path d="M14 32l17-17" stroke="${f}" stroke-width="3" stroke-linecap="round"/>
    <path d="M38 8l-4 14-10-10z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M9 28l3 7 7 3-3-4 1-3-4 1z" fill="${d}" stroke="${s}" stroke-width="1"/>`,
  T: (f, s, d) => `
    <path d="M6 30h33l-3 8H9z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <circle cx="12" cy="34" r="2" fill="${d}"/><circle cx="18.5" cy="34" r="2" fill="${d}"/>
    <circle cx="25" cy="34" r="2" fill="${d}"/><circle cx="31.5" cy="34" r="2" fill="${d}"/>
    <path d="M10 30l2-6h20l2 6z" fill="${f}" stroke="${s}" stroke-width="1.6" stroke-linejoin="round"/>
    <path d="M15 24c0-6 15-6 15 0z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M26 19l12-9" stroke="${s}" stroke-width="4" stroke-linecap="round"/>
    <path d="M26 19l12-9" stroke="${f}" stroke-width="1.6" stroke-linecap="round"/>
    <path d="M23 19V7" stroke="${s}" stroke-width="4" stroke-linecap="round"/>
    <path d="M23 19V7" stroke="${f}" stroke-width="1.6" stroke-linecap="round"/>`,
  F: (f, s, d) => `
    <path d="M12 30c-5 1-8 4-7 8h8l2-3M33 30c5 1 8 4 7 8h-8l-2-3" fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"/>
    <ellipse cx="22.5" cy="27" rx="12" ry="10" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <circle cx="15.5" cy="16" r="5" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <circle cx="29.5" cy="16" r="5" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <circle cx="15.5" cy="16" r="2.2" fill="${d}"/><circle cx="29.5" cy="16" r="2.2" fill="${d}"/>
    <path d="M16 26c3 3 10 3 13 0" stroke="${d}" stroke-width="1.4" fill="none"/>
    <path d="M14 36l-2 3M31 36l2 3" stroke="${s}" stroke-width="1.5"/>`,
  P: (f, s, d) => `
    <path d="M22.5 9a4 4 0 0 0-3.2 6.4A6.5 6.5 0 0 0 17.5 26c-3 1-6.5 4.5-6.5 11.5h23c0-7-3.5-10.5-6.5-11.5a6.5 6.5 0 0 0-1.8-10.6A4 4 0 0 0 22.5 9z" fill="${f}" stroke="${s}" stroke-width="1.6"/>
    <path d="M15 33h15" stroke="${d}" stroke-width="1.2"/>`,
};

const PIECE_COLOURS = {
  w: { f: "#fbfaf4", s: "#1d1d1d", d: "#1d1d1d" },
  b: { f: "#2b2b2b", s: "#0b0b0b", d: "#e9e6da" },
};

// "White Camel" for `L`, "Black Frog" for `f` (hover titles, screen readers).
export function pieceName(letter) {
  const kind = letter.toUpperCase();
  return (letter === kind ? "White " : "Black ") + (PIECE_KINDS[kind] || { name: "?" }).name;
}

// An SVG for a FEN letter (upper case White, lower case Black).
export function pieceSvg(letter) {
  const kind = letter.toUpperCase();
  const c = PIECE_COLOURS[letter === kind ? "w" : "b"];
  const body = SHAPES[kind] ? SHAPES[kind](c.f, c.s, c.d) : "";
  return `<svg viewBox="0 0 45 45" xmlns="http://www.w3.org/2000/svg" aria-label="${pieceName(letter)}">${body}</svg>`;
}

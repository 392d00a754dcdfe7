// White space as the engine reads it: Rust's `char::is_whitespace` (the
// Unicode White_Space property), which differs from JavaScript's `\s`
// (U+0085 is white space to Rust and not to JavaScript; U+FEFF the other
// way round). The page and the worker split lines with this, so they count
// the same `go` lines as the engine does.
const WHITE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

/** The first word of a UCI line, as the engine reads it. */
export function firstWord(line) {
  return String(line).split(WHITE).find((w) => w !== '') ?? '';
}

/** Whether a line has nothing but white space, as the engine reads it. */
export function isBlank(line) {
  return firstWord(line) === '';
}

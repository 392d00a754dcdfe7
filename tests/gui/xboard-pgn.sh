#!/usr/bin/env bash
# Load a SAN PGN written by `humpty match` into the real XBoard (under Xvfb)
# and check that XBoard reads every move as the move humpty played.
#
#   apt-get install xboard xvfb imagemagick xdotool     # once
#   tests/gui/xboard-pgn.sh [outdir]
#
# Two games are played at fixed nodes (deterministic), once written in SAN
# and once in coordinates; the SAN file is loaded as written, then its first
# game after `humpty annotate`. XBoard loads the SAN file's first game without an
# engine; its debug log says what each SAN token was parsed into, which must
# be the coordinate file's move. XBoard needs the board size and piece
# letters on its command line and takes the piece moves from the PGN's
# VariantMen tag (docs/protocol.md). Its own rule model knows neither the
# River nor Frog promotion, so it is started with -testLegality false: with
# legality testing on it stops reading at a Frog promotion (`Fc8=Q`,
# "Illegal move"). Moves it would call illegal are listed, not failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-target/xboard-pgn}"
XBOARD="$(command -v xboard || echo /usr/games/xboard)"
for tool in "$XBOARD" Xvfb import xdotool; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xboard xvfb imagemagick xdotool" >&2; exit 2; }
done
cargo build --release --quiet
bin="$PWD/target/release/humpty"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out"/*.pgn "$out"/*.debug

for notation in san coordinate; do
  "$bin" match --engine "cmd=$bin" name=a --engine "cmd=$bin" name=b \
    --each option.Hash=8 --nodes 3000 --games 2 --maxplies 200 \
    --pgn-notation "$notation" --pgn "$out/$notation.pgn" --quiet >/dev/null
done

display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

table="PNBRQ......C........A...LT.F...GKpnbrq......c........a...lt.f...gk"
# What humpty played in the first game, in coordinates.
awk '/^\[Event/{n++} n==1' "$out/coordinate.pgn" | grep -v '^\[' | sed -E 's/\{[^}]*\}//g' |
  tr ' ' '\n' | grep -E '^[a-l][1-8][a-l][1-8][qgtf]?$' >"$out/humpty-moves.txt"
plies=$(wc -l <"$out/humpty-moves.txt")

# Load $1 (a PGN file) into XBoard; its debug log goes to $2.debug. Fails
# unless XBoard read every move as humpty played it.
check_load() {
  local pgn="$1" name="$2"
  DISPLAY="$display" "$XBOARD" -ncp -variant fairy -boardWidth 12 -boardHeight 8 \
    -pieceToCharTable "$table" -loadGameFile "$pgn" -loadGameIndex 1 \
    -testLegality false -initialMode EditGame -boardSize medium -popupExitMessage false \
    -debugMode true -nameOfDebugFile "$out/$name.debug" >"$out/$name.out" 2>&1 &
  local xb=$!
  sleep 6
  # Go to the end of the game and take a picture of XBoard's final position.
  DISPLAY="$display" xdotool mousemove 511 84 click 1 || true
  sleep 2
  DISPLAY="$display" import -window root -crop 540x460+0+0 "$out/$name.png" || true
  kill "$xb" 2>/dev/null || true
  # What XBoard parsed each SAN token into.
  grep -oE "^Parsed [^ ]+ into ([A-Za-z]+ )?[a-l][1-8][a-l][1-8][qgtf]?" "$out/$name.debug" |
    awk '{print $NF}' >"$out/$name-moves.txt"
  echo "$name: humpty played $plies plies; XBoard parsed $(wc -l <"$out/$name-moves.txt")"
  grep -E "into (IllegalMove|ImpossibleMove)" "$out/$name.debug" | sed 's/^/  XBoard calls illegal (played anyway): /' || true
  if grep -qiE "Illegal move:|Ambiguous move:|Bad FEN" "$out/$name.out"; then
    echo "FAIL: XBoard stopped reading $pgn:" >&2
    cat "$out/$name.out" >&2
    exit 1
  fi
  if ! diff -q "$out/humpty-moves.txt" "$out/$name-moves.txt" >/dev/null; then
    echo "FAIL: XBoard's moves from $pgn differ from humpty's:" >&2
    diff "$out/humpty-moves.txt" "$out/$name-moves.txt" | head >&2
    exit 1
  fi
  echo "PASS: XBoard read all $plies moves of $pgn as humpty played them (screenshot: $out/$name.png)"
}

check_load "$out/san.pgn" xboard
# The same game after `humpty annotate`: [%eval] comments, NAGs and
# variations must not get in XBoard's way.
awk '/^\[Event/{n++} n==1' "$out/san.pgn" >"$out/first.pgn"
"$bin" annotate "$out/first.pgn" --depth 3 --out "$out/annotated.pgn" 2>/dev/null
check_load "$out/annotated.pgn" annotated

#!/usr/bin/env bash
# Load a SAN PGN written by `humpty match` into the real XBoard (under Xvfb)
# and check that XBoard reads every move as the move humpty played.
#
#   apt-get install xboard xvfb imagemagick xdotool     # once
#   tests/gui/xboard-pgn.sh [outdir]
#
# Two games are played at fixed nodes (deterministic), once written in SAN
# and once in coordinates. XBoard loads the SAN file's first game without an
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
rm -f "$out"/*.pgn "$out/xboard.debug"

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
DISPLAY="$display" "$XBOARD" -ncp -variant fairy -boardWidth 12 -boardHeight 8 \
  -pieceToCharTable "$table" -loadGameFile "$out/san.pgn" -loadGameIndex 1 \
  -testLegality false -initialMode EditGame -boardSize medium -popupExitMessage false \
  -debugMode true -nameOfDebugFile "$out/xboard.debug" >"$out/xboard.out" 2>&1 &
xb=$!
sleep 6
# Go to the end of the game and take a picture of XBoard's final position.
DISPLAY="$display" xdotool mousemove 511 84 click 1 || true
sleep 2
DISPLAY="$display" import -window root -crop 540x460+0+0 "$out/final.png" || true
kill "$xb" 2>/dev/null || true

# What XBoard parsed each SAN token into, and what humpty played.
grep -oE "^Parsed [^ ]+ into ([A-Za-z]+ )?[a-l][1-8][a-l][1-8][qgtf]?" "$out/xboard.debug" |
  awk '{print $NF}' >"$out/xboard-moves.txt"
awk '/^\[Event/{n++} n==1' "$out/coordinate.pgn" | grep -v '^\[' | sed -E 's/\{[^}]*\}//g' |
  tr ' ' '\n' | grep -E '^[a-l][1-8][a-l][1-8][qgtf]?$' >"$out/humpty-moves.txt"
plies=$(wc -l <"$out/humpty-moves.txt")
echo "humpty played $plies plies; XBoard parsed $(wc -l <"$out/xboard-moves.txt")"
grep -E "into (IllegalMove|ImpossibleMove)" "$out/xboard.debug" | sed 's/^/  XBoard calls illegal (played anyway): /' || true
if grep -qiE "Illegal move:|Ambiguous move:|Bad FEN" "$out/xboard.out"; then
  echo "FAIL: XBoard stopped reading:" >&2
  cat "$out/xboard.out" >&2
  exit 1
fi
if ! diff -q "$out/humpty-moves.txt" "$out/xboard-moves.txt" >/dev/null; then
  echo "FAIL: XBoard's moves differ from humpty's:" >&2
  diff "$out/humpty-moves.txt" "$out/xboard-moves.txt" | head >&2
  exit 1
fi
echo "PASS: XBoard read all $plies SAN moves as humpty played them (screenshot: $out/final.png)"

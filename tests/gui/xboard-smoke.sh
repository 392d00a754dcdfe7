#!/usr/bin/env bash
# Play humpty against itself in the real XBoard (under Xvfb) and check the
# debug log: XBoard received our 'setup', accepted every engine move, nobody
# forfeited; a screenshot is saved.
#
#   apt-get install xboard xvfb imagemagick              # once
#   tests/gui/xboard-smoke.sh start [outdir]             # a game from the start position
#   tests/gui/xboard-smoke.sh promotion [outdir]         # continue a game to a Gnu/Tank promotion
#
# 'start' runs XBoard with its default legality testing. 'promotion' loads
# tests/gui/promotion-approach.pgn (a humpty self-play game stopped four plies
# before a promotion, with the queen already on the board) and runs with
# -testLegality false: XBoard's own rule model lets only Pawns promote, so it
# would forfeit a legal Frog promotion (docs/protocol.md). Human moves stay
# restricted by humpty's 'highlight' answers either way.
set -euo pipefail
cd "$(dirname "$0")/../.."
scenario="${1:-start}"
out="${2:-target/xboard-smoke/$scenario}"
XBOARD="$(command -v xboard || echo /usr/games/xboard)"
for tool in "$XBOARD" Xvfb import; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install xboard xvfb imagemagick" >&2; exit 2; }
done
cargo build --release --quiet
bin="$PWD/target/release/humpty"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out/xboard.debug" "$out/games.pgn" "$out/screenshot.png"

table="PNBRQ......C........A...LT.F...GKpnbrq......c........a...lt.f...gk"
case "$scenario" in
  start) extra=(); shot_after=15 ;;
  promotion)
    # XBoard reads the game before humpty's 'setup' arrives, so it needs the
    # board size and piece letters up front.
    extra=(-boardWidth 12 -boardHeight 8 -pieceToCharTable "$table" -testLegality false
           -loadGameFile "$PWD/tests/gui/promotion-approach.pgn" -loadGameIndex 1)
    shot_after=4 ;;
  *) echo "usage: $0 start|promotion [outdir]" >&2; exit 2 ;;
esac

display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

DISPLAY="$display" "$XBOARD" \
  -fcp "$bin" -fd "$out" -scp "$bin" -sd "$out" \
  -variant humpty -mode TwoMachines -matchGames 1 \
  -tc 0:30 -inc 0.3 -boardSize medium \
  -debugMode true -nameOfDebugFile "$out/xboard.debug" \
  -saveGameFile "$out/games.pgn" -popupExitMessage false -autoCallFlag true "${extra[@]}" \
  >"$out/xboard.out" 2>&1 &
xb=$!

# Screenshot once the engines are playing, then wait for the game to end.
sleep "$shot_after"
DISPLAY="$display" import -window root -crop 720x560+0+0 "$out/screenshot.png" || true
for _ in $(seq 400); do
  kill -0 "$xb" 2>/dev/null || break
  sleep 1
done
if kill -0 "$xb" 2>/dev/null; then
  echo "FAIL: XBoard still running after 400 s" >&2
  kill "$xb"
  exit 1
fi

fail=0
grep -q "setup (PNBRQ" "$out/xboard.debug" || { echo "FAIL: no setup command seen" >&2; fail=1; }
if grep -iE "illegal move|forfeit" "$out/games.pgn" >/dev/null 2>&1 ||
   grep -E "Illegal move \"" "$out/xboard.out" >/dev/null 2>&1; then
  echo "FAIL: XBoard reports an illegal move or forfeit:" >&2
  grep -hiE "illegal move|forfeit" "$out/games.pgn" "$out/xboard.out" | head >&2
  fail=1
fi
result=$(grep -oE "\{[^}]*\} (1-0|0-1|1/2-1/2)" "$out/games.pgn" | tail -1 || true)
[ -n "$result" ] || { echo "FAIL: no result in $out/games.pgn" >&2; fail=1; }
echo "result: $result"
# Promotions played in the GUI (scored moves carry an engine comment).
promos=$(grep -oE "[a-l]?x?[a-l][18]=[GT] \{[+-]" "$out/games.pgn" | cut -d' ' -f1 | tr '\n' ' ' || true)
echo "Gnu/Tank promotions played by the engines: ${promos:-none}"
if [ "$scenario" = promotion ] && [ -z "$promos" ]; then
  echo "FAIL: no Gnu or Tank promotion was played" >&2
  fail=1
fi
echo "files: $out/{xboard.debug,games.pgn,screenshot.png}"
exit "$fail"

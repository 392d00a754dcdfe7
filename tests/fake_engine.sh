#!/usr/bin/env bash
# A misbehaving UCI engine for the match-runner tests. $1 picks what it does
# when asked to move: illegal | crash | hang | garbage | flag | nostart.
mode="${1:-illegal}"
[ "$mode" = nostart ] && exit 7
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name fake-$mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
      case "$mode" in
        illegal) echo "info depth 1 score cp 0"; echo "bestmove e2e5" ;;
        crash) exit 3 ;;
        hang) sleep 3600 ;;
        garbage) echo "I am not a chess engine"; echo "bestmove" ;;
        flag) sleep 3; echo "bestmove a3a4" ;;
      esac ;;
  esac
done

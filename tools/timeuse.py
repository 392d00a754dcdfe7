#!/usr/bin/env python3
"""How each engine of a `humpty match` PGN used its clock: per engine, the
clock left at the end of its games (median and least), and its move times
(median, median over its first 20 moves, longest). Reads the move times
the runner writes in each move's comment (`{+0.44/10 0.317s}`), so a time
loss shows as a clock left below zero. The time control is given, since
the PGN's tag is for reading, not for arithmetic.

Usage: tools/timeuse.py GAMES.pgn[.gz] BASE+INC ENGINE [ENGINE ...]
"""
import gzip
import math
import re
import statistics
import sys

TAG = re.compile(r'\[(\w+) "([^"]*)"\]')
MOVE_TIME = re.compile(r"([0-9.]+)s\}")


def read_pgn(path):
    """The text of a PGN file, gzipped (as docs/matches/ keeps them) or not."""
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError, EOFError) as e:
        sys.exit(f"cannot read {path}: {e}")


def games(text):
    """Yield (tags, move times in order, side to move first) for each game."""
    for game in re.split(r"\n\n(?=\[Event)", text):
        if "\n\n" not in game:
            continue
        head, body = game.split("\n\n", 1)
        tags = dict(TAG.findall(head))
        fen = tags.get("FEN", "").split()
        first = fen[1] if len(fen) > 1 else "w"
        yield tags, [float(t) for t in MOVE_TIME.findall(body)], first


def report(text, base, inc, name):
    """One line: how `name` used its clock over the games of `text`."""
    left, moves, early = [], [], []
    for tags, times, first in games(text):
        if name not in (tags.get("White"), tags.get("Black")):
            continue
        white_starts = first == "w"
        mine_first = (tags["White"] == name) == white_starts
        mine = times[0 if mine_first else 1 :: 2]
        if not mine:
            continue
        clock = base
        for t in mine:
            clock += inc - t
        left.append(clock)
        moves += mine
        early += mine[:20]
    if not left:
        return f"{name}: no games"
    return (
        f"{name}: {len(left)} games; clock left at the end: median {statistics.median(left):.2f} s,"
        f" least {min(left):.2f} s; moves: median {statistics.median(moves):.3f} s,"
        f" first 20 {statistics.median(early):.3f} s, longest {max(moves):.3f} s"
    )


def main():
    if len(sys.argv) < 4 or "+" not in sys.argv[2]:
        sys.exit(__doc__)
    try:
        base, inc = (float(x) for x in sys.argv[2].split("+"))
    except ValueError:
        base = inc = math.nan
    if not (math.isfinite(base) and math.isfinite(inc) and base > 0 and inc >= 0):
        sys.exit(f"bad time control {sys.argv[2]!r} (example: 10+0.1)")
    text = read_pgn(sys.argv[1])
    for name in sys.argv[3:]:
        print(report(text, base, inc, name))


if __name__ == "__main__":
    main()

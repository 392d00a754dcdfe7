#!/usr/bin/env python3
"""The level ladder (docs/levels.md): matches between neighbouring skill
levels with `humpty match`, chained into one Elo scale anchored on a
uniformly random mover at 0, and drawn as a PNG.

    tools/ladder.py play   [--levels=-11,-9,...,19,20] [--games 200] [--tc 2+0.02]
                           [--concurrency 2] [--seed 20] [--shard K/N] [--out DIR]
                           [--from LEVEL]
    tools/ladder.py report [--levels=...] [--out DIR] [--png docs/levels.png]
                           [--measured docs/ladder-measured.tsv]

`play` runs one match per rung (random vs the lowest level, then each level
against the next) and appends each rung's games to DIR/rung-A-B*.pgn;
with --shard K/N it plays only part K of every rung, so shards can run on
several machines and their PGN files be copied into one DIR. `report`
merges each rung's files with `humpty stats`, chains the Elo differences
and prints the table (markdown) and draws the plot. A rung with no PGN
files in DIR is taken from --measured, a table of rungs measured in
earlier runs (marked * in the table). Only the standard library is used.
"""

import argparse
import glob
import os
import re
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RANDOM = "random"


def humpty_path(args):
    return args.humpty or os.path.join(ROOT, "target", "release", "humpty")


def engine(humpty, level):
    """The --engine words of a rung's player."""
    if level == RANDOM:
        return [f"cmd={humpty}", "name=random", "option.Dev_RandomMover=true"]
    return [f"cmd={humpty}", f"name=L{level}", f"option.Skill Level={level}"]


def rungs(levels):
    """(weaker, stronger) pairs up the ladder, from the random mover."""
    chain = [RANDOM] + levels
    return list(zip(chain, chain[1:]))


def rungs_to_play(args):
    """The rungs `play` runs: all, or those from --from's level up."""
    all_rungs = rungs(args.levels)
    if args.start is None:
        return all_rungs
    return [(w, s) for w, s in all_rungs if w != RANDOM and w >= args.start]


def rung_name(weak, strong):
    return f"rung-{weak}-{strong}"


def play(args):
    humpty = humpty_path(args)
    os.makedirs(args.out, exist_ok=True)
    for weak, strong in rungs_to_play(args):
        # The seed names the run: `humpty stats` pools a rung's runs only
        # when their events differ (a run's rounds repeat in another run).
        event = f"{rung_name(weak, strong)}-seed{args.seed}"
        suffix = f"-shard{args.shard.replace('/', 'of')}" if args.shard else ""
        pgn = os.path.join(args.out, event + suffix + ".pgn")
        cmd = [humpty, "match", "--engine", *engine(humpty, strong),
               "--engine", *engine(humpty, weak), "--each", "option.Hash=16",
               "--tc", args.tc, "--openings",
               os.path.join(ROOT, "tests", "data", "openings-700.txt"),
               "--order", "random", "--seed", str(args.seed), "--games",
               str(args.games), "--concurrency", str(args.concurrency),
               "--event", event, "--pgn", pgn, "--quiet",
               "--resign", "movecount=4", "score=1000", "--maxplies", "400"]
        if args.shard:
            cmd += ["--shard", args.shard]
        print(" ".join(repr(c) if " " in c else c for c in cmd), flush=True)
        out = subprocess.run(cmd, capture_output=True, text=True)
        print(out.stdout, out.stderr, sep="", flush=True)
        if out.returncode != 0:
            sys.exit(f"rung {weak}-{strong} failed")


SCORE = re.compile(r"Score of (\S+) vs (\S+): (\d+) - (\d+) - (\d+)")
ELO = re.compile(r"Elo difference: ([-+]?[\d.]+|[-+]?inf) \(95% interval -([\d.]+|inf) \+([\d.]+|inf)\)")


def rung_result(args, weak, strong):
    files = sorted(glob.glob(os.path.join(args.out, rung_name(weak, strong) + "*.pgn")))
    if not files:
        return None
    out = subprocess.run([humpty_path(args), "stats", *files], capture_output=True, text=True)
    score, elo = SCORE.search(out.stdout), ELO.search(out.stdout)
    if not score or not elo:
        sys.exit(f"cannot read the summary of {files}: {out.stdout}{out.stderr}")
    w, l, d = (int(score.group(i)) for i in (3, 4, 5))
    return {"w": w, "l": l, "d": d, "elo": float(elo.group(1)),
            "minus": float(elo.group(2)), "plus": float(elo.group(3))}


def measured(path):
    """Rungs measured in earlier runs: weak, strong, W, L, D, Elo, minus,
    plus, tab-separated, with # comments."""
    known = {}
    if not path:
        return known
    with open(path) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            weak, strong, w, l, d, elo, minus, plus = line.split("\t")[:8]
            known[(weak, strong)] = {"w": int(w), "l": int(l), "d": int(d), "elo": float(elo),
                                     "minus": float(minus), "plus": float(plus), "earlier": True}
    return known


def report(args):
    rows, total = [], 0.0
    known = measured(args.measured)
    for weak, strong in rungs(args.levels):
        r = rung_result(args, weak, strong) or known.get((str(weak), str(strong)))
        if r is None:
            break
        total += r["elo"]
        rows.append((strong, weak, r, total))
    print("| level | Elo | step | against | W-L-D (first: the level) | step 95% interval |")
    print("|---|---|---|---|---|---|")
    print(f"| random mover | 0 | | | | |")
    for strong, weak, r, total in rows:
        mark = " *" if r.get("earlier") else ""
        print(f"| {strong} | {total:.0f} | {r['elo']:+.0f}{mark} | {weak} | "
              f"{r['w']}-{r['l']}-{r['d']} | -{r['minus']:.0f} +{r['plus']:.0f} |")
    if args.png and rows:
        points = [(int(s), t, r["minus"], r["plus"]) for s, _, r, t in rows]
        draw_plot(args.png, points)
        print(f"\nplot written to {args.png}")


# A 3x5 bitmap font for the axis labels.
FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001001001001", "8": "111101111101111",
    "9": "111101111001111", "-": "000000111000000", "+": "000010111010000",
    "R": "110101110101101",
}


class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = bytearray(b"\xff" * (w * h * 3))

    def dot(self, x, y, c):
        if 0 <= x < self.w and 0 <= y < self.h:
            i = (y * self.w + x) * 3
            self.px[i:i + 3] = bytes(c)

    def line(self, x0, y0, x1, y1, c, width=1):
        n = max(abs(x1 - x0), abs(y1 - y0), 1)
        for k in range(n + 1):
            x = round(x0 + (x1 - x0) * k / n)
            y = round(y0 + (y1 - y0) * k / n)
            for dx in range(width):
                for dy in range(width):
                    self.dot(x + dx, y + dy, c)

    def text(self, x, y, s, c, scale=2):
        for ch in s:
            glyph = FONT.get(ch)
            if glyph:
                for i, bit in enumerate(glyph):
                    if bit == "1":
                        for dx in range(scale):
                            for dy in range(scale):
                                self.dot(x + (i % 3) * scale + dx, y + (i // 3) * scale + dy, c)
            x += 4 * scale

    def save(self, path):
        raw = b"".join(b"\x00" + bytes(self.px[y * self.w * 3:(y + 1) * self.w * 3])
                       for y in range(self.h))

        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
        png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0))
               + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
        with open(path, "wb") as f:
            f.write(png)


def draw_plot(path, points):
    """Elo (y) against level (x), with each step's 95% interval as a bar."""
    w, h, left, bottom, top, right = 720, 440, 70, 50, 20, 20
    c = Canvas(w, h)
    grey, black, blue, red = (200, 200, 200), (0, 0, 0), (40, 90, 200), (200, 60, 40)
    levels = [p[0] for p in points]
    first, last = min(levels), max(levels)
    elos = [0.0] + [p[1] for p in points]
    lo = min(elos + [p[1] - p[2] for p in points])
    hi = max(elos + [p[1] + p[3] for p in points])
    step = 200
    lo, hi = step * (int(lo // step) - 1), step * (int(hi // step) + 1)
    # The random mover sits one step left of the weakest level.
    x_of = lambda lv: left + (lv - first + 1) * (w - left - right) / (last - first + 2)
    y_of = lambda e: h - bottom - (e - lo) * (h - bottom - top) / (hi - lo)
    for e in range(lo, hi + 1, step):
        c.line(left, round(y_of(e)), w - right, round(y_of(e)), grey)
        c.text(4, round(y_of(e)) - 5, str(e), black)
    c.line(left, h - bottom, w - right, h - bottom, black, 2)
    c.line(left, top, left, h - bottom, black, 2)
    every = 1 if last - first <= 10 else 2
    for lv in range(last - every * ((last - first) // every), last + 1, every):
        c.text(round(x_of(lv)) - 6, h - bottom + 12, str(lv), black)
    prev = (x_of(first - 1), y_of(0))
    # The random mover, at 0 on both axes' left.
    c.text(round(prev[0]) - 2, h - bottom + 12, "R", red)
    for lv, e, minus, plus in points:
        x, y = x_of(lv), y_of(e)
        c.line(round(prev[0]), round(prev[1]), round(x), round(y), blue, 2)
        c.line(round(x), round(y_of(e - minus)), round(x), round(y_of(e + plus)), red)
        prev = (x, y)
    for lv, e, _, _ in points:
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                c.dot(round(x_of(lv)) + dx, round(y_of(e)) + dy, blue)
    c.save(path)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["play", "report"])
    p.add_argument("--humpty", help="the binary (default target/release/humpty)")
    p.add_argument("--levels", default="-11,-9,-7,-5,-3,-1,1,3,5,7,9,11,13,15,17,19,20",
                   help="comma-separated, weakest first; write --levels=-11,... "
                        "when the list starts with a negative level")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--tc", default="2+0.02")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--seed", type=int, default=20)
    p.add_argument("--shard")
    p.add_argument("--from", dest="start", type=int,
                   help="play only the rungs from this level up (the others are kept)")
    p.add_argument("--out", default=os.path.join(ROOT, "target", "ladder"))
    p.add_argument("--png")
    p.add_argument("--measured", help="rungs measured in earlier runs (report)")
    args = p.parse_args()
    args.levels = [int(x) for x in args.levels.split(",")]
    play(args) if args.what == "play" else report(args)


if __name__ == "__main__":
    main()

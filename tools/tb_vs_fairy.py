#!/usr/bin/env python3
"""Check the 3-man tables against Fairy-Stockfish's search (docs/tablebases.md).

Fairy-Stockfish plays these men by this game's rules exactly (Queen, Rook,
Tank, Gnu, Cannon, Arrow, Knight, Camel, Bishop, Pawn; not the Frog, whose
River it does not know). For random legal positions of one such man against
a lone King, every mate Fairy-Stockfish finds the table must find at least as
short; mates up to --short plies must be equal; a table draw must be a
position where it finds no mate.

  python3 tools/tb_vs_fairy.py --humpty target/release/humpty --dir DIR \
      --fsf /path/to/fairy-stockfish --ini humpty.ini --count 300 --seed 1
"""
import argparse
import json
import random
import subprocess
import sys

KINDS = "QRTGCANLBP"


def fen_of(board, side):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(12):
            man = board.get((file, rank))
            if man is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += man
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + f" {side} - - 0 1"


def random_position(rng):
    kind = rng.choice(KINDS)
    strong = rng.choice("wb")
    squares = rng.sample([(f, r) for f in range(12) for r in range(8)], 3)
    man = kind if strong == "w" else kind.lower()
    board = {squares[0]: "K", squares[1]: "k", squares[2]: man}
    return fen_of(board, rng.choice("wb"))


class Fairy:
    def __init__(self, path, ini):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name VariantPath value {ini}")
        self.send("setoption name UCI_Variant value humpty")
        self.send("setoption name Hash value 64")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish ended")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def mate(self, fen, depth, movetime):
        """Moves to mate (+ mates, - is mated), or None."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth} movetime {movetime}")
        score = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
        return score[1] if score and score[0] == "mate" else None


def table(humpty, tables, fen):
    r = subprocess.run([humpty, "tb", "probe", fen, "--dir", tables, "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--humpty", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--fsf", required=True)
    ap.add_argument("--ini", required=True)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=24)
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--short", type=int, default=9, help="mates up to this many plies must be equal")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    fairy = Fairy(args.fsf, args.ini)
    seen = {"positions": 0, "fairy mates": 0, "equal": 0, "table shorter": 0, "table draws": 0, "wrong": 0}
    while seen["positions"] < args.count:
        fen = random_position(rng)
        t = table(args.humpty, args.dir, fen)
        if t is None or not t["moves"]:
            continue  # illegal, or mate/stalemate already (nothing to search)
        seen["positions"] += 1
        m = fairy.mate(fen, args.depth, args.movetime)
        dtm = t["dtm"]
        problem = None
        if t["category"] == "draw":
            seen["table draws"] += 1
            if m is not None:
                problem = f"table draw, fairy mate {m}"
        if m is not None:
            seen["fairy mates"] += 1
            plies = 2 * m - 1 if m > 0 else 2 * m
            if dtm is None or (dtm > 0) != (m > 0):
                problem = problem or f"fairy mate {m}, table {t['category']}"
            elif abs(dtm) > abs(plies):
                problem = f"fairy mate {m} ({plies} plies) shorter than the table's dtm {dtm}"
            elif abs(dtm) < abs(plies):
                if abs(dtm) <= args.short:
                    problem = f"short mate: table dtm {dtm}, fairy {plies} plies"
                seen["table shorter"] += 1
            else:
                seen["equal"] += 1
        if problem:
            seen["wrong"] += 1
            print(f"{fen}: {problem}", flush=True)
    print(json.dumps(seen))
    fairy.send("quit")
    return 1 if seen["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())

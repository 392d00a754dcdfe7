"""Calls per second of humpty's pyffish functions beside pyffish's own,
measured in one run (docs/bindings.md has the figures).

    pip install ./bindings/python pyffish==0.0.90
    python bindings/python/bench.py [--seconds 0.5] [--repeats 5]

pyffish plays the variant file of docs/match.md (tests/data/humpty.ini).
Each figure is the median of the repeats; the game is a random one whose
moves both libraries find legal, so both replay exactly the same lists.
"""

import argparse
import pathlib
import random
import statistics
import time

import humpty

try:
    import pyffish
except ImportError:  # humpty alone is measured
    pyffish = None

V = "humpty"
HERE = pathlib.Path(__file__).parent


def common_game(plies, seed):
    """A random game of `plies` plies legal for both libraries."""
    for s in range(seed, seed + 1000):
        rng, moves = random.Random(s), []
        start = humpty.start_fen(V)
        while len(moves) < plies:
            legal = set(humpty.legal_moves(V, start, moves))
            if pyffish is not None:
                legal &= set(pyffish.legal_moves(V, start, moves))
            if not legal or humpty.Board.is_game_over(board_of(moves)):
                break
            moves.append(rng.choice(sorted(legal)))
        if len(moves) == plies:
            return moves
    raise SystemExit("no common game found")


def board_of(moves):
    board = humpty.Board()
    for m in moves:
        board.push(m)
    return board


def rate(call, seconds):
    """Calls per second of `call` over about `seconds`."""
    n, t0 = 0, time.perf_counter()
    while True:
        call()
        n += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return n / elapsed


def whole_game_humpty(moves):
    board = humpty.Board()
    for m in moves:
        board.legal_moves()
        board.push(m)


def whole_game_stateless(lib, moves):
    start = lib.start_fen(V)
    for i in range(len(moves)):
        lib.legal_moves(V, start, moves[:i])


def cases(game):
    """(name, humpty's call, pyffish's call or None)."""
    start = humpty.start_fen(V)
    out = []
    for plies in (0, 50, 200):
        ms = game[:plies]
        out.append(
            (
                f"legal_moves after {plies} plies",
                lambda ms=ms: humpty.legal_moves(V, start, ms),
                pyffish and (lambda ms=ms: pyffish.legal_moves(V, start, ms)),
            )
        )
    out.append(
        (
            "get_san_moves of a 200-ply game",
            lambda: humpty.get_san_moves(V, start, game),
            pyffish and (lambda: pyffish.get_san_moves(V, start, game)),
        )
    )
    out.append(
        (
            "a whole 200-ply game: push + legal_moves each ply (pyffish: legal_moves of each prefix)",
            lambda: whole_game_humpty(game),
            pyffish and (lambda: whole_game_stateless(pyffish, game)),
        )
    )
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    if pyffish is not None:
        pyffish.load_variant_config((HERE / "tests" / "data" / "humpty.ini").read_text())
    game = common_game(200, seed=1)
    print(f"humpty {humpty.version()}, pyffish {pyffish.version() if pyffish else 'not installed'}")
    print(f"{'call':<88} {'humpty/s':>10} {'pyffish/s':>10} {'ratio':>7}")
    for name, ours, theirs in cases(game):
        a, b = [], []
        for _ in range(args.repeats):  # interleaved, so both see the same machine
            a.append(rate(ours, args.seconds))
            if theirs:
                b.append(rate(theirs, args.seconds))
        ma = statistics.median(a)
        mb = statistics.median(b) if b else float("nan")
        print(f"{name:<88} {ma:>10.1f} {mb:>10.1f} {ma / mb:>6.1f}x")


if __name__ == "__main__":
    main()

"""A small program written the way pyffish's clients are (chess-variant-
puzzler's generator and puzzler, pychess-bot's variant board): it only
does `import pyffish as sf`. tests/test_pyffish_client.py runs it with a
one-line pyffish.py (`from humpty import *`) first on the path. It plays
games from the start by pyffish's functions, collects positions with a
mate in one the way a puzzle finder does, writes them as EPD lines with
SAN, and prints a summary line as JSON."""
import json
import random
import sys

import pyffish as sf

sf.set_option("VariantPath", "variants.ini")
VARIANT = "humpty"
assert VARIANT in sf.variants(), sf.variants()
START = sf.start_fen(VARIANT)
assert sf.validate_fen(START, VARIANT) == sf.FEN_OK


def mates_in_one(fen):
    """The moves that mate at once (the puzzler's check: the reply list is
    empty and the King is in check)."""
    found = []
    for move in sf.legal_moves(VARIANT, fen, []):
        if sf.gives_check(VARIANT, fen, [move]) and not sf.legal_moves(VARIANT, fen, [move]):
            found.append(move)
    return found


def play(seed, plies):
    """A game of `plies` random moves, captures and checks preferred (as
    an engine's games are sharper than random ones)."""
    rng = random.Random(seed)
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(VARIANT, START, moves)
        if not legal or sf.is_optional_game_end(VARIANT, START, moves)[0]:
            break
        sharp = [m for m in legal if sf.is_capture(VARIANT, START, moves, m)
                 or sf.gives_check(VARIANT, START, moves + [m])]
        moves.append(rng.choice(sharp if sharp and rng.random() < 0.6 else legal))
    return moves


def main():
    games, positions, epd = int(sys.argv[1]), 0, []
    for seed in range(games):
        moves = play(seed, 120)
        for ply in range(len(moves) + 1):
            fen = sf.get_fen(VARIANT, START, moves[:ply])
            positions += 1
            mates = mates_in_one(fen)
            if len(mates) == 1:
                san = sf.get_san(VARIANT, fen, mates[0], False, sf.NOTATION_SAN)
                epd.append(f"{fen};variant {VARIANT};bm {mates[0]};san {san};type mate")
        result = sf.game_result(VARIANT, START, moves) if not sf.legal_moves(VARIANT, START, moves) else None
        line = sf.get_san_moves(VARIANT, START, moves)
        assert len(line) == len(moves)
        assert result in (None, -sf.VALUE_MATE, sf.VALUE_DRAW), result
    for row in epd:
        print(row)
    print(json.dumps({"games": games, "positions": positions, "puzzles": len(epd)}))


if __name__ == "__main__":
    main()

"""Shared helpers: the repository's perft table and random games."""

import pathlib
import random

import pytest

import humpty

ROOT = pathlib.Path(__file__).resolve().parents[3]
VARIANT = "humpty"
START = humpty.start_fen(VARIANT)


def perft_rows():
    """(id, fen, depth, nodes) of tests/data/perft.tsv."""
    lines = (ROOT / "tests" / "data" / "perft.tsv").read_text().splitlines()[1:]
    rows = []
    for line in lines:
        ident, fen, depth, nodes = line.split("\t")
        rows.append((ident, fen, int(depth), int(nodes)))
    return rows


def random_game(seed, max_plies=120):
    """A random legal game from the start: its wire moves."""
    rng = random.Random(seed)
    board = humpty.Board()
    while board.ply < max_plies and not board.is_game_over():
        board.push(rng.choice(board.legal_moves()))
    return board.move_stack


@pytest.fixture
def start():
    return START

"""The python-chess-like Board: push/pop, SAN, PGN, game ends, bad input."""

import random

import pytest

import humpty
from conftest import START, VARIANT, random_game


def test_push_pop_restores_the_fen_over_1000_random_games():
    rng = random.Random(7)
    for _ in range(1000):
        board = humpty.Board()
        fens = [board.fen()]
        while board.ply < 60 and not board.is_game_over():
            board.push(rng.choice(board.legal_moves()))
            fens.append(board.fen())
        while board.move_stack:
            fens.pop()
            board.pop()
            assert board.fen() == fens[-1]
        assert board.fen() == START


def test_san_round_trips_on_200_random_games():
    for seed in range(200):
        moves = random_game(1000 + seed, 100)
        board = humpty.Board()
        for m in moves:
            san = board.san(m)
            assert board.push_san(san) == m, (seed, m, san)
        assert board.fen() == humpty.get_fen(VARIANT, START, moves)


def test_pgn_round_trip_and_diagram():
    moves = random_game(3, 40)
    board = humpty.Board()
    for m in moves:
        board.push(m)
    text = board.to_pgn({"White": "Alice", "Black": "Bob"})
    assert '[White "Alice"]' in text and '[Variant "humpty"]' in text
    again = humpty.Board.from_pgn(text)
    assert again.move_stack == moves and again.fen() == board.fen()
    other = humpty.Board("k11/12/1K10/12/12/12/12/11R w - - 0 1")
    other.push("l1l8")
    assert "[FEN " in other.to_pgn() and other.to_pgn().rstrip().endswith("1-0")
    lines = str(humpty.Board()).splitlines()
    assert lines[0].split() == ["8", "r", "n", "f", "l", "b", "f", "k", "b", "l", "f", "n", "r"]
    assert lines[-1].split() == list("abcdefghijkl")


def test_pgn_tags_round_trip_and_the_boards_own_tags_are_written_once():
    board = humpty.Board("k11/12/1K10/12/12/12/12/11R w - - 0 1")
    board.push("l1l8")
    fen = "k11/12/1K10/12/12/12/12/11R w - - 0 1"
    tags = {"White": "Alice", "Black": "Bob", "Result": "1-0", "FEN": fen,
            "Variant": "Humpty", "Site": "here", "Annotator": "me"}
    text = board.to_pgn(tags)
    assert text.count("[Result ") == 1 and text.count("[FEN ") == 1 and text.count("[Variant ") == 1
    heads = [l.split()[0][1:] for l in text.splitlines() if l.startswith("[")]
    assert heads[:5] == ["Event", "Variant", "Site", "White", "Black"]
    again = humpty.Board.from_pgn(text)
    assert again.move_stack == ["l1l8"] and again.fen() == board.fen()
    assert again.to_pgn(tags) == text


def test_state_copy_and_outcomes():
    board = humpty.Board()
    assert board.turn is True and board.ply == 0 and board.result() == "*"
    copy = board.copy()
    board.push("b1d2")
    assert board.turn is False and copy.ply == 0
    mate = humpty.Board("k11/12/1K10/12/12/12/12/11R w - - 0 1")
    mate.push("l1l8")
    assert mate.is_check() and mate.is_game_over()
    out = mate.outcome()
    assert (out.winner, out.termination, out.result) == (True, "checkmate", "1-0")
    rep = humpty.Board()
    for m in ["b1d2", "b8d7", "d2b1", "d7b8"] * 2:
        rep.push(m)
    assert rep.outcome().termination == "repetition" and rep.result() == "1/2-1/2"
    bare = humpty.Board("6k5/12/12/12/12/12/12/6K5 w - - 0 1")
    assert bare.outcome().termination == "bare-kings"


BAD = [
    ("bad fen", lambda: humpty.Board("nonsense"), ValueError, "invalid FEN"),
    ("illegal push", lambda: humpty.Board().push("a3a6"), ValueError, "illegal"),
    ("garbage push", lambda: humpty.Board().push("hello"), ValueError, "cannot read"),
    ("bad san", lambda: humpty.Board().push_san("Qz9"), ValueError, ""),
    ("ambiguous or illegal san", lambda: humpty.Board().push_san("Nb1"), ValueError, ""),
    ("san of illegal", lambda: humpty.Board().san("a3a6"), ValueError, "illegal"),
    ("empty pop", lambda: humpty.Board().pop(), IndexError, "empty"),
    ("empty pgn", lambda: humpty.Board.from_pgn(""), ValueError, "no game"),
    ("bad pgn move", lambda: humpty.Board.from_pgn("1. Nd2 Qz9 *"), ValueError, "ply 2"),
    ("push an int", lambda: humpty.Board().push(5), TypeError, ""),
    ("headers not a dict", lambda: humpty.Board().to_pgn(3), TypeError, ""),
    ("newline in a tag", lambda: humpty.Board().to_pgn({"White": "a\n[Result \"1-0\"]"}), ValueError, "cannot hold"),
    ("quote in a tag", lambda: humpty.Board().to_pgn({"Event": 'say "hi"'}), ValueError, "cannot hold"),
    ("bad tag name", lambda: humpty.Board().to_pgn({"Bad Name": "x"}), ValueError, "tag name"),
    ("a second Result", lambda: humpty.Board().to_pgn({"Result": "1-0"}), ValueError, "Result"),
    ("a FEN not the board's", lambda: humpty.Board().to_pgn({"FEN": "k11/12/12/12/12/12/12/K11 w - - 0 1"}), ValueError, "FEN"),
    ("an unreadable FEN", lambda: humpty.Board().to_pgn({"FEN": "nonsense"}), ValueError, "FEN"),
    ("another variant", lambda: humpty.Board().to_pgn({"Variant": "chess"}), ValueError, "Variant"),
]


@pytest.mark.parametrize("name,call,error,words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_raises_and_keeps_the_board(name, call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)


def test_a_refused_move_keeps_the_last_good_state():
    board = humpty.Board()
    board.push("b1d2")
    with pytest.raises(ValueError):
        board.push("b1d2")
    assert board.move_stack == ["b1d2"]

"""Beside pyffish itself (skipped where it is not installed; .ci/run
installs it): on random games, every answer agrees wherever pyffish's
variant file states the rules right, and every disagreement is one the
file cannot state (the Frog's River, Frog promotions, a Pawn's promotion
to a Frog)."""

import pathlib
import random

import pytest

import humpty

pyffish = pytest.importorskip("pyffish")
pyffish.load_variant_config((pathlib.Path(__file__).parent / "data" / "humpty.ini").read_text())
V = "humpty"
START = humpty.start_fen(V)


FILES = "abcdefghijkl"


def grid(fen):
    """The board of a FEN as {square: letter}."""
    rows = str(humpty.Board(fen)).splitlines()[:8]
    return {
        f"{FILES[f]}{8 - r}": cell
        for r, row in enumerate(rows)
        for f, cell in enumerate(row.split()[1:])
        if cell != "."
    }


def frog_across_the_river_faces_the_king(fen, white_king):
    """Whether an enemy Frog stands three ranks from that King on its file,
    the leap crossing the River (ranks 4-5): pyffish's Frog always leaps
    there, humpty's only over empty squares."""
    men = grid(fen)
    king = next(s for s, c in men.items() if c == ("K" if white_king else "k"))
    frog = "f" if white_king else "F"
    file, rank = king[0], int(king[1:])
    for other in (rank - 3, rank + 3):
        crosses = min(rank, other) <= 4 < max(rank, other)
        if 1 <= other <= 8 and crosses and men.get(f"{file}{other}") == frog:
            return True
    return False


def explained(move, fen, ours):
    """Whether a move's disagreement comes from the rules pyffish's file
    cannot state: a Frog's or Pawn's own move (River, promotion), or, for a
    move only humpty allows, a Frog's attack that the River blocks."""
    if grid(fen).get(move[:2], " ").lower() in "fp":
        return True
    white_moves = fen.split()[1] == "w"
    return ours and frog_across_the_river_faces_the_king(humpty.get_fen(V, fen, [move]), white_moves)


def test_random_games_agree_but_for_the_frog_and_promotion_rules():
    rng = random.Random(11)
    compared = differing = 0
    for _ in range(25):
        moves = []
        for _ply in range(70):
            ours = set(humpty.legal_moves(V, START, moves))
            theirs = set(pyffish.legal_moves(V, START, moves))
            assert humpty.get_fen(V, START, moves) == pyffish.get_fen(V, START, moves)
            fen = humpty.get_fen(V, START, moves)
            if humpty.gives_check(V, START, moves) != pyffish.gives_check(V, START, moves):
                assert frog_across_the_river_faces_the_king(fen, fen.split()[1] == "w"), fen
            for m in ours ^ theirs:
                assert explained(m, fen, m in ours), (fen, m, m in ours)
            differing += ours != theirs
            compared += 1
            if ours == theirs and ours:
                sample = sorted(ours)[:4]
                for m in sample:
                    a, b = humpty.get_san(V, fen, m), pyffish.get_san(V, fen, m)
                    assert a.rstrip("+#") == b.rstrip("+#"), (fen, m)
                    if a != b:
                        after = humpty.get_fen(V, fen, [m])
                        assert frog_across_the_river_faces_the_king(after, after.split()[1] == "w"), (fen, m)
                    assert humpty.is_capture(V, fen, [], m) == pyffish.is_capture(V, fen, [], m)
            common = sorted(ours & theirs)
            if not common:
                break
            moves.append(rng.choice(common))
    assert compared > 800 and differing > 0


def test_game_result_answers_as_pyffish_on_random_games():
    # pyffish answers any position as if the game ended there (in check:
    # mated, else drawn); humpty's answers agree wherever the legal moves do.
    rng = random.Random(5)
    for _ in range(40):
        board = humpty.Board()
        while board.ply < 80 and not board.is_game_over():
            moves = board.move_stack
            ours, theirs = set(board.legal_moves()), set(pyffish.legal_moves(V, START, moves))
            if ours != theirs:
                break  # the Frog's rules, which pyffish's file cannot state
            assert humpty.game_result(V, START, moves) == pyffish.game_result(V, START, moves)
            both = sorted(ours)
            board.push(rng.choice(both))
    mate = "k11/12/1K10/12/12/12/12/11R w - - 0 1"
    assert humpty.game_result(V, mate, ["l1l8"]) == pyffish.game_result(V, mate, ["l1l8"])


def test_every_public_name_of_pyffish_is_here():
    theirs = {n for n in dir(pyffish) if not n.startswith("_")}
    ours = {n for n in dir(humpty) if not n.startswith("_")}
    assert theirs - ours == set()
    for name in theirs:
        if name.isupper():
            assert getattr(humpty, name) == getattr(pyffish, name), name
    assert issubclass(humpty.error, ValueError)
    with pytest.raises(humpty.error):
        humpty.legal_moves(V, "not a fen", [])


def test_fog_fen_and_partner_answer_as_pyffish_on_random_games():
    rng = random.Random(8)
    compared = 0
    for _ in range(20):
        board = humpty.Board()
        while board.ply < 60 and not board.is_game_over():
            moves = board.move_stack
            ours = set(board.legal_moves())
            if ours != set(pyffish.legal_moves(V, START, moves)):
                break  # the Frog's rules: pyffish would see other squares
            fen = board.fen()
            assert humpty.get_fog_fen(fen, V) == pyffish.get_fog_fen(fen, V)
            assert humpty.piece_to_partner(V, START, moves) == pyffish.piece_to_partner(V, START, moves)
            compared += 1
            board.push(rng.choice(sorted(ours)))
    assert compared > 100


def test_sfen_is_refused_not_ignored():
    with pytest.raises(humpty.error, match="sfen"):
        humpty.get_fen(V, START, [], False, True)
    # Other games' notations have no form for these men: SAN.
    assert humpty.get_san(V, START, "b1d2", False, humpty.NOTATION_XIANGQI_WXF) == "Nd2"
    with pytest.raises(humpty.error, match="notation"):
        humpty.get_san(V, START, "a3a4", False, 10)


def test_validate_fen_tells_a_bad_letter_before_a_bad_board():
    # fairyground's piece editor finds a variant's men this way: a letter
    # in a board of the wrong shape is -10 unless it is a man.
    for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ":
        fen = f"{c}/12 w - - 0 1"
        assert humpty.validate_fen(fen, V) == pyffish.validate_fen(fen, V), c


def test_a_blank_fen_is_the_empty_board_as_in_pyffish():
    # pyffish sets a position from "" without a check: a board with no men.
    for fen in ("", "  "):
        assert humpty.legal_moves(V, fen, []) == pyffish.legal_moves(V, fen, []) == []
        # pyffish's side to move there is not defined (it read "b" in 1 of
        # 8 runs): its board is compared, and humpty's White to move.
        ours, theirs = humpty.get_fen(V, fen, []), pyffish.get_fen(V, fen, [])
        assert ours.split(" ")[0] == theirs.split(" ")[0]
        assert ours == "12/12/12/12/12/12/12/12 w - - 0 1"
        assert humpty.get_fog_fen(fen, V) == pyffish.get_fog_fen(fen, V)
        assert humpty.gives_check(V, fen, []) == pyffish.gives_check(V, fen, [])
        assert humpty.game_result(V, fen, []) == pyffish.game_result(V, fen, [])
        assert humpty.has_insufficient_material(V, fen, []) == pyffish.has_insufficient_material(V, fen, [])
        assert humpty.get_san_moves(V, fen, []) == pyffish.get_san_moves(V, fen, [])
        assert humpty.piece_to_partner(V, fen, []) == pyffish.piece_to_partner(V, fen, [])
        assert humpty.validate_fen(fen, V) == pyffish.validate_fen(fen, V)
        # pyffish answers (False, <garbage>) here; a game with no men is not over.
        assert humpty.is_immediate_game_end(V, fen, []) == (False, 0)
        assert humpty.is_optional_game_end(V, fen, []) == (False, 0)
    # A move there: pyffish raises SystemError, humpty a ValueError naming it.
    with pytest.raises(ValueError, match="empty board"):
        humpty.get_fen(V, "", ["b1d2"])
    with pytest.raises(ValueError, match="empty board"):
        humpty.get_san(V, "", "b1d2")
    with pytest.raises(SystemError):
        pyffish.get_fen(V, "", ["b1d2"])

"""pyffish's functions: perft through legal_moves, SAN, FEN, game ends,
the true rules where pyffish's approximation is wrong, and bad input."""

import pytest

import humpty as sf
from conftest import START, VARIANT, perft_rows, random_game


def perft_stateless(fen, moves, depth):
    """Leaf count by pyffish's calling style: every node replays its list."""
    legal = sf.legal_moves(VARIANT, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft_stateless(fen, moves + [m], depth - 1) for m in legal)


DEPTH3 = [row for row in perft_rows() if row[2] == 3]


def test_enough_depth3_rows():
    assert len(DEPTH3) >= 10


@pytest.mark.parametrize("ident,fen,depth,nodes", DEPTH3[:12], ids=[r[0] for r in DEPTH3[:12]])
def test_perft_through_legal_moves(ident, fen, depth, nodes):
    assert perft_stateless(fen, [], depth) == nodes


def test_constants_and_metadata():
    assert (sf.VALUE_MATE, sf.VALUE_DRAW, sf.FEN_OK) == (32000, 0, 1)
    assert (sf.NOTATION_DEFAULT, sf.NOTATION_SAN, sf.NOTATION_LAN) == (0, 1, 2)
    assert sf.variants() == ["humpty"]
    assert len(sf.version()) == 3 and "humpty" in sf.info()
    assert sf.set_option("Threads", 2) is None
    assert sf.load_variant_config("[humpty:chess]") is None
    assert not sf.two_boards(VARIANT) and not sf.captures_to_hand(VARIANT)


def test_answers_match_pyffish_where_its_rules_are_right():
    assert len(sf.legal_moves(VARIANT, START, [])) == 52
    assert sf.get_san_moves(VARIANT, START, ["b1d2", "b8d7", "d2b1"]) == ["Nd2", "Nd7", "Nb1"]
    assert sf.get_fen(VARIANT, START, ["b1d2", "b8d7"]) == (
        "r1flbfkblfnr/1c1na2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C1NA2A2C1/R1FLBFKBLFNR w KQkq - 2 2"
    )
    fen = "r5k4r/1P10/12/12/12/12/12/R5K4R w KQkq - 0 1"
    assert sf.get_san(VARIANT, fen, "g1j1") == "O-O"
    assert sf.get_san(VARIANT, fen, "b7a8q") == "bxa8=Q+"
    assert sf.get_san(VARIANT, fen, "b7a8q", False, sf.NOTATION_LAN) == "b7xa8=Q+"
    assert sf.get_san(VARIANT, fen, "a1a8", notation=sf.NOTATION_LAN) == "Ra1xa8+"
    assert sf.is_capture(VARIANT, fen, [], "a1a8") and not sf.is_capture(VARIANT, fen, [], "a1b1")
    mate = "k11/12/1K10/12/12/12/12/11R w - - 0 1"
    assert sf.get_san(VARIANT, mate, "l1l8") == "Rl8#"
    assert sf.gives_check(VARIANT, mate, ["l1l8"]) and not sf.gives_check(VARIANT, mate, [])
    assert sf.legal_moves(VARIANT, mate, ["l1l8"]) == []
    assert sf.game_result(VARIANT, mate, ["l1l8"]) == -sf.VALUE_MATE
    stalemate = "k11/2K9/1Q10/12/12/12/12/12 b - - 0 1"
    assert sf.game_result(VARIANT, stalemate, []) == sf.VALUE_DRAW
    knights = ["b1d2", "b8d7", "d2b1", "d7b8"]
    assert sf.is_optional_game_end(VARIANT, START, knights * 2) == (True, 0)
    assert sf.is_optional_game_end(VARIANT, START, knights) == (False, 0)
    assert sf.is_immediate_game_end(VARIANT, START, knights * 2) == (False, 0)
    assert sf.is_optional_game_end(VARIANT, "6k5/12/12/12/12/12/12/R5K5 w - - 100 80", []) == (True, 0)
    assert sf.has_insufficient_material(VARIANT, "6k5/12/12/12/12/12/12/6K5 w - - 0 1", []) == (True, True)
    assert sf.has_insufficient_material(VARIANT, "k11/12/12/12/12/12/12/K10R w - - 0 1", []) == (False, True)


def test_the_true_rules_where_pyffish_approximates():
    # A Frog cannot cross a River whose passed squares are not empty.
    blocked = "11k/12/12/12/2P9/2F9/12/11K w - - 0 1"
    assert "c3c6" not in sf.legal_moves(VARIANT, blocked, [])
    open_river = "11k/12/12/12/12/2F9/12/11K w - - 0 1"
    assert "c3c6" in sf.legal_moves(VARIANT, open_river, [])
    # A Frog promotes (or stays a Frog) on the far rank.
    frog = "12/2F9/11k/12/12/12/12/11K w - - 0 1"
    moves = sf.legal_moves(VARIANT, frog, [])
    assert {"c7d8", "c7d8q", "c7d8g", "c7d8t"} <= set(moves)
    assert sf.get_san(VARIANT, frog, "c7d8g") == "Fd8=G"
    # With Queen, Gnu and Tank on the board a Pawn promotes to a Frog only.
    pawn = "12/2P9/T11/Q11/12/G10k/12/K11 w - - 0 1"
    assert [m for m in sf.legal_moves(VARIANT, pawn, []) if m.startswith("c7")] == ["c7c8f"]


def test_san_moves_round_trip_on_random_games():
    for seed in range(40):
        moves = random_game(seed, 80)
        sans = sf.get_san_moves(VARIANT, START, moves)
        board = sf.Board()
        for m, s in zip(moves, sans):
            assert board.push_san(s) == m
        assert board.fen() == sf.get_fen(VARIANT, START, moves)


def test_validate_fen_codes():
    s = START.split()[0]
    cases = {
        START: 1,
        "": 0,
        s + " w KQkq - 0 1 extra": -11,
        s.replace("r", "x", 1) + " w KQkq - 0 1": -10,
        "12/12/12/12/12/12/6k5/6K5 w - - 0 1": -9,
        "12/" + s + " w - - 0 1": -8,
        s + " x KQkq - 0 1": -6,
        s + " w KZkq - 0 1": -5,
        "12/12/12/12/12/12/12/12 w - - 0 1": -3,
        s + " w KQkq - x 1": -2,
        s + " w KQkq - 0 x": -1,
    }
    for fen, code in cases.items():
        assert sf.validate_fen(fen, VARIANT) == code, fen


BAD_CALLS = [
    ("unknown variant", lambda: sf.legal_moves("chess", START, []), ValueError, "variants known"),
    ("unknown variant fen", lambda: sf.start_fen("chess"), ValueError, "humpty"),
    ("validate variant", lambda: sf.validate_fen(START, "xiangqi"), ValueError, "unknown variant"),
    ("bad fen", lambda: sf.legal_moves(VARIANT, "garbage", []), ValueError, "invalid FEN"),
    ("bad fen get_fen", lambda: sf.get_fen(VARIANT, "8/8 w", []), ValueError, "invalid FEN"),
    ("bad move mid-list", lambda: sf.get_fen(VARIANT, START, ["a3a4", "a6a5", "zz"]), ValueError, "move 2"),
    ("illegal mid-list", lambda: sf.legal_moves(VARIANT, START, ["a3a4", "a3a5"]), ValueError, "move 1"),
    ("san moves bad", lambda: sf.get_san_moves(VARIANT, START, ["a3a4", "zz"]), ValueError, "move 1"),
    ("get_san illegal", lambda: sf.get_san(VARIANT, START, "a3a6"), ValueError, "illegal"),
    ("get_san garbage", lambda: sf.get_san(VARIANT, START, "xx"), ValueError, "cannot read"),
    ("is_capture illegal", lambda: sf.is_capture(VARIANT, START, [], "a3a6"), ValueError, "illegal"),
    ("notation", lambda: sf.get_san(VARIANT, START, "a3a4", False, 10), ValueError, "notation"),
    ("chess960", lambda: sf.legal_moves(VARIANT, START, [], True), ValueError, "Chess960"),
    ("moves is a str", lambda: sf.legal_moves(VARIANT, START, "a3a4"), TypeError, ""),
    ("move is an int", lambda: sf.legal_moves(VARIANT, START, [1]), TypeError, ""),
    ("fen is None", lambda: sf.get_fen(VARIANT, None, []), TypeError, ""),
    ("not utf-8", lambda: sf.legal_moves(VARIANT, START, [b"a3a4"]), TypeError, ""),
    ("lone surrogate", lambda: sf.legal_moves(VARIANT, START, ["\udcff"]), (ValueError, UnicodeError), ""),
]


@pytest.mark.parametrize("name,call,error,words", BAD_CALLS, ids=[b[0] for b in BAD_CALLS])
def test_bad_input_raises(name, call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)

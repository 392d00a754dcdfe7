"""The in-process engine: a mate, weak levels, limits, and the GIL
released while it searches."""

import threading
import time

import pytest

import humpty

# Mate in two with the Cannon over the King's own Pawn (tests/search.rs).
MATE_IN_2 = "k11/p11/12/12/12/12/2R9/3C7K w - - 0 1"


def test_finds_a_mate_in_two():
    engine = humpty.Engine()
    line = engine.play(humpty.Board(MATE_IN_2), depth=6)
    assert line.score.mate == 2 and line.score.cp is None
    board = humpty.Board(MATE_IN_2)
    for m in line.pv[:3]:
        board.push(m)
    assert board.outcome() is not None and board.outcome().termination == "checkmate"


def test_analyse_gives_distinct_lines_best_first():
    lines = humpty.Engine().analyse(humpty.Board(), depth=5, multipv=3)
    assert [l.multipv for l in lines] == [1, 2, 3]
    assert len({l.move for l in lines}) == 3
    legal = humpty.Board().legal_moves()
    assert all(l.move in legal and l.pv[0] == l.move and l.depth >= 5 for l in lines)


def test_the_weakest_level_plays_legal_moves():
    engine = humpty.Engine(skill_level=-11)
    board = humpty.Board()
    for _ in range(20):
        line = engine.play(board, nodes=500)
        assert line.move in board.legal_moves()
        board.push(line.move)
    limited = humpty.Engine(uci_elo=1500)
    assert limited.play(humpty.Board(), nodes=1000).move in humpty.Board().legal_moves()


BAD = [
    ("no limit", lambda e, b: e.play(b), "give a limit"),
    ("negative nodes", lambda e, b: e.play(b, nodes=-5), "nodes"),
    ("depth too deep", lambda e, b: e.play(b, depth=10**6), "depth"),
    ("movetime zero", lambda e, b: e.play(b, movetime=0), "movetime"),
    ("movetime nan", lambda e, b: e.play(b, movetime=float("nan")), "movetime"),
    ("multipv zero", lambda e, b: e.analyse(b, depth=2, multipv=0), "multipv"),
    ("game over", lambda e, b: e.play(humpty.Board("k11/2K9/1Q10/12/12/12/12/12 b - - 0 1"), depth=2), "no legal move"),
]


@pytest.mark.parametrize("name,call,words", BAD, ids=[b[0] for b in BAD])
def test_bad_limits_raise(name, call, words):
    with pytest.raises(ValueError) as caught:
        call(humpty.Engine(), humpty.Board())
    assert words in str(caught.value)


@pytest.mark.parametrize("kwargs", [{"threads": 0}, {"hash_mb": 10**9}, {"skill_level": 21}, {"uci_elo": 1}])
def test_bad_engine_options_raise(kwargs):
    with pytest.raises(ValueError):
        humpty.Engine(**kwargs)


def test_not_a_board_is_a_type_error():
    with pytest.raises(TypeError):
        humpty.Engine().play("startpos", depth=2)


def test_searches_release_the_gil():
    # While one engine searches in a thread, this thread runs Python and a
    # second engine's search to its end: impossible if the first held the GIL.
    long_engine, short_engine = humpty.Engine(), humpty.Engine()
    done = []
    worker = threading.Thread(target=lambda: done.append(long_engine.play(humpty.Board(), nodes=3_000_000)))
    worker.start()
    time.sleep(0.2)
    short = short_engine.play(humpty.Board(), nodes=2_000)
    assert short.move in humpty.Board().legal_moves()
    assert worker.is_alive(), "the long search ended before the short one could run"
    worker.join()
    assert done and done[0].nodes >= 1_000_000


def test_two_engines_in_two_threads_both_finish():
    engines = [humpty.Engine(), humpty.Engine()]
    results = [None, None]

    def run(i):
        results[i] = engines[i].play(humpty.Board(), nodes=200_000)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r is not None and r.move in humpty.Board().legal_moves() for r in results)


def test_stop_from_another_thread_ends_a_long_search():
    engine = humpty.Engine()
    board = humpty.Board()
    timer = threading.Timer(0.5, engine.stop)
    timer.start()
    began = time.monotonic()
    line = engine.play(board, movetime=86_400_000)
    took = time.monotonic() - began
    timer.join()
    assert line.move in board.legal_moves()
    assert took < 60, took  # a guard against a hang, not a speed test
    # The next search is not stopped by the old stop().
    assert engine.play(board, depth=3).depth >= 3


def test_a_board_may_change_while_it_is_searched():
    engine = humpty.Engine()
    board = humpty.Board()
    done = []
    searcher = threading.Thread(target=lambda: done.append(engine.play(board, movetime=86_400_000)))
    searcher.start()
    time.sleep(0.3)
    board.push("b1d2")  # raised "Already borrowed" while the search held the board
    board.pop()
    engine.stop()
    searcher.join(60)
    assert not searcher.is_alive() and done[0].move in board.legal_moves()


CTRL_C = """
import humpty, sys, time
print("searching", flush=True)
try:
    humpty.Engine().play(humpty.Board(), depth=120)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_interrupts_a_search():
    import signal
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", CTRL_C], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "searching"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError("the search ignored Ctrl-C")
    print(f"Ctrl-C answered in {time.monotonic() - sent:.3f} s")
    assert out.strip() == "interrupted" and child.returncode == 0

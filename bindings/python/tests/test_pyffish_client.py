"""A pyffish-style program (tests/data/pyffish_client.py, written for this
test) runs unchanged on `import humpty` behind a one-line pyffish.py, and
what it finds is right by humpty's own Board."""
import json
import pathlib
import subprocess
import sys

import humpty

CLIENT = pathlib.Path(__file__).parent / "data" / "pyffish_client.py"


def test_a_pyffish_program_runs_on_humpty(tmp_path):
    (tmp_path / "pyffish.py").write_text("from humpty import *\n")
    out = subprocess.run(
        [sys.executable, str(CLIENT), "6"],
        cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)},
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    *rows, summary = out.stdout.strip().splitlines()
    summary = json.loads(summary)
    assert summary["games"] == 6 and summary["positions"] > 300, summary
    assert summary["puzzles"] == len(rows) > 0, summary
    for row in rows:
        fen, _variant, bm, san, _kind = row.split(";")
        board = humpty.Board(fen)
        move = bm.split()[1]
        assert board.san(move) == san.split()[1]
        board.push(move)
        assert board.is_check() and board.legal_moves() == [], row

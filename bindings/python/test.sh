#!/usr/bin/env bash
# The README's Python test command: build and install the wheel in a fresh
# virtual environment (as a user's `pip install ./bindings/python` does),
# with pyffish beside it for the comparison tests, then run pytest.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q ./bindings/python pytest pyffish==0.0.90
# From another folder, so the installed package is what is imported.
cd "$venv"
"$venv/bin/python" -m pytest -q "$OLDPWD/bindings/python/tests"

"""Run `python -m server.cli …` with some of server/limits.py changed (for the tests).

Used as `start_host(..., prefix=[PYTHON, "tests/support/net_limits_proc.py"])`, so the command is
`python tests/support/net_limits_proc.py python -m server.cli ARGS`; the limits come from the
environment variable GDMJ_TEST_LIMITS, a JSON map of names to values.
"""

from __future__ import annotations

import json
import os
import runpy
import sys

import server.limits as limits

for name, value in json.loads(os.environ.get("GDMJ_TEST_LIMITS", "{}")).items():
    if not hasattr(limits, name):
        raise SystemExit(f"no limit called {name}")
    setattr(limits, name, value)

if sys.argv[2:4] != ["-m", "server.cli"]:
    raise SystemExit(f"expected: python -m server.cli ARGS, not {sys.argv[1:]}")
sys.argv = ["server.cli", *sys.argv[4:]]
runpy.run_module("server.cli", run_name="__main__", alter_sys=True)

"""What the tests share: helpers imported as `from tests.support.net import …` (a host
process, network players), `tests.support.gui` (the game's scenes: a table without a
network, clicks and key presses), `tests.support.table` (rigged hands on the engine),
`tests.support.bench` (running a benchmark), `tests.support.workflows` (GitHub workflow
checks); and the scripts tests run as processes (`net_client_proc.py`, `net_browse_proc.py`,
`net_limits_proc.py`, `windows_loop.py`). No module here may share a name with a top-level
package (`client`, `server`, …): a script run from this folder would import it instead.
The fixtures are in tests/conftest.py.
"""

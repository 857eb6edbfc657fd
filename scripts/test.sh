#!/usr/bin/env bash
# Install everything and run the whole test suite (unit tests, tutorial
# notebooks through nbval, browser tests in headless Chromium).
#
#   bash scripts/test.sh              # everything, in parallel (see below)
#   bash scripts/test.sh -m "not browser" -x   # extra arguments: one pytest
#                                              # run with exactly those
#
# Python packages go into the active virtual environment, or into .venv in
# this clone (made on first use; see scripts/_python.sh). When
# /usr/bin/chromium is missing it installs Debian's chromium (as root, or
# through sudo). Exits non-zero when a test fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/_python.sh

if [ ! -x /usr/bin/chromium ]; then
    echo ">>> /usr/bin/chromium is missing: the browser tests need Debian's chromium"
    apt_install chromium
fi

install_package test

if [ "$#" -gt 0 ]; then
    echo ">>> running the tests"
    exec "$PYTHON" -m pytest "$@" </dev/null
fi

# Everything, in two pytest runs side by side: the tests that are neither
# browser tests nor notebooks on every core (pytest-xdist), and the browser
# tests, which mostly wait for JupyterLab, the classroom site and Chromium,
# with the tutorial notebooks (whose cells share one kernel each, so they run
# in order in one process), in a run of their own beside them. The first runs at a lower priority (nice): its workers take
# whatever processor time is free, and the browser tests get the processor
# the moment they need it, nearly as fast as when they ran alone. The first prints
# as it goes; the second writes to a log that is printed when both are done.
# Both exit codes count.
workers="$(nproc 2>/dev/null || echo 2)"
logs="$(mktemp -d "${TMPDIR:-/tmp}/dendria-widget-tests.XXXXXX")"
echo ">>> running the tests: the browser tests and the notebooks in the background (log: $logs/browser.log),"
echo ">>> the others on $workers workers"
"$PYTHON" -m pytest -m "browser or notebook" </dev/null >"$logs/browser.log" 2>&1 &
browser_pid=$!
trap 'kill "$browser_pid" 2>/dev/null; exit 143' INT TERM
set +e
nice -n 10 "$PYTHON" -m pytest -m "not browser and not notebook" -n "$workers" </dev/null 2>&1 \
    | tee "$logs/others.log"
others=${PIPESTATUS[0]}
if kill -0 "$browser_pid" 2>/dev/null; then
    echo ">>> waiting for the browser tests (log: $logs/browser.log)"
fi
wait "$browser_pid"
browser=$?
set -e
trap - INT TERM
echo
echo ">>> the browser tests and the notebooks (run beside the others):"
cat "$logs/browser.log"
echo
echo ">>> the others:                   $(tail -n 1 "$logs/others.log")"
echo ">>> the browser tests and notebooks: $(tail -n 1 "$logs/browser.log")"
if [ "$others" -ne 0 ] || [ "$browser" -ne 0 ]; then
    echo ">>> FAILED: pytest exited with $others (the others) and $browser (browser tests and notebooks)"
    exit $(( others != 0 ? others : browser ))
fi

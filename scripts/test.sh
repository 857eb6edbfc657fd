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

# Everything, in three pytest runs side by side: the tests that are neither
# browser tests nor notebooks on every core (pytest-xdist, handed out one at
# a time, the longest first: see SLOW_FIRST in conftest.py); the classroom
# site's browser tests (tests/browser/test_site.py: a static site, Python
# starting in the page) with the later tutorial notebooks (10 to 19); and
# the other browser tests, which mostly wait for JupyterLab and Chromium,
# with the other notebooks. A notebook's cells share one kernel, so each
# notebook runs in order in one process (either process will do: each
# notebook has a kernel of its own). The first runs at a lower priority
# (nice): its workers take whatever processor time is free, and the browser
# tests get the processor the moment they need it. The first prints as it
# goes; the others write to logs that are printed when all are done, each
# with its slowest tests. Every exit code counts.
workers="$(nproc 2>/dev/null || echo 2)"
logs="$(mktemp -d "${TMPDIR:-/tmp}/dendria-widget-tests.XXXXXX")"
echo ">>> running the tests: the site's browser tests with notebooks 10-20, and the other browser"
echo ">>> tests with the other notebooks, in the background (logs: $logs/site.log, $logs/browser.log),"
echo ">>> the others on $workers workers"
# the notebooks that go with the site's browser tests (the same pattern
# keeps them out of the other run: each notebook runs exactly once); the
# browser tests are all in tests/browser, so only it and tutorials/ are
# collected there (not the whole suite, only to be deselected)
site_notebooks="tutorials/[12][0-9]_*.ipynb"
# shellcheck disable=SC2086  # the pattern is meant to expand
"$PYTHON" -m pytest -m "browser or notebook" --durations=10 tests/browser/test_site.py \
    $site_notebooks </dev/null >"$logs/site.log" 2>&1 &
site_pid=$!
"$PYTHON" -m pytest -m "browser or notebook" --durations=10 tests/browser tutorials \
    --ignore tests/browser/test_site.py --ignore-glob "$site_notebooks" \
    </dev/null >"$logs/browser.log" 2>&1 &
browser_pid=$!
trap 'kill "$site_pid" "$browser_pid" 2>/dev/null; exit 143' INT TERM
set +e
nice -n 10 "$PYTHON" -m pytest -m "not browser and not notebook" -n "$workers" \
    --maxschedchunk 1 --durations=10 tests --ignore tests/browser \
    </dev/null 2>&1 | tee "$logs/others.log"
others=${PIPESTATUS[0]}
if kill -0 "$site_pid" 2>/dev/null || kill -0 "$browser_pid" 2>/dev/null; then
    echo ">>> waiting for the browser tests (logs: $logs/site.log, $logs/browser.log)"
fi
wait "$site_pid"
site=$?
wait "$browser_pid"
browser=$?
set -e
trap - INT TERM
echo
echo ">>> the classroom site's browser tests and notebooks 10-20 (run beside the others):"
cat "$logs/site.log"
echo
echo ">>> the other browser tests and the other notebooks (run beside the others):"
cat "$logs/browser.log"
echo
echo ">>> the others:                          $(tail -n 1 "$logs/others.log")"
echo ">>> the site's browser tests:            $(tail -n 1 "$logs/site.log")"
echo ">>> the other browser tests, notebooks:  $(tail -n 1 "$logs/browser.log")"
if [ "$others" -ne 0 ] || [ "$site" -ne 0 ] || [ "$browser" -ne 0 ]; then
    echo ">>> FAILED: pytest exited with $others (the others), $site (the site's browser tests)"
    echo ">>> and $browser (the other browser tests and notebooks)"
    exit $(( others != 0 ? others : (site != 0 ? site : browser) ))
fi

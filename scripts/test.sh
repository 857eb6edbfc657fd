#!/usr/bin/env bash
# Install everything and run the whole test suite (unit tests, tutorial
# notebooks through nbval, browser tests in headless Chromium).
#
#   bash scripts/test.sh              # everything
#   bash scripts/test.sh -m "not browser" -x   # extra arguments go to pytest
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

echo ">>> running the tests"
exec "$PYTHON" -m pytest "$@" </dev/null

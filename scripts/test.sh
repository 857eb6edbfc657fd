#!/usr/bin/env bash
# Install everything and run the whole test suite (unit tests, tutorial
# notebooks through nbval, browser tests in headless Chromium).
#
#   bash scripts/test.sh              # everything
#   bash scripts/test.sh -m "not browser" -x   # extra arguments go to pytest
#
# On a fresh Debian machine as root (as on CI) it installs Debian's chromium
# if /usr/bin/chromium is missing. Exits non-zero when a test fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/_python.sh

if [ ! -x /usr/bin/chromium ]; then
    echo ">>> installing Debian's chromium (for the browser tests)"
    if [ "$(id -u)" -eq 0 ]; then
        SUDO=""
    elif command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "error: /usr/bin/chromium is missing and this user cannot run apt-get;" >&2
        echo "       as root: apt-get install -y chromium" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update </dev/null
    $SUDO apt-get install -y chromium </dev/null
fi

echo ">>> installing dendria-widget with its test dependencies"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
"$PYTHON" -m pip install -e ".[test]" </dev/null

echo ">>> running the tests"
exec "$PYTHON" -m pytest "$@" </dev/null

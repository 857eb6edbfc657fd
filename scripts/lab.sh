#!/usr/bin/env bash
# Install dendria-widget and open the first tutorial in JupyterLab.
#   bash scripts/lab.sh               # extra arguments go to JupyterLab
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The Python to install into and test with: $PYTHON if set, else python
# (python3 where there is no python).
if [ -z "${PYTHON:-}" ]; then
    PYTHON=python
    command -v python >/dev/null 2>&1 || PYTHON=python3
fi
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "error: no Python interpreter '$PYTHON'" >&2
    exit 1
fi

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
"$PYTHON" -m pip install -e .

args=()
if [ "$(id -u)" -eq 0 ]; then
    args+=(--allow-root)
fi
exec "$PYTHON" -m jupyterlab "${args[@]}" "$@" tutorials/00_start_here.ipynb

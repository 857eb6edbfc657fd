#!/usr/bin/env bash
# Install dendria-widget and open the first tutorial in JupyterLab.
#   bash scripts/lab.sh               # extra arguments go to JupyterLab
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/_python.sh

export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
"$PYTHON" -m pip install -e .

args=()
if [ "$(id -u)" -eq 0 ]; then
    args+=(--allow-root)
fi
exec "$PYTHON" -m jupyterlab "${args[@]}" "$@" tutorials/00_start_here.ipynb

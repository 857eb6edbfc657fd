#!/usr/bin/env bash
# Install dendria-widget and open the tutorials in JupyterLab, on
# 127.0.0.1 with a token; prints the URL that opens the tutorials' index.
#   bash scripts/lab.sh               # extra arguments go to JupyterLab
#   bash scripts/lab.sh --port=9000   # a port of your choice (default: the first free from 8888)
#
# Python packages go into the active virtual environment, or into .venv in
# this clone (made on first use; see scripts/_python.sh).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/_python.sh

install_package lab,jupyter

notebook=tutorials/index.ipynb
[ -f "$notebook" ] || notebook=tutorials/00_start_here.ipynb

# A token of our own and the first free port from 8888 (or the one given as
# --port=N / --port N), so that the URL printed below is the one the server
# really answers on.
export JUPYTER_TOKEN="${JUPYTER_TOKEN:-$("$PYTHON" -c 'import secrets; print(secrets.token_hex(24))')}"
port=""
rest=()
while [ $# -gt 0 ]; do
    case "$1" in
        --port=*|--ServerApp.port=*) port="${1#*=}" ;;
        --port|--ServerApp.port) port="${2:-}"; shift ;;
        *) rest+=("$1") ;;
    esac
    shift
done
set -- ${rest[@]+"${rest[@]}"}
case "$port" in
    ''|*[!0-9]*) [ -z "$port" ] || { echo "error: --port needs a number, not '$port'" >&2; exit 1; } ;;
esac
[ -n "$port" ] || port="$("$PYTHON" - <<'PY'
import socket
for port in range(8888, 8988):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
        print(port)
        break
PY
)"
[ -n "$port" ] || { echo "error: no free port on 127.0.0.1 between 8888 and 8987" >&2; exit 1; }

# The tutorials are this project's own notebooks: mark them trusted for this
# user, so that JupyterLab keeps the style of their saved pictures (dark in a
# dark theme) before their cells run. Only the notebooks the build made are
# signed, checked against tutorials/SHA256SUMS; any other notebook in the
# folder (or one changed since) stays untrusted (see
# dendria_widget/tutorials.py; tests/test_nothing_lost.py runs this line).
"$PYTHON" -m dendria_widget.tutorials trust tutorials

url="http://127.0.0.1:$port/lab/tree/$notebook"
args=(--ip=127.0.0.1 --port="$port" --port-retries=0 --ServerApp.root_dir="$PWD"
      --ServerApp.custom_display_url="$url")
if [ "$(id -u)" -eq 0 ]; then
    args+=(--allow-root)
fi
echo ">>> open the tutorials at $url?token=$JUPYTER_TOKEN"
exec "$PYTHON" -m jupyterlab "${args[@]}" "$@" "$notebook"

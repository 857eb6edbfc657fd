#!/usr/bin/env bash
# Build the classroom site: the tutorials in JupyterLite (Python runs in the
# browser; nothing to install for the students), a static folder.
#   bash scripts/build_site.sh             # into build/site
#   bash scripts/build_site.sh DIR         # into DIR
#   bash scripts/build_site.sh DIR --pyodide-packages FOLDER
#                                          # Pyodide's package files from FOLDER
# Then serve it:  python3 -m http.server --directory DIR 8000
#
# The build tools (jupyterlite-core, jupyterlite-pyodide-kernel, and
# jupyter_server, which indexes the notebooks) go into a
# virtual environment of their own in the cache, and every download (npm's
# pyodide, the wheels) is kept there too: ~/.cache/dendria-widget/site (or
# $XDG_CACHE_HOME/dendria-widget/site). See scripts/build_site.py.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

. scripts/_python.sh

cache="${XDG_CACHE_HOME:-$HOME/.cache}/dendria-widget/site"
# One build at a time uses the cache (two test runs, or a test run beside a
# build by hand): the lock is held until the build below ends, so the build
# tools and the downloads are made once and never half-written under another.
mkdir -p "$cache"
exec 9>"$cache/.lock"
if ! flock -n 9; then
    echo ">>> another build of the site is using $cache: waiting for it"
    flock 9
fi
tools_pins="jupyterlite-core==0.6.4 jupyterlite-pyodide-kernel==0.6.1 jupyter_server>=2.4,<3 setuptools>=77"
tools="$cache/tools"
if [ ! -f "$tools/.pins" ] || [ "$(cat "$tools/.pins")" != "$tools_pins" ]; then
    echo ">>> making the site's build tools in $tools ($tools_pins)"
    "$PYTHON" -m venv --clear "$tools"
    # shellcheck disable=SC2086
    "$tools/bin/python" -m pip install -q $tools_pins </dev/null
    echo "$tools_pins" >"$tools/.pins"
fi
if ! command -v npm >/dev/null 2>&1 && [ ! -f "$cache/npm/pyodide-0.27.7.tgz" ]; then
    echo ">>> npm is needed once, to download Pyodide's core (the npm package pyodide)"
    apt_install npm
fi

exec "$tools/bin/python" scripts/build_site.py "$@" --cache "$cache" </dev/null

# Sourced by scripts/test.sh and scripts/lab.sh (from the clone's top folder).
#
# Sets PYTHON to the interpreter of a virtual environment, never a system
# Python:
#   - the active virtual environment, when the first python3 (or python) on
#     PATH runs inside one;
#   - otherwise .venv in this clone, made on first use from that Python
#     (3.10 or newer; $PYTHON, when set, names another one to make it from).
# Defines `install_package EXTRA` (pip install -e ".[EXTRA]", skipped when
# nothing changed since the last install; the compiled engine is built again
# when its source changed) and `apt_install PACKAGE...`.

export PIP_DISABLE_PIP_VERSION_CHECK=1

apt_install() {
    # Debian packages, as root or through sudo; a clear message otherwise.
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "error: this needs the Debian package(s) $*, and this user cannot run apt-get;" >&2
            echo "       as root: apt-get install -y $*" >&2
            exit 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: this needs $* (Debian package names); install them with your system's tools" >&2
        exit 1
    fi
    echo ">>> installing the Debian package(s) $*"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get update </dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$@" </dev/null
}

_base_python() {
    # The Python to use or to make .venv from: $PYTHON, else python3, else python.
    local candidate
    for candidate in "${PYTHON:-}" python3 python; do
        if [ -n "$candidate" ] && command -v "$candidate" >/dev/null 2>&1; then
            command -v "$candidate"
            return
        fi
    done
    echo "error: no Python found (looked for python3 and python on PATH); install Python 3.10 or newer" >&2
    exit 1
}

_select_python() {
    local base in_venv version
    base="$(_base_python)"
    if ! version="$("$base" -c 'import sys; print("%d.%d" % sys.version_info[:2]); sys.exit(sys.version_info < (3, 10))')"; then
        echo "error: $base is Python ${version:-of an unknown version}; dendria-widget needs Python 3.10 or newer" >&2
        exit 1
    fi
    in_venv="$("$base" -c 'import sys; print(int(sys.prefix != sys.base_prefix))')"
    if [ "$in_venv" = 1 ]; then
        PYTHON="$base"
        echo ">>> using the active virtual environment $("$base" -c 'import sys; print(sys.prefix)') (Python $version)"
        return
    fi
    if [ -x .venv/bin/python ] && .venv/bin/python -m pip --version >/dev/null 2>&1; then
        PYTHON="$PWD/.venv/bin/python"
        echo ">>> using the virtual environment .venv in this clone (no virtual environment is active)"
        return
    fi
    if ! "$base" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        # Debian and Ubuntu ship venv's pip bootstrap as a separate package.
        local package="python$version-venv"
        command -v apt-cache >/dev/null 2>&1 && apt-cache show "$package" >/dev/null 2>&1 \
            || package=python3-venv
        echo ">>> $base cannot make virtual environments yet (it lacks ensurepip)"
        apt_install "$package"
    fi
    echo ">>> making the virtual environment .venv in this clone with $base (Python $version); no virtual environment is active"
    "$base" -m venv --clear .venv
    PYTHON="$PWD/.venv/bin/python"
}

_recompile_stale_engine() {
    # The compiled engine (setup.py, dendria_widget/accel.py) is built from the
    # source at install time; when that source was edited since, compile it again.
    # The native kernel (dendria_widget/_native_src) the same way: a stale one
    # is not used, and its tests would skip.
    if ! "$PYTHON" -W ignore -c 'import sys
from dendria_widget import accel, native
sys.exit(any(how == "python: stale" for how in accel.install().values())
         or bool(native._STALE))'; then
        echo ">>> the engine's source changed since it was compiled: compiling it again"
        "$PYTHON" -m pip install --no-deps -e . </dev/null
    fi
}

install_package() {
    # pip install -e ".[$1]" into $PYTHON, unless the stamp in that environment
    # says this clone was installed there with the same pyproject.toml and extra.
    local extra="$1" prefix stamp want
    prefix="$("$PYTHON" -c 'import sys; print(sys.prefix)')"
    stamp="$prefix/.dendria-widget-installed"
    want="$extra $PWD $(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ -f "$stamp" ] && grep -qxF -- "$want" "$stamp" && "$PYTHON" - "$PWD" <<'EOF'
import importlib.util, os, sys
spec = importlib.util.find_spec("dendria_widget")
here = os.path.join(os.path.realpath(sys.argv[1]), "dendria_widget")
sys.exit(spec is None or os.path.dirname(os.path.realpath(spec.origin)) != here)
EOF
    then
        echo ">>> dendria-widget [$extra] is already installed and pyproject.toml is unchanged: skipping pip"
        _recompile_stale_engine
        return
    fi
    echo ">>> installing dendria-widget with its $extra dependencies"
    "$PYTHON" -m pip install -e ".[$extra]" </dev/null
    if [ -f "$stamp" ]; then
        grep -vF -- "$extra $PWD " "$stamp" >"$stamp.new" || true
    else
        : >"$stamp.new"
    fi
    echo "$want" >>"$stamp.new"
    mv "$stamp.new" "$stamp"
}

_select_python

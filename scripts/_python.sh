# Sourced by the scripts: sets PYTHON to the interpreter to install into and
# test with ($PYTHON if set, else python, else python3) and checks it exists.
if [ -z "${PYTHON:-}" ]; then
    PYTHON=python
    command -v python >/dev/null 2>&1 || PYTHON=python3
fi
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "error: no Python interpreter '$PYTHON'" >&2
    exit 1
fi

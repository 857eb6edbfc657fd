"""The compiled engine: the same Python source, compiled by Cython when the
package is built on a machine with a C compiler.

The modules in :data:`COMPILED` (the board geometry and the rules engines)
are compiled unchanged: every rule still lives in one place, the ``.py``
file, and a machine without a compiler (or ``DENDRIA_WIDGET_PURE=1`` at
install time) simply runs that source. ``setup.py`` reads the list from this
file.

A compiled module is used only while it was built from the source beside
it: the build writes each source's SHA-256 to ``_compiled.json``, and on
import :func:`install` loads the ``.py`` of any module whose source has
changed since (an edited editable install), with a warning that says how
to rebuild. ``DENDRIA_WIDGET_PURE=1`` in the environment runs the Python
source even where the compiled modules are up to date.

This module uses the standard library only: the package imports it first.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from types import ModuleType
from typing import Mapping, Sequence

#: The modules compiled when a compiler is present (names under the package).
COMPILED = ("geometry", "rules.base", "rules.dendria", "rules.hedu")

#: The file, in the package, where a build records what it compiled.
MANIFEST = "_compiled.json"

#: The environment variable that asks for the Python source.
PURE_ENV = "DENDRIA_WIDGET_PURE"

PACKAGE = __name__.rpartition(".")[0]
HERE = os.path.dirname(os.path.abspath(__file__))


def source_hash(path: str) -> str:
    """The SHA-256 of a file, as the build records it."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _paths(module: str, root: str = HERE) -> tuple[str, list[str]]:
    """The ``.py`` of ``module`` under ``root`` and its compiled files."""
    base = os.path.join(root, *module.split("."))
    built = [base + suffix for suffix in importlib.machinery.EXTENSION_SUFFIXES
             if os.path.exists(base + suffix)]
    return base + ".py", built


def _pure_asked(environ: Mapping[str, str] = os.environ) -> bool:
    return environ.get(PURE_ENV, "").strip() not in ("", "0")


def plan(root: str = HERE, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """For each module of :data:`COMPILED`, how it runs: ``"compiled"``,
    ``"python"`` (no compiled file), ``"python: asked"`` (``PURE_ENV`` set)
    or ``"python: stale"`` (its source changed since it was compiled)."""
    try:
        with open(os.path.join(root, MANIFEST), encoding="utf-8") as f:
            built_from = json.load(f)
    except (OSError, ValueError):
        built_from = {}
    out = {}
    for module in COMPILED:
        py, built = _paths(module, root)
        if not built or not os.path.exists(py):
            out[module] = "compiled" if built else "python"
        elif _pure_asked(environ):
            out[module] = "python: asked"
        elif not isinstance(built_from, dict) or built_from.get(module) != source_hash(py):
            out[module] = "python: stale"
        else:
            out[module] = "compiled"
    return out


class _SourceFirst:
    """A meta path finder that loads the named modules from their ``.py``."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        py = self.sources.get(fullname)
        if py is None:
            return None
        return importlib.util.spec_from_file_location(fullname, py)


_STATE: dict[str, str] = {}


def install() -> dict[str, str]:
    """Decide, once per process, which modules run compiled (see
    :func:`plan`); the others are loaded from their source."""
    if _STATE:
        return dict(_STATE)
    _STATE.update(plan())
    sources = {f"{PACKAGE}.{m}": _paths(m)[0]
               for m, how in _STATE.items() if how.startswith("python:")}
    if sources:
        sys.meta_path.insert(0, _SourceFirst(sources))
    stale = [m for m, how in _STATE.items() if how == "python: stale"]
    if stale:
        them = "they were" if len(stale) > 1 else "it was"
        warnings.warn(
            f"dendria_widget: {', '.join(stale)} changed since {them} compiled; running "
            "the Python source instead. Reinstall the package (pip install -e .) to "
            "compile it again.",
            RuntimeWarning, stacklevel=3)
    return dict(_STATE)


def describe() -> str:
    """One line: which engine this process runs, for the bench and reports."""
    state = install()
    compiled = [m for m, how in state.items() if how == "compiled"]
    if len(compiled) == len(state):
        return "compiled by Cython from the same source (" + ", ".join(compiled) + ")"
    why = {"python": "not compiled at install", "python: asked": f"{PURE_ENV} is set",
           "python: stale": "the source changed since it was compiled"}
    reasons = sorted({why[how] for how in state.values() if how != "compiled"})
    part = f" ({', '.join(compiled)} compiled)" if compiled else ""
    return "the Python source: " + "; ".join(reasons) + part

"""Notebook niceties: this package's errors shown as one plain sentence.

A refused step or a bad position in a notebook cell should read like the
rules, not like a crash: ``IllegalStep: g7 is not empty: a dark seed stands
there``, without a Python traceback (the cell still fails, as it should).
Other errors keep IPython's usual display. Installed when ``dendria_widget`` is imported inside IPython;
``uninstall()`` restores the default.
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

from .errors import DendriaError

if TYPE_CHECKING:  # for the type hints only (IPython has no stubs: Any)
    from IPython.core.interactiveshell import InteractiveShell

_installed = False


def _show(shell: InteractiveShell, etype: type[BaseException], value: BaseException,
          tb: TracebackType | None, tb_offset: int | None = None) -> None:
    # Shown as an error output whose "traceback" is one line in words: the
    # cell still fails (nbval and "run all" stop there), without Python's
    # stack of frames.
    shell._showtraceback(etype, value, [f"{etype.__name__}: {value}"])
    return None


def install(shell: InteractiveShell | None = None) -> bool:
    """Show DendriaError (and subclasses) without a traceback in IPython."""
    global _installed
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    shell.set_custom_exc((DendriaError,), _show)
    _installed = True
    return True


def uninstall(shell: InteractiveShell | None = None) -> None:

    """Give DendriaError the ordinary traceback display again."""
    global _installed
    if shell is None:
        from IPython import get_ipython
        shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((), None)
    _installed = False

"""dendria-widget: the hex-board games Dendria and Hedu in Jupyter."""

# First: which engine modules run compiled and which from their source
# (dendria_widget/accel.py; a compiled module older than its source is not used).
from . import accel as _accel

_accel.install()

from typing import TYPE_CHECKING

from .errors import (BadBoard, BadPosition, BadRecord, BadRules, DendriaError,
                     IllegalStep, UnknownCell)
from .game import Game
from .geometry import Board
from .notation import Step

__all__ = ["Game", "Board", "Step", "IllegalStep", "DendriaError", "BadBoard",
           "BadPosition", "BadRecord", "BadRules", "UnknownCell", "BoardWidget"]
__version__ = "0.1.0"

if TYPE_CHECKING:  # for the type hints only
    from .widget import BoardWidget


def _in_ipython() -> bool:
    import sys
    ip = sys.modules.get("IPython")
    return ip is not None and getattr(ip, "get_ipython", lambda: None)() is not None


if _in_ipython():
    from .notebook import install as _install_error_display
    _install_error_display()
    # in the browser (JupyterLite): widget messages keep their None values
    from .jupyterlite import install as _install_jupyterlite
    _install_jupyterlite()


def __getattr__(name: str) -> "type[BoardWidget]":
    # BoardWidget imports ipywidgets and ipycanvas: only when asked for, so that
    # the engine and the command line start fast without them.
    if name == "BoardWidget":
        from .widget import BoardWidget
        return BoardWidget
    raise AttributeError(f"module 'dendria_widget' has no attribute {name!r}")

"""dendria-widget: the hex-board games Dendria and Hedu in Jupyter."""

from .errors import (BadBoard, BadPosition, BadRecord, BadRules, DendriaError,
                     IllegalStep, UnknownCell)
from .game import Game
from .geometry import Board
from .notation import Step

__all__ = ["Game", "Board", "Step", "IllegalStep", "DendriaError", "BadBoard",
           "BadPosition", "BadRecord", "BadRules", "UnknownCell"]
__version__ = "0.1.0"

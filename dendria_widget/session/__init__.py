"""The board as a headless model: :class:`BoardSession` owns a game and
everything a view shows about it, takes commands, and answers one immutable
:class:`~dendria_widget.session.view.ViewState` (plain Python: no widgets,
no canvas, no IPython). The board widget is a thin view over it.
"""

from .board import MODES, BoardSession, command
from .hint import Hint
from .view import ButtonState, Choice, Details, Header, SceneRequest, ViewState, changed_fields

__all__ = ["BoardSession", "MODES", "command", "Hint", "ButtonState", "Choice", "Details",
           "Header", "SceneRequest", "ViewState", "changed_fields"]

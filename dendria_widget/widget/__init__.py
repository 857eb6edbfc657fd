"""The board widget: ``BoardWidget(game)`` plays, explains and edits a game
with the mouse in Jupyter (ipycanvas + ipywidgets).

- :mod:`.board`: :class:`BoardWidget` (the canvas, the buttons, the clicks);
- :mod:`.panels`: the rules panel (new game) and the editor;
- :mod:`.text`: the words of the panels (from the engine and ``explain``);
- :mod:`dendria_widget.interaction`: what a click means (pure, headless).
"""

from .board import BoardWidget

__all__ = ["BoardWidget"]

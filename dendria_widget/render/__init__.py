"""Pictures of games: a pure scene of shapes, drawn as SVG, PNG or on a canvas.

- :mod:`.scene`: :func:`build_scene` (game + overlays -> :class:`Scene`),
  the shapes, :data:`OVERLAYS`.
- :mod:`.svg`: :func:`scene_to_svg`, :func:`game_svg` (``Game._repr_svg_``).
- :mod:`.png`: :func:`scene_to_png`, :func:`save_png`, :func:`save_svg` (Pillow).
- :mod:`.canvas`: :func:`draw_layer` onto an ipycanvas Canvas (imported lazily:
  nothing here needs ipycanvas).
- :mod:`.theme`: :class:`Theme`, :data:`DEFAULT_THEME`, :data:`HIGH_CONTRAST`.
"""

from .scene import OVERLAYS, LAYERS, Circle, Line, Polygon, Scene, Text, build_scene
from .theme import DEFAULT_THEME, HIGH_CONTRAST, Theme

__all__ = ["OVERLAYS", "LAYERS", "Circle", "Line", "Polygon", "Scene", "Text", "build_scene",
           "DEFAULT_THEME", "HIGH_CONTRAST", "Theme"]

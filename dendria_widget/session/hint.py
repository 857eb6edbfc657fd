"""A computer player's hint on the board picture: numbered rings on the
suggested turn's cells, and the heat map of where its search looked, with a
key below the board (pure: scene shapes, no widgets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..render import scene as rscene
from ..render.theme import luminance

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game

HEAT = "#e8590c"      # the heat map's colour (visit share)
HINT = "#1971c2"      # the suggested turn's rings and numbers
#: the key's words below the board, per background: (hint, heat), each at a
#: contrast of at least 4.5 with it
KEY_WORDS = {"light": ("#1864ab", "#b54708"), "dark": ("#74c0fc", "#ffa94d")}


@dataclass(frozen=True)
class Hint:
    """A hint for one position (``key``: the game's version when it was
    asked): the suggested ``turn`` (steps), the ``search`` facts of the
    player that found it (``{"cells": {cell: share of the visits}}``) and
    the player's ``name``."""

    key: Any
    turn: list
    search: Any
    name: str

    def __getitem__(self, name: str) -> Any:
        # read as the dict it was before: hint["turn"], hint["search"]
        if name not in ("key", "turn", "search", "name"):
            raise KeyError(name)
        return getattr(self, name)

    @property
    def cells(self) -> dict[str, float]:
        return dict((self.search or {}).get("cells", {}))


def decorate(scene: rscene.Scene, game: Game, hint: Hint, background: str) -> rscene.Scene:
    """Add the hint (numbered rings on the suggested turn's cells) and the
    heat map (cells tinted darker for a larger share of the search's
    visits) to the scene's overlay layer, with a key below the board."""
    shapes = scene.layers.setdefault("overlays", [])
    lay = scene.layout
    board = game.board
    r = lay.radius
    cells = hint.cells
    top = max(cells.values(), default=0) or 1
    geo = rscene.board_geometry(board, r)   # the scene's own (its layout is geo's)
    for name, share in sorted(cells.items()):
        # a tint over the whole cell (a piece there stays visible), not a
        # disc a learner could take for a piece
        shapes.append(rscene.Polygon(geo.inner[board.cell(name)], HEAT, None, 0,
                                     0.12 + 0.5 * share / top, tag=f"heat:{name}"))
    order: dict[str, list[str]] = {}
    for k, step in enumerate(hint.turn, 1):
        if isinstance(step.arg, str) and board.has_name(step.arg):
            order.setdefault(step.arg, []).append(str(k))
    for name, nums in order.items():
        x, y = lay.center(board.cell(name))
        shapes.append(rscene.Circle(x, y, r * 0.62, None, HINT, max(2.0, r / 9), 0.95,
                                    tag=f"hint:{name}"))
        shapes.append(rscene.Text(x + r * 0.55, y - r * 0.55, ",".join(nums),
                                  max(rscene.MIN_TEXT, r * 0.5),
                                  HINT, weight="bold", tag=f"hint-order:{name}",
                                  halo="#ffffff"))
    # the key, below the board (after the overlays' keys, if any): the
    # canvas grows to hold it rather than write over the cell names
    size = max(rscene.KEY_TEXT, r * 0.3)
    turn = ", ".join(str(s) for s in hint.turn)
    hint_words, heat_words = KEY_WORDS["light" if luminance(background) > 0.4 else "dark"]
    said = [(f"Hint ({hint.name}): {turn}", hint_words, "bold")]
    if cells:
        said.append((f"Heat: share of the search's first steps per cell "
                     f"(darkest {round(100 * top)}%)", heat_words, "normal"))
    y = (scene.height if scene.key or scene.captions else scene.board_height) + 6
    k = 0
    for text, colour, weight in said:
        for line in rscene.wrap(text, size, scene.width - 2 * rscene.KEY_PAD, 3):
            y += size * 1.35
            shapes.append(rscene.Text(rscene.KEY_PAD, y, line, size, colour,
                                      anchor="start", weight=weight,
                                      tag=f"hint-key:{k}"))
            k += 1
    scene.height = max(scene.height, y + size * 0.6)
    return scene

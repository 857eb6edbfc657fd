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
#: the heat map shades the most visited cells until they hold this share of
#: the search, at most SHADED_MOST of them (the rest would say nothing)
SHADED_SHARE = 0.8
SHADED_MOST = 10
HINT = "#1971c2"      # the suggested turn's rings and numbers
#: the key's words below the board, per background: (hint, heat), each at a
#: contrast of at least 4.5 with it
KEY_WORDS = {"light": ("#1864ab", "#b54708"), "dark": ("#74c0fc", "#ffa94d")}


@dataclass(frozen=True)
class Hint:
    """A hint for one position (``key``: the game's version when it was
    asked): the suggested ``turn`` (steps), the ``search`` facts of the
    player that found it (``{"cells": {cell: share of the visits}}``) and
    the player's ``name``, and ``who`` found it in words ("the MCTS player
    (30 tries a turn)"; empty when nobody is named)."""

    key: Any
    turn: list
    search: Any
    name: str
    who: str = ""

    def __getitem__(self, name: str) -> Any:
        # read as the dict it was before: hint["turn"], hint["search"]
        if name not in ("key", "turn", "search", "name", "who"):
            raise KeyError(name)
        return getattr(self, name)

    @property
    def cells(self) -> dict[str, float]:
        """Every cell the search's first steps were on, with its share."""
        return dict((self.search or {}).get("cells", {}))

    def shaded(self, share: float = SHADED_SHARE, most: int = SHADED_MOST) -> dict[str, float]:
        """The cells the heat map shades: the most visited ones, until they
        hold ``share`` of the search (at most ``most`` cells), with their
        shares; the rest of the board stays plain."""
        out: dict[str, float] = {}
        held = 0.0
        for name, part in sorted(self.cells.items(), key=lambda kv: (-kv[1], kv[0])):
            if held >= share - 1e-9 or len(out) >= most:
                break
            out[name] = part
            held += part
        return out

    def best_turns(self, k: int = 3) -> list[tuple[str, float]]:
        """The ``k`` turns the search visited most: (the steps in words,
        share of the search), most visited first."""
        turns = (self.search or {}).get("turns") or [[[str(s) for s in self.turn], None]]
        return [(", ".join(steps), share) for steps, share in turns[:k]]


def decorate(scene: rscene.Scene, game: Game, hint: Hint, background: str) -> rscene.Scene:
    """Add the hint (numbered rings on the suggested turn's cells) and the
    heat map (cells tinted darker for a larger share of the search's
    visits) to the scene's overlay layer, with a key below the board."""
    shapes = scene.layers.setdefault("overlays", [])
    lay = scene.layout
    board = game.board
    r = lay.radius
    shaded = hint.shaded()
    top = max(shaded.values(), default=0) or 1
    geo = rscene.board_geometry(board, r)   # the scene's own (its layout is geo's)
    for name, share in sorted(shaded.items()):
        # a tint over the whole cell (a piece there stays visible), not a
        # disc a learner could take for a piece; darker for more visits
        shapes.append(rscene.Polygon(geo.inner[board.cell(name)], HEAT, None, 0,
                                     0.15 + 0.5 * share / top, tag=f"heat:{name}"))
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
    # the key, below the board, right under what the overlays' keys draw
    # now (in the room kept for their symbols when it is free, so the
    # picture grows less): the canvas grows to hold it rather than write
    # over the cell names
    size = max(rscene.KEY_TEXT, r * 0.3)
    hint_words, heat_words = KEY_WORDS["light" if luminance(background) > 0.4 else "dark"]
    said = [(key_words(hint), hint_words, "bold")]
    if shaded:
        said.append((heat_key_words(hint, shaded), heat_words, "normal"))
    y = max([scene.board_height] + [_lowest(sh) for sh in shapes
                                    if (sh.tag or "").split(":")[0] in KEY_TAGS]) + 6
    k = 0
    for text, colour, weight in said:
        for line in rscene.wrap(text, size, scene.width - 2 * rscene.KEY_PAD):
            y += size * 1.35
            shapes.append(rscene.Text(rscene.KEY_PAD, y, line, size, colour,
                                      anchor="start", weight=weight,
                                      tag=f"hint-key:{k}"))
            k += 1
    scene.height = max(scene.height, y + size * 0.6)
    return scene


#: the tags of what an overlay's key draws (its caption, its symbols and phrases)
KEY_TAGS = ("caption", "key", "key-text")


def _lowest(shape: rscene.Shape) -> float:
    """The lowest y a shape reaches (CSS px)."""
    if isinstance(shape, rscene.Text):
        return shape.y + 0.6 * shape.size
    if isinstance(shape, rscene.Circle):
        return shape.cy + shape.r
    return max(y for _, y in shape.points)


def key_words(hint: Hint) -> str:
    """The hint's line of the key: the suggested turn, its rings' numbers."""
    turn = ", ".join(str(s) for s in hint.turn)
    by = f" from {hint.who}" if hint.who else ""
    return f"Hint{by}: {turn} (the numbers: the order of its steps)"


def heat_key_words(hint: Hint, shaded: dict[str, float]) -> str:
    """The heat map's line of the key, in words a learner reads: how many
    cells are shaded and how much of the search they hold."""
    held = round(100 * sum(shaded.values()))
    visits = (hint.search or {}).get("visits")
    of = f" of its {visits} tries" if visits else ""
    n = len(shaded)
    cells = "the cell" if n == 1 else f"the {n} cells"
    return (f"Shaded: {cells} where the search spent {held}%{of} "
            f"(darker: more); the others it hardly looked at")


def ready_words(colour: str, hint: Hint) -> str:
    """The status line once the hint is ready: the best few turns with
    their share of the search."""
    best = hint.best_turns()
    first, *others = best
    out = f"The hint for {colour} is ready: {first[0]}"
    if first[1] is not None:
        out += f" ({round(100 * first[1])}% of the search)"
    if others:
        out += "; next best: " + "; ".join(
            f"{t} ({round(100 * p)}%)" if p is not None else t for t, p in others)
    return out + ". The rings on the board show it."

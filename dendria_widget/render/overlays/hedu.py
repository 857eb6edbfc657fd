"""Hedu's overlays, one unit each (see :mod:`dendria_widget.render.overlays`):
regions, heights and the placement preview. The facts come from
:mod:`dendria_widget.explain.hedu`, the captions from
:mod:`dendria_widget.explain.sentences`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...explain import hedu as ex
from ...explain import sentences as say
from ..scene import KEY_SAMPLE, Circle, Polygon, Text, _ngon_at
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


class Regions(OverlayUnit):
    name, family, label, scope, draw_order = "regions", "hedu", "Regions", "board", 0
    tooltip = "the regions (connected empty plots), who controls each and its value"
    entries_of = (("black", "a region Black controls"), ("white", "a region White controls"),
                  ("none", "a region nobody controls"), ("value", "its value"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        regions = ex.regions(game)
        b.regions(regions)
        return say.regions_caption(game, regions)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        R = KEY_SAMPLE
        if entry == "value":
            b.value_chip(out, x, y, R, "black", "3", None)
        else:
            fill, alpha = b.region_paint(None if entry == "none" else entry)
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), fill, None, 0, alpha=alpha))


class Heights(OverlayUnit):
    name, family, label, scope, draw_order = "heights", "hedu", "Heights", "board", 10
    caption_room = 110
    tooltip = "the height a new stack of the side to move would get on each empty plot"
    entries_of = (("height", "the height of a new stack"),)

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        heights = ex.placement_heights(game)
        b.placement_heights(heights)
        return say.heights_caption(game, heights)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        out.append(Text(x, y, "2", b.ts(0.55, KEY_SAMPLE), b.t.placement, weight="bold",
                        halo=b.t.chip))


class Preview(OverlayUnit):
    name, family, label, scope, draw_order = "preview", "hedu", "Preview", "focus", 20
    caption_room = 200
    tooltip = ("what placing a stack on the plot under the mouse would do: the stacks that "
               "shrink, grow or leave, and the prisoners")
    entries_of = (("place", "the new stack"), ("shrink", "a stack that shrinks"),
                  ("grow", "a stack that grows"), ("leave", "a stack that leaves"),
                  ("none", "no stack can stand here"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        pl = None
        if focus is not None and focus not in b.occupied:
            pl = ex.placement(game, focus)
            b.preview(focus, pl)
        return say.preview_caption(game, focus, pl)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R = b.t, KEY_SAMPLE
        lw = max(1.5, b.lw * 1.6)
        if entry == "place":
            b.new_stack(out, x, y, R, b.v.colours[0], "2", True, lw, "key")
        elif entry == "none":
            b.cross(out, x, y, R, t.preview_shrink, lw * 1.3, None, None)
        else:
            colour = {"shrink": t.preview_shrink, "grow": t.preview_grow,
                      "leave": t.preview_leave}[entry]
            out.append(Circle(x, y, 0.84 * R, None, colour, lw,
                              dash=(3, 2) if entry == "leave" else None))
            if entry == "leave":
                b.cross(out, x, y, R * 1.4, colour, lw, None, None)


for _unit in (Regions(), Heights(), Preview()):
    register(_unit)

"""The heights overlay, whole: the height a new Hedu stack would get -- its facts (asked of
:mod:`dendria_widget.explain.hedu`), its shapes, its caption and its key.

Its shapes' tags: ``placement-height:g7`` the height a new stack would get on g7.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ...explain import hedu as ex
from ...explain.sentences import plural, sentence, _variant
from ..scene import KEY_SAMPLE, Text
from . import OverlayUnit, board_number, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def shapes(b: _Builder, heights: Mapping[str, int]) -> None:
    geo, t, out = b.geo, b.t, b.over_l
    size = b.ts(0.55)
    for name, h in heights.items():
        cx, cy = geo.center[geo.ids[name]]
        out.append(Text(cx, cy, str(h), size, t.placement, weight="bold",
                        tag=f"placement-height:{name}", halo=t.chip,
                        legend="heights:height"))


# ----------------------------------------------------------- caption
def heights_caption(game: Game, heights: dict[str, int]) -> str:
    v = _variant(game)
    mover = v.colour_word(game.to_move)
    if not heights:
        return sentence(f"{mover} cannot place a stack anywhere")
    return sentence(f"{mover} may place on {plural(len(heights), 'plot')}; the number is the "
                    "height the new stack would get (the regions next to it)")


class Heights(OverlayUnit):
    name, family, label, scope, draw_order = "heights", "hedu", "Heights", "board", 10
    caption_room = 110
    tooltip = "the height a new stack of the side to move would get on each empty plot"
    entries_of = (("height", "the height of a new stack"),)

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        heights = ex.placement_heights(game)
        shapes(b, heights)
        return heights_caption(game, heights)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        # the board's own symbol: a height this board shows (no typed number)
        out.append(Text(x, y, board_number(b, "heights:height"), b.ts(0.55, KEY_SAMPLE),
                        b.t.placement, weight="bold",
                        halo=b.t.chip))


register(Heights())

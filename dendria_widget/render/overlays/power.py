"""The power overlay, whole: the power of every soil -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``power:g7`` the power of a cell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import number_word, sentence, _variant
from ...geometry import DIRECTIONS
from ..scene import KEY_SAMPLE, Text
from . import OverlayUnit, board_number, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ...rules.variant import Variant
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def shapes(b: _Builder, power: Mapping[str, int]) -> None:
    """The power of every plot: large in the middle of an empty plot,
    small in the upper left corner of an occupied one."""
    geo, t, R, out = b.geo, b.t, b.R, b.over_l
    occupied = b.occupied
    small, large = b.ts(0.3), b.ts(0.42)
    for name, p in power.items():
        cx, cy = geo.center[geo.ids[name]]
        if name in occupied:
            out.append(Text(cx - 0.52 * R, cy - 0.42 * R, str(p), small, t.power,
                            weight="bold", tag="power:" + name, halo=t.cell,
                            legend="power:power"))
        else:
            out.append(Text(cx, cy, str(p), large, t.power, tag="power:" + name,
                            legend="power:power"))


# ----------------------------------------------------------- caption
def power_caption(game: Game) -> str:
    v = _variant(game)
    return sentence(f"The power of a {v.plot_word} is the fewest {v.plots_word()} met going "
                    f"from it in any of the {number_word(len(DIRECTIONS))} directions; "
                    "a journey must end on lower power than where "
                    "it began, unless it gained a tree")


class Power(OverlayUnit):
    name, label, scope, draw_order = "power", "Power", "board", 0
    caption_room = 150
    tooltip = (f"the power of every {{soil}}: the fewest {{soils}} met going from it in any "
               f"of the {number_word(len(DIRECTIONS))} directions (a journey must end on "
               "lower power)")
    entries_of = (("power", "the power of the {soil}"),)

    def offered(self, variant: Variant) -> bool:
        # only under the power rule
        return super().offered(variant) and bool(variant.power)

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        shapes(b, ex.power(game))
        return power_caption(game)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        # the board's own symbol: a power this board shows (no typed number)
        out.append(Text(x, y, board_number(b, "power:power"), b.ts(0.42, KEY_SAMPLE), b.t.power))


register(Power())

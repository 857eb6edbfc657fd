"""The regions overlay, whole: Hedu's regions, their controllers and values -- its facts (asked of
:mod:`dendria_widget.explain.hedu`), its shapes, its caption and its key.

Its shapes' tags: ``region:g7:black`` a cell of a region tinted by its controller (``none``
when nobody controls it); ``region-value:g7`` the value, written once per region.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import hedu as ex
from ...explain.sentences import plural, sentence, _variant
from ..scene import KEY_SAMPLE, Polygon, Text, _colour_index, _ngon_at
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def shapes(b: _Builder, regions: Sequence[Mapping[str, Any]]) -> None:
    geo, R = b.geo, b.R
    for reg in regions:
        ctrl = reg["controller"]
        fill, alpha = region_paint(b, ctrl)
        word = ctrl or "none"
        for name in reg["cells"]:
            b.under_l.append(Polygon(geo.inner2[geo.ids[name]], fill, None, 0,
                                     alpha=alpha, tag=f"region:{name}:{word}",
                                     legend=f"regions:{word}"))
    for reg in regions:
        ctrl = reg["controller"]
        if not ctrl:
            continue
        # the value, once, on the region's cell nearest to its middle
        cells = reg["cells"]
        pts = [geo.center[geo.ids[n]] for n in cells]
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        best = min(cells, key=lambda n: ((geo.center[geo.ids[n]][0] - mx) ** 2
                                         + (geo.center[geo.ids[n]][1] - my) ** 2,
                                         geo.board.order[geo.ids[n]]))
        x, y = geo.center[geo.ids[best]]
        value_chip(b, b.over_l, x, y, R, ctrl, str(reg["value"]),
                      f"region-value:{best}")


def region_paint(b: _Builder, ctrl: str | None) -> tuple[str, float]:
    t = b.t
    if ctrl:
        ci = _colour_index(ctrl)
        return t.region_tint[ci], t.region_alpha[ci]
    return t.region_neutral, t.region_neutral_alpha


def value_chip(b: _Builder, out: list[Shape], x: float, y: float, R: float, ctrl: str, text: str,
               tag: str | None) -> None:
    t = b.t
    ci = _colour_index(ctrl)
    size = b.ts(0.42, R)
    rad = max(0.4 * R, 0.7 * size)
    out.append(Polygon(_ngon_at(6, rad, 0.0, x, y), t.piece_fill[ci], t.piece_stroke[ci],
                       max(1.0, b.lw), tag=tag, legend="regions:value"))
    out.append(Text(x, y, text, size, t.piece_text[ci], weight="bold", tag=tag,
                    legend="regions:value"))


# ----------------------------------------------------------- caption
def regions_caption(game: Game, regions: list[dict]) -> str:
    v = _variant(game)
    bits = []
    for c in v.colours:
        mine = [r for r in regions if r["controller"] == c]
        if mine:
            bits.append(f"{v.colour_word(c)} controls {plural(len(mine), 'region')} worth "
                        f"{sum(r['value'] for r in mine)}")
    free = sum(1 for r in regions if r["controller"] is None)
    if free:
        bits.append(f"nobody controls {plural(free, 'region')}")
    if not regions:
        return "There is no region: no empty plot is left."
    return sentence("; ".join(bits))


class Regions(OverlayUnit):
    name, family, label, scope, draw_order = "regions", "hedu", "Regions", "board", 0
    tooltip = "the regions (connected empty plots), who controls each and its value"
    entries_of = (("black", "a region Black controls"), ("white", "a region White controls"),
                  ("none", "a region nobody controls"), ("value", "its value"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        regions = ex.regions(game)
        shapes(b, regions)
        return regions_caption(game, regions)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        R = KEY_SAMPLE
        if entry == "value":
            value_chip(b, out, x, y, R, "black", "3", None)
        else:
            fill, alpha = region_paint(b, None if entry == "none" else entry)
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), fill, None, 0, alpha=alpha))


register(Regions())

"""The fertile overlay, whole: the fertile soils of a seedbed or forest -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``fertile:e5`` a fertile soil of the focused seedbed or forest (and
``fert:dark:e5``: who fertilizes it); ``group:seedbed:dark:c3`` the outline of
the group (its first cell).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import cells_span, plural, sentence, _variant
from ..scene import EDGE, KEY_SAMPLE, Line, Polygon, _chain, _colour_index, _ngon_at
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Point, Shape, _Builder


# ------------------------------------------------------------ shapes
def _lw(b: _Builder) -> float:
    return max(1.5, b.lw * 1.6)


def shapes(b: _Builder, g: Mapping[str, Any], draw_who: bool) -> None:
    """The focused group's outline, its fertile soils tinted, and who
    fertilizes each."""
    geo, t = b.geo, b.t
    board = geo.board
    lw = max(1.5, b.lw * 1.8)
    members = {geo.ids[n] for n in g["cells"]}
    segs: list[tuple[Point, Point]] = []
    for i in members:
        h = geo.hex[i]
        for d in range(6):
            if board.nbr_dir[i][d] not in members:
                a, bb = EDGE[d]
                segs.append((h[a], h[bb]))
    tag = f"group:{g['kind']}:{g['colour']}:{g['cells'][0]}"
    for loop in _chain(segs, geo.layout):
        b.under_l.append(Line(loop, t.fertile, lw, tag=tag, legend="fertile:group"))
    for soil, who in g["fertile_soils"].items():
        i = geo.ids[soil]
        b.under_l.append(Polygon(geo.inner2[i], t.fertile_tint, None, 0,
                                 alpha=t.fertile_alpha, tag="fertile:" + soil,
                                 legend="fertile:soil"))
        if draw_who:
            b.colour_diamonds(soil, who, "fert", "fertile")


# ----------------------------------------------------------- caption
def fertile_caption(game: Game, group: dict | None, focus: str | None) -> str:
    """The fertile soils of the focused group (``group``: one entry of
    explain.dendria.groups, or None)."""
    v = _variant(game)
    if group is None:
        if focus is None:
            return f"Point at a seedbed or a forest to see its fertile {v.plots_word()}."
        return sentence(f"{focus} holds no seed or tree: point at a seedbed or a forest")
    soils = group["fertile_soils"]
    name = f"the {group['colour']} {group['kind']} {cells_span(group['cells'])}"
    if not soils:
        return sentence(f"{name} has no fertile {v.plot_word}: it is an enclosed group")
    counts = {c: sum(1 for who in soils.values() if c in who) for c in v.colours}
    return sentence(f"{name} has {plural(len(soils), 'fertile ' + v.plot_word)}; Dark fertilizes "
                    f"{counts['dark']} of them, Light {counts['light']}")


class Fertile(OverlayUnit):
    name, label, scope, draw_order = "fertile", "Fertile {soils}", "focus", 10
    tooltip = ("the fertile {soils} (the empty {soils} next to it) of the seedbed or forest "
               "under the mouse, and who fertilizes each")
    entries_of = (("group", "the group pointed at"), ("soil", "its fertile {soils}"),
                  ("dark", "fertilized by Dark"), ("light", "fertilized by Light"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        groups = ex.groups(game)
        group = (next((g for g in groups if focus in g["cells"]), None)
                 if focus is not None else None)
        if group is not None:
            # who fertilizes a soil is the fertilization overlay's, when it is on too
            shapes(b, group, draw_who="fertilization" not in shown)
        return fertile_caption(game, group, focus)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R, lw = b.t, KEY_SAMPLE, _lw(b)
        if entry in ("dark", "light"):
            b.diamond(out, x, y, R * 1.3, _colour_index(entry), None, None)
        elif entry == "group":
            out.append(Polygon(_ngon_at(6, R, 30.0, x, y), None, t.fertile, lw))
        elif entry == "soil":
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), t.fertile_tint, None, 0,
                               alpha=t.fertile_alpha))


register(Fertile())

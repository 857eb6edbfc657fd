"""Dendria's overlays, one unit each (see :mod:`dendria_widget.render.overlays`):
roots, nutrients, fertilization, fertile soils, conversions and power. The
facts come from :mod:`dendria_widget.explain.dendria`, the captions from
:mod:`dendria_widget.explain.sentences`; the shapes are the scene builder's
stamps (:class:`dendria_widget.render.scene._Builder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ...explain import dendria as ex
from ...explain import sentences as say
from ..scene import KEY_SAMPLE, Circle, Line, Polygon, Text, _colour_index, _ngon_at
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ...rules.variant import Variant
    from ..scene import Shape, _Builder


def _lw(b: _Builder) -> float:
    return max(1.5, b.lw * 1.6)


class Roots(OverlayUnit):
    name, label, scope, draw_order = "roots", "Roots", "focus", 50
    tooltip = ("the roots of the cell under the mouse (or the clicked cell): to the edge, "
               "or to a nourisher with the empty {soils} between")
    entries_of = (("root", "a root, to its nourisher"), ("nourisher", "a nourisher"),
                  ("edge", "a nutrientless root: it sees the edge"),
                  ("count", "empty {soils} between"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        roots = ex.roots(game, focus) if focus is not None else []
        if focus is not None:
            b.roots(focus, roots)
        return say.roots_caption(game, focus, roots, any(r["sees_edge"] for r in roots))

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R, lw = b.t, KEY_SAMPLE, _lw(b)
        if entry == "root":
            out.append(Line(((x - R, y), (x + R, y)), t.root, lw))
        elif entry == "edge":
            out.append(Line(((x - R, y), (x + 0.6 * R, y)), t.root_edge, lw, dash=(4, 3)))
            out.append(Line(((x + 0.6 * R, y - 0.5 * R), (x + 0.6 * R, y + 0.5 * R)),
                            t.root_edge, lw * 1.3))
        elif entry == "nourisher":
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), None, t.nourisher_ring, lw))
        elif entry == "count":
            b.badge(out, x, y, R, t.chip, t.root, t.chip_text, "2", None, None, k=0.4)


class Nutrients(OverlayUnit):
    name, label, scope, draw_order = "nutrients", "Nutrients", "board", 40
    tooltip = "every seed: hungry or nourished, and its nourishers counted by colour"
    entries_of = (("hungry", "a hungry seed"), ("nourished", "a nourished seed"),
                  ("dark", "its dark nourishers"), ("light", "its light nourishers"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        seeds = ex.seeds(game)
        b.nutrients(seeds)
        return say.nutrients_caption(game, seeds)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R = b.t, KEY_SAMPLE
        if entry in ("dark", "light"):
            ci = _colour_index(entry)
            b.badge(out, x, y, R, t.piece_fill[ci], t.piece_stroke[ci], t.piece_text[ci], "2",
                    None, None, k=0.4)
        else:
            out.append(Circle(x, y, t.seed_scale * R * 1.3, t.piece_fill[1], t.piece_stroke[1],
                              1.0))
            b.seed_ring(out, x, y, R * 1.5, entry == "hungry", _lw(b), "key")


class Fertilization(OverlayUnit):
    name, label, scope, draw_order = "fertilization", "Fertilization", "both", 20
    caption_room = 140
    tooltip = ("the {soils} each colour's {dendrids} fertilize; point at a {soil} to see which "
               "{dendrids} fertilize it, at a {dendrid} to see the {soils} it fertilizes")
    entries_of = (("dark", "a {soil} Dark fertilizes"), ("light", "a {soil} Light fertilizes"),
                  ("line", "a {dendrid}'s line of sight"),
                  ("fertilizer", "a {dendrid} fertilizing it"),
                  ("seen", "a {soil} it fertilizes"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        fert = ex.fertilization(game)
        b.fertilization(fert, focus)
        return say.fertilization_caption(game, fert, focus)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R, lw = b.t, KEY_SAMPLE, _lw(b)
        if entry in ("dark", "light"):
            b.diamond(out, x, y, R * 1.3, _colour_index(entry), None, None)
        elif entry == "line":
            out.append(Line(((x - R, y), (x + R, y)), t.sight, lw))
        elif entry == "fertilizer":
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), None, t.sight, lw))
        elif entry == "seen":
            out.append(Circle(x, y, 3.0, t.sight, t.chip, 0.8))


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
            b.fertile(group, draw_who="fertilization" not in shown)
        return say.fertile_caption(game, group, focus)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R, lw = b.t, KEY_SAMPLE, _lw(b)
        if entry in ("dark", "light"):
            b.diamond(out, x, y, R * 1.3, _colour_index(entry), None, None)
        elif entry == "group":
            out.append(Polygon(_ngon_at(6, R, 30.0, x, y), None, t.fertile, lw))
        elif entry == "soil":
            out.append(Polygon(_ngon_at(6, 0.93 * R, 30.0, x, y), t.fertile_tint, None, 0,
                               alpha=t.fertile_alpha))


class Conversions(OverlayUnit):
    name, label, scope, draw_order = "conversions", "Conversions", "both", 30
    caption_room = 180
    tooltip = "what the side to move may sprout, grow or capture now, or why nothing"
    entries_of = (("sprout", "S: may sprout"), ("grow", "G: may grow"),
                  ("capture", "C: may capture"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        conv = ex.conversions(game)
        b.conversions(conv)
        return say.conversions_caption(game, conv, focus)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t = b.t
        colour = {"sprout": t.sprout, "grow": t.grow, "capture": t.capture}[entry]
        b.letter(out, x, y, KEY_SAMPLE, entry[0].upper(), colour, None, None)


class Power(OverlayUnit):
    name, label, scope, draw_order = "power", "Power", "board", 0
    caption_room = 150
    tooltip = ("the power of every {soil}: the fewest {soils} on any of its six lines "
               "(a journey must end on lower power)")
    entries_of = (("power", "the power of the {soil}"),)

    def offered(self, variant: Variant) -> bool:
        # only under the power rule
        return super().offered(variant) and bool(variant.power)

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        b.power(ex.power(game))
        return say.power_caption(game)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        out.append(Text(x, y, "3", b.ts(0.42, KEY_SAMPLE), b.t.power))


for _unit in (Roots(), Nutrients(), Fertilization(), Fertile(), Conversions(), Power()):
    register(_unit)

"""The fertilization overlay, whole: the soils each colour's dendrids fertilize -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``fert:dark:e5`` a soil fertilized by dark (``fert:light:e5``); focused on a
dendrid: ``sight:d4:E`` its line of sight, ``seen:d4:e5`` a soil it
fertilizes; on a soil: ``sight:d4:e5`` the line of a dendrid fertilizing it,
``fertilizer:d4`` that dendrid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import and_list, plural, sentence, short_list, _variant
from ...geometry import DIRECTION_NAMES, DIRECTIONS
from ..scene import Circle, KEY_SAMPLE, Line, Polygon, _colour_index, _ngon_at, _toward
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def _lw(b: _Builder) -> float:
    return max(1.5, b.lw * 1.6)


def shapes(b: _Builder, fert: Mapping[str, Any], focus: str | None) -> None:
    """Every soil marked by the colours that fertilize it; for a focused
    empty soil the dendrids fertilizing it and their lines to it, for a
    focused dendrid its lines and the soils it fertilizes."""
    geo, t, R = b.geo, b.t, b.R
    board = geo.board
    lw = max(1.5, b.lw * 2.0)
    both: dict[str, list[str]] = {}
    for colour in ("dark", "light"):
        for soil in fert[colour]:
            both.setdefault(soil, []).append(colour)
    for soil in sorted(both, key=lambda n: board.order[geo.ids[n]]):
        b.colour_diamonds(soil, both[soil], "fert", "fertilization")
    if focus is None:
        return
    piece = b.occupied.get(focus)
    fx, fy = geo.center[geo.ids[focus]]
    if piece is None:
        for colour in ("dark", "light"):
            for d in fert[colour].get(focus, ()):
                dx, dy = geo.center[geo.ids[d]]
                sx, sy = _toward(dx, dy, fx, fy, b.rim(d) + 0.04 * R)
                ex, ey = _toward(fx, fy, dx, dy, 0.22 * R)
                b.under_l.append(Line(((sx, sy), (ex, ey)), t.sight, lw,
                                      tag=f"sight:{d}:{focus}",
                                      legend="fertilization:line"))
                b.over_l.append(Polygon(geo.inner2[geo.ids[d]], None, t.sight, lw,
                                        tag=f"fertilizer:{d}",
                                        legend="fertilization:fertilizer"))
    elif piece.split()[1] == "dendrid":
        seen = fert["lines"].get(focus, ())
        far: dict[int, tuple[int, int]] = {}
        pq, pr = board.axial(geo.ids[focus])
        for sname in seen:
            j = geo.ids[sname]
            q, r = board.axial(j)
            dq, dr = q - pq, r - pr
            n = max(abs(dq), abs(dr), abs(dq + dr))
            d = DIRECTIONS.index((dq // n, dr // n)) if n else -1
            if d >= 0 and n > far.get(d, (0, -1))[0]:
                far[d] = (n, j)
        start = b.rim(focus) + 0.04 * R
        for d in sorted(far):
            x1, y1 = geo.center[far[d][1]]
            sx, sy = _toward(fx, fy, x1, y1, start)
            b.under_l.append(Line(((sx, sy), (x1, y1)), t.sight, lw,
                                  tag=f"sight:{focus}:{DIRECTION_NAMES[d]}",
                                  legend="fertilization:line"))
        for sname in seen:
            x, y = geo.center[geo.ids[sname]]
            b.over_l.append(Circle(x, y, max(0.16 * R, 3.0), t.sight, t.chip,
                                   max(0.8, b.lw * 0.8), tag=f"seen:{focus}:{sname}",
                                   legend="fertilization:seen"))


# ----------------------------------------------------------- caption
def fertilization_caption(game: Game, fert: dict[str, dict], focus: str | None) -> str:
    """The whole board (how many soils each colour fertilizes) and, for a
    focused soil or dendrid, who fertilizes what."""
    v = _variant(game)
    dendrids = v.kind_word("dendrid", 2)
    dark, light = (len(fert[c]) for c in v.colours)

    def count(n: int) -> str:
        return "none" if n == 0 else plural(n, v.plot_word)
    head = f"Dark's {dendrids} fertilize {count(dark)}, Light's {count(light)}"
    if focus is None:
        return sentence(head + f"; point at a {v.plot_word} or a {v.kind_word('dendrid')} "
                        "to see its lines")
    piece = game.pieces.get(focus)
    if piece is None:
        by = [(c, d) for c in v.colours for d in fert[c].get(focus, ())]
        if not by:
            return sentence(f"No {v.kind_word('dendrid')} fertilizes {focus}: no line of "
                            f"sight reaches it")
        names = and_list(f"the {c} {v.kind_word('dendrid')} on {d}" for c, d in by)
        return sentence(f"{focus} is fertilized by {names}")
    if piece.split()[1] == "dendrid":
        seen = fert["lines"].get(focus, [])
        return sentence(f"The {v.piece_words(piece)} on {focus} fertilizes "
                        f"{plural(len(seen), v.plot_word)}" + (f": {short_list(seen)}" if seen
                                                              else ""))
    return sentence(head + f"; point at an empty {v.plot_word} or a "
                    f"{v.kind_word('dendrid')} to see its lines")


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
        shapes(b, fert, focus)
        return fertilization_caption(game, fert, focus)

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


register(Fertilization())

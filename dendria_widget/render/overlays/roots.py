"""The roots overlay, whole: the roots of a cell -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``root:g7:E`` a root of the focus cell g7 towards E (dashed: nutrientless);
``root-count:g7:E`` the number of empty plots between; ``nourisher:e5`` the
ring round a nourisher; ``edge:g7:E`` where a nutrientless root meets the edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import plural, sentence, _variant
from ...geometry import DIRECTION_NAMES, DIRECTIONS
from ..scene import KEY_SAMPLE, Line, Polygon, _along, _ngon_at, _toward, _unit
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def _lw(b: _Builder) -> float:
    return max(1.5, b.lw * 1.6)


def shapes(b: _Builder, focus: str, roots: Iterable[Mapping[str, Any]]) -> None:
    """The roots of the focus cell: lines under the pieces, from the
    focus piece's rim to the nourisher's rim (or to the edge, dashed),
    the nourishers outlined, the empty plots between counted."""
    geo, t, R = b.geo, b.t, b.R
    board = geo.board
    fi = geo.ids[focus]
    x0, y0 = geo.center[fi]
    lw = max(1.5, b.lw * 2.2)
    start = max(b.rim(focus) + 0.04 * R, 0.3 * R)
    for root in roots:
        d = DIRECTION_NAMES.index(root["direction"])
        tag = f"{focus}:{root['direction']}"
        if root["sees_edge"]:
            # to the edge: just past the last plot of the ray (or of the
            # focus cell itself when the ray is empty, edge_sight touching)
            last = geo.ids[root["cells"][-1]] if root["cells"] else fi
            lx, ly = geo.center[last]
            dq, dr = DIRECTIONS[d]
            q, r = board.axial(last)
            nx, ny = geo.layout.hex_to_pixel(q + dq, r + dr)
            ex, ey = lx + (nx - lx) * 0.5, ly + (ny - ly) * 0.5
            sx, sy = _toward(x0, y0, ex, ey, start)
            b.under_l.append(Line(((sx, sy), (ex, ey)), t.root_edge, lw,
                                  dash=(0.3 * R, 0.18 * R), tag="root:" + tag,
                                  legend="roots:edge"))
            # a bar across the line where it meets the edge
            ux, uy = _unit(ex - sx, ey - sy)
            h = 0.3 * R
            b.over_l.append(Line(((ex - uy * h, ey + ux * h), (ex + uy * h, ey - ux * h)),
                                 t.root_edge, lw * 1.3, tag="edge:" + tag,
                                 legend="roots:edge"))
        else:
            nour = root["nourisher"]
            ni = geo.ids[nour]
            nx, ny = geo.center[ni]
            sx, sy = _toward(x0, y0, nx, ny, start)
            ex, ey = _toward(nx, ny, x0, y0, b.rim(nour) + 0.04 * R)
            b.under_l.append(Line(((sx, sy), (ex, ey)), t.root, lw, tag="root:" + tag,
                                  legend="roots:root"))
            b.over_l.append(Polygon(geo.inner2[ni], None, t.nourisher_ring, lw,
                                    tag="nourisher:" + nour, legend="roots:nourisher"))
        n = root["empty_between"]
        if n:
            # the count: in the middle of the empty stretch it counts
            cx, cy = _along(x0, y0, d, R, (n + 1) / 2.0)
            colour = t.root_edge if root["sees_edge"] else t.root
            b.badge(b.over_l, cx, cy, R, t.chip, colour, t.chip_text, str(n),
                    "root-count:" + tag, "roots:count")


# ----------------------------------------------------------- caption
def roots_caption(game: Game, focus: str | None, roots: list[dict], hungry: bool) -> str:
    """What the roots of ``focus`` say (``roots``: explain.dendria.roots)."""
    if focus is None:
        return "Point at a cell to see its roots."
    if not roots:
        return sentence(f"{focus} has no root: every line from it is empty, and an empty "
                        f"line is no root under these rules")
    edge = sum(1 for r in roots if r["sees_edge"])
    what = "a seed there" if focus not in game.pieces else f"the {_piece(game, focus)}"
    if edge:
        return sentence(f"{focus} has {plural(len(roots), 'root')}, {edge} of them "
                        f"{'sees' if edge == 1 else 'see'} the edge: {what} is hungry")
    return sentence(f"{focus} has {plural(len(roots), 'root')}, each ending on a nourisher: "
                    f"{what} is nourished")


def _piece(game: Game, cell: str) -> str:
    return _variant(game).piece_words(game.pieces[cell])


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
            shapes(b, focus, roots)
        return roots_caption(game, focus, roots, any(r["sees_edge"] for r in roots))

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


register(Roots())

"""The preview overlay, whole: what a Hedu placement would do -- its facts (asked of
:mod:`dendria_widget.explain.hedu`), its shapes, its caption and its key.

Its shapes' tags: ``preview:place:g7`` the new stack on the focus cell (``preview-label:g7`` its
height); ``preview:shrink:e5``, ``preview:grow:e5``, ``preview:leave:e5`` a stack
it changes (``preview-label:e5`` the height it will have); ``preview:none:g7``
when no stack can stand there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import hedu as ex
from ...explain.sentences import sentence
from ..scene import Circle, KEY_SAMPLE, Text, _colour_index
from ..theme import readable_on
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def shapes(b: _Builder, focus: str, pl: Mapping[str, Any]) -> None:
    """The placement preview of the focus cell (explain.hedu.placement)."""
    geo, t, R, out = b.geo, b.t, b.R, b.over_l
    lw = max(1.5, b.lw * 2)
    cx, cy = geo.center[geo.ids[focus]]
    pv = pl["preview"]
    if pv is None:
        b.cross(out, cx, cy, R, t.preview_shrink, lw * 1.3, f"preview:none:{focus}",
                "preview:none")
        return
    colour, height = pv["placed"].split()
    new_stack(b, out, cx, cy, R, colour, height, pl["legal"], lw, focus)
    for kind, colour_ in (("shrink", t.preview_shrink), ("grow", t.preview_grow),
                          ("leave", t.preview_leave)):
        for e in pv[kind]:
            name = e["cell"]
            x, y = geo.center[geo.ids[name]]
            after = e["to"].split()[1] if e["to"] else "0"
            changed_stack(b, out, x, y, R, kind, colour_, after, lw, name)


def new_stack(b: _Builder, out: list[Shape], cx: float, cy: float, R: float, colour: str,
              height: str, legal: bool, lw: float, focus: str) -> None:
    t = b.t
    ci = _colour_index(colour)
    ring = t.preview_place if legal else t.preview_shrink
    out.append(Circle(cx, cy, t.stack_scale * R, t.piece_fill[ci], ring, lw * 1.2,
                      alpha=0.6, dash=(0.22 * R, 0.14 * R), tag=f"preview:place:{focus}",
                      legend="preview:place"))
    out.append(Text(cx, cy, height, b.ts(0.58, R), t.piece_text[ci], weight="bold",
                 tag=f"preview-label:{focus}", legend="preview:place"))


def changed_stack(b: _Builder, out: list[Shape], x: float, y: float, R: float, kind: str,
                  colour: str, after: str, lw: float, name: str) -> None:
    legend = f"preview:{kind}"
    out.append(Circle(x, y, 0.84 * R, None, colour, lw,
                      dash=(0.18 * R, 0.12 * R) if kind == "leave" else None,
                      tag=f"preview:{kind}:{name}", legend=legend))
    if kind == "leave":
        b.cross(out, x, y, R * 1.4, colour, lw, f"preview:{kind}:{name}", legend)
    # the height it will have, on a chip at its upper right
    b.badge(out, x + 0.56 * R, y - 0.5 * R, R, colour, b.t.chip, readable_on(colour),
            after, f"preview-label:{name}", legend, k=0.38)


# ----------------------------------------------------------- caption
def preview_caption(game: Game, focus: str | None, placement: dict | None) -> str:
    """What placing on ``focus`` would do (``placement``: explain.hedu.placement)."""
    if focus is None:
        return "Point at an empty plot to see what a placement there would do."
    if placement is None:
        return sentence(f"{focus} holds a stack: point at an empty plot")
    pv = placement["preview"]
    if pv is None:
        return sentence(f"No stack can stand on {focus}: "
                        f"{placement['reason'] or 'it would touch no region'}")
    text = "; ".join(pv["summary"])
    if not placement["legal"]:
        text += f"; but it is not legal now: {placement['reason']}"
    return sentence(text)


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
            shapes(b, focus, pl)
        return preview_caption(game, focus, pl)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R = b.t, KEY_SAMPLE
        lw = max(1.5, b.lw * 1.6)
        if entry == "place":
            new_stack(b, out, x, y, R, b.v.colours[0], "2", True, lw, "key")
        elif entry == "none":
            b.cross(out, x, y, R, t.preview_shrink, lw * 1.3, None, None)
        else:
            colour = {"shrink": t.preview_shrink, "grow": t.preview_grow,
                      "leave": t.preview_leave}[entry]
            out.append(Circle(x, y, 0.84 * R, None, colour, lw,
                              dash=(3, 2) if entry == "leave" else None))
            if entry == "leave":
                b.cross(out, x, y, R * 1.4, colour, lw, None, None)


register(Preview())

"""The conversions overlay, whole: what the side to move may sprout, grow or capture -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``sprout:e5`` a seed the side to move may sprout (``grow:e5``, ``capture:e5``
a cell of a group it may grow / capture); ``conv-label:e5`` the letter S, G or C.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import and_list, cells_span, plural, sentence, _variant
from ..scene import Circle, KEY_SAMPLE, Polygon
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def shapes(b: _Builder, conv: Mapping[str, Any]) -> None:
    geo, t, R, out = b.geo, b.t, b.R, b.over_l
    lw = max(1.5, b.lw * 2.2)

    def label(name: str, letter: str, colour: str, legend: str) -> None:
        # S in the upper right corner, G and C in the upper left (a seed
        # may both sprout and grow)
        cx, cy = geo.center[geo.ids[name]]
        x = cx + 0.5 * R if letter == "S" else cx - 0.5 * R
        b.letter(out, x, cy - 0.42 * R, R, letter, colour, "conv-label:" + name, legend)

    for e in conv["grow"]:
        if e["ok"]:
            for name in e["cells"]:
                out.append(Polygon(geo.inner[geo.ids[name]], None, t.grow, lw,
                                   tag="grow:" + name, legend="conversions:grow"))
                label(name, "G", t.grow, "conversions:grow")
    for e in conv["capture"]:
        if e["ok"]:
            for name in e["cells"]:
                out.append(Polygon(geo.inner[geo.ids[name]], None, t.capture, lw,
                                   dash=(0.34 * R, 0.2 * R), tag="capture:" + name,
                                   legend="conversions:capture"))
                label(name, "C", t.capture, "conversions:capture")
    for name, reason in conv["sprout"].items():
        if reason is None:
            cx, cy = geo.center[geo.ids[name]]
            out.append(Circle(cx, cy, 0.55 * R, None, t.sprout, lw, tag="sprout:" + name,
                              legend="conversions:sprout"))
            label(name, "S", t.sprout, "conversions:sprout")


# ----------------------------------------------------------- caption
def conversions_caption(game: Game, conv: dict, focus: str | None = None) -> str:
    """What the mover may convert now, or that nothing can be converted and
    why in one phrase (the engine's reason); for a focused seed or group,
    its own reason."""
    v = _variant(game)
    mover = conv["mover"]
    Mover = v.colour_word(mover)
    if focus is not None and focus in game.pieces:
        kind = game.pieces[focus].split()[1]
        reason = None
        if kind == "seed":
            reason = conv["sprout"].get(focus)
            if reason is None:
                return sentence(f"{Mover} may sprout the seed on {focus}")
            g = next((e for e in conv["grow"] if focus in e["cells"]), None)
            if g is not None and g["ok"]:
                return sentence(f"{Mover} may grow the seedbed {cells_span(g['cells'])}; "
                                f"no sprouting: {reason}")
        elif kind == "tree":
            g = next((e for e in conv["capture"] if focus in e["cells"]), None)
            if g is None:
                return sentence(f"The forest on {focus} is {mover}'s own: only an enemy "
                                "forest can be captured")
            if g["ok"]:
                return sentence(f"{Mover} may capture the forest {cells_span(g['cells'])}")
            reason = g["reason"]
        if reason:
            return sentence(reason)
    ok_s = [c for c, r in conv["sprout"].items() if r is None]
    ok_g = [e for e in conv["grow"] if e["ok"]]
    ok_c = [e for e in conv["capture"] if e["ok"]]
    if ok_s or ok_g or ok_c:
        bits = []
        if ok_s:
            bits.append(f"sprout {plural(len(ok_s), 'seed')}")
        if ok_g:
            bits.append(f"grow {plural(len(ok_g), 'seedbed')}")
        if ok_c:
            bits.append(f"capture {plural(len(ok_c), 'forest')}")
        return sentence(f"{Mover} may {and_list(bits)} (S, G, C on the board)")
    return sentence(f"Nothing can be converted now: {nothing_reason(game, conv)}")


def nothing_reason(game: Game, conv: dict) -> str:
    """One phrase saying why the mover can convert nothing (from the
    engine's reasons)."""
    v = _variant(game)
    mover = conv["mover"]
    if not conv["sprout"] and not conv["capture"]:
        return f"there is no seed and no forest of {v.colours[1 - v.colour_index(mover)]}'s " \
               "on the board"
    reasons = list(conv["sprout"].values())
    reasons += [e["reason"] for e in conv["grow"]] + [e["reason"] for e in conv["capture"]]
    reasons = [r for r in reasons if r]
    if len(conv["sprout"]) == 1 and not conv["capture"] and len(reasons) == 1:
        return reasons[0]
    if conv["sprout"] and len(conv["hungry"]) == len(conv["sprout"]) and not conv["capture"]:
        return f"every seed is hungry (it sees the edge), and no seedbed is fertilized " \
               f"all round by {mover}'s {v.kind_word('dendrid', 2)}"
    return (f"no seed has more {mover} nourishers than the other colour's, and no "
            f"seedbed or enemy forest has every fertile {v.plot_word} fertilized by {mover}'s "
            f"{v.kind_word('dendrid', 2)}")


class Conversions(OverlayUnit):
    name, label, scope, draw_order = "conversions", "Conversions", "both", 30
    caption_room = 180
    tooltip = "what the side to move may sprout, grow or capture now, or why nothing"
    entries_of = (("sprout", "S: may sprout"), ("grow", "G: may grow"),
                  ("capture", "C: may capture"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        conv = ex.conversions(game)
        shapes(b, conv)
        return conversions_caption(game, conv, focus)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t = b.t
        colour = {"sprout": t.sprout, "grow": t.grow, "capture": t.capture}[entry]
        b.letter(out, x, y, KEY_SAMPLE, entry[0].upper(), colour, None, None)


register(Conversions())

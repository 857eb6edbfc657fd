"""The nutrients overlay, whole: every seed, hungry or nourished -- its facts (asked of
:mod:`dendria_widget.explain.dendria`), its shapes, its caption and its key.

Its shapes' tags: ``hungry:e5`` / ``nourished:e5`` the ring round a seed; ``nourishers:e5:dark``
and ``nourishers:e5:light`` its nourishers counted by colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...explain import dendria as ex
from ...explain.sentences import plural, sentence
from ..scene import Circle, KEY_SAMPLE, _colour_index
from . import OverlayUnit, register

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ..scene import Shape, _Builder


# ------------------------------------------------------------ shapes
def _lw(b: _Builder) -> float:
    return max(1.5, b.lw * 1.6)


def shapes(b: _Builder, seeds: Mapping[str, Mapping[str, Any]]) -> None:
    geo, t, R, out = b.geo, b.t, b.R, b.over_l
    lw = max(1.5, b.lw * 1.8)
    for name, s in seeds.items():
        cx, cy = geo.center[geo.ids[name]]
        seed_ring(b, out, cx, cy, R, s["hungry"], lw, name)
    # every ring first, then the badges colour by colour: badges stay
    # over the rings they touch, and the canvas draws each kind in one batch
    size = b.ts(0.34)
    dx = max(0.4 * R, max(0.24 * R, 0.62 * size) + 0.5)
    for colour, side in (("dark", -1), ("light", 1)):
        ci = _colour_index(colour)
        for name, s in seeds.items():
            cx, cy = geo.center[geo.ids[name]]
            b.badge(out, cx + side * dx, cy + 0.62 * R, R, t.piece_fill[ci],
                    t.piece_stroke[ci], t.piece_text[ci], str(s["by_colour"][colour]),
                    f"nourishers:{name}:{colour}", f"nutrients:{colour}", k=0.34)


def seed_ring(b: _Builder, out: list[Shape], cx: float, cy: float, R: float, hungry: bool,
              lw: float, name: str) -> None:
    t = b.t
    if hungry:
        out.append(Circle(cx, cy, 0.45 * R, None, t.hungry, lw, tag="hungry:" + name,
                          dash=(0.3 * R, 0.19 * R), legend="nutrients:hungry"))
    else:
        out.append(Circle(cx, cy, 0.45 * R, None, t.nourished, lw, tag="nourished:" + name,
                          legend="nutrients:nourished"))


# ----------------------------------------------------------- caption
def nutrients_caption(game: Game, seeds: dict[str, dict]) -> str:
    hungry = sum(1 for s in seeds.values() if s["hungry"])
    fed = len(seeds) - hungry
    if not seeds:
        return "No seed stands on the board."
    return sentence(f"{plural(hungry, 'hungry seed')} and {plural(fed, 'nourished seed')}; "
                    "the numbers count each seed's nourishers by colour")


class Nutrients(OverlayUnit):
    name, label, scope, draw_order = "nutrients", "Nutrients", "board", 40
    tooltip = "every seed: hungry or nourished, and its nourishers counted by colour"
    entries_of = (("hungry", "a hungry seed"), ("nourished", "a nourished seed"),
                  ("dark", "its dark nourishers"), ("light", "its light nourishers"))

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        seeds = ex.seeds(game)
        shapes(b, seeds)
        return nutrients_caption(game, seeds)

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        t, R = b.t, KEY_SAMPLE
        if entry in ("dark", "light"):
            ci = _colour_index(entry)
            b.badge(out, x, y, R, t.piece_fill[ci], t.piece_stroke[ci], t.piece_text[ci], "2",
                    None, None, k=0.4)
        else:
            out.append(Circle(x, y, t.seed_scale * R * 1.3, t.piece_fill[1], t.piece_stroke[1],
                              1.0))
            seed_ring(b, out, x, y, R * 1.5, entry == "hungry", _lw(b), "key")


register(Nutrients())

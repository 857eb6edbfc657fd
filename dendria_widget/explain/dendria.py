"""Dendria explanations, for the widget's overlays, the tutorials and analyze.

Every function takes a :class:`~dendria_widget.Game` (or its engine state)
and returns plain data with cell names, computed by the engine
(``dendria_widget.rules.dendria``). Cell lists are sorted by row, then index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..geometry import DIRECTION_NAMES, iter_bits
from ..rules.dendria import (COLOURS, COLOUR_OF, DENDRID, GROUP_WORDS, KIND_OF,
                             PIECE_NAMES, SEED, TREE)
from ..rules.variant import variant_for

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..rules.dendria import DendriaState
    from ..rules.refusal import Refusal

    #: What every function here takes: a Game, or its engine state.
    GameOrState = Game | DendriaState


def _state(game: GameOrState) -> DendriaState:
    return cast("DendriaState", getattr(game, "state", game))


def _text(refusal: Refusal | None) -> str | None:
    """A refusal in the edition's words (None stays None)."""
    return None if refusal is None else str(refusal)


def roots(game: GameOrState, cell: str | int) -> list[dict]:
    """The roots of a seed on ``cell`` (or of the cell, as if a seed stood there).

    Each root: direction, the plots it runs over (up to and including the
    nourisher), the nourisher's cell and piece (None for a nutrientless
    root, which sees the edge), and the number of empty plots between.
    """
    st = _state(game)
    b = st.board
    i = b.cell(cell) if isinstance(cell, str) else cell
    out = []
    for d, nour, n in st.roots(i):
        ray = b.rays[i][d]
        path = ray[:n + 1] if nour >= 0 else ray
        out.append({
            "direction": DIRECTION_NAMES[d],
            "cells": [b.name(j) for j in path],
            "nourisher": b.name(nour) if nour >= 0 else None,
            "nourisher_piece": PIECE_NAMES[st.cells[nour]] if nour >= 0 else None,
            "empty_between": n,
            "sees_edge": nour < 0,
        })
    return out


def seeds(game: GameOrState) -> dict[str, dict]:
    """Every seed on the board: hungry or nourished, its nourishers, and the
    nourishers counted by colour."""
    st = _state(game)
    b = st.board
    hungry = st.hungry_mask()
    out = {}
    for i in b.plots:
        c = st.cells[i]
        if not c or KIND_OF[c] != SEED:
            continue
        nours = st.nourishers(i)
        counts = {"dark": 0, "light": 0}
        for j in nours:
            counts[COLOURS[COLOUR_OF[st.cells[j]]]] += 1
        out[b.name(i)] = {
            "piece": PIECE_NAMES[c],
            "hungry": bool(hungry >> i & 1),
            "nourishers": b.names(nours),
            "by_colour": counts,
        }
    return out


def fertilization(game: GameOrState) -> dict[str, dict]:
    """Soils fertilized by each colour, and by which dendrids.

    Returns ``{"dark": {soil: [dendrid cells]}, "light": {...}}`` and the
    lines of sight of every dendrid (``lines``: dendrid cell -> seen plots).
    """
    st = _state(game)
    b = st.board
    out: dict[str, dict] = {"dark": {}, "light": {}, "lines": {}}
    for colour in (0, 1):
        per: dict[int, list[int]] = {}
        for p in iter_bits(st.pieces_of(colour, DENDRID)):
            seen = st.lit_by(p)
            for j in iter_bits(seen):
                per.setdefault(j, []).append(p)
            out["lines"][b.name(p)] = b.names(seen)
        out[COLOURS[colour]] = {b.name(j): b.names(ps)
                                for j, ps in sorted(per.items(), key=lambda kv: b.order[kv[0]])}
    return out


def fertilized(game: GameOrState) -> dict[str, list[str]]:
    """{"dark": [soils], "light": [soils]}: the empty plots each colour fertilizes."""
    st = _state(game)
    f = st.fertilized()
    return {"dark": st.board.names(f[0]), "light": st.board.names(f[1])}


def _group_facts(st: DendriaState, g: int, mover: int) -> dict[str, Any]:
    b = st.board
    first = (g & -g).bit_length() - 1
    c = st.cells[first]
    colour, kind = COLOUR_OF[c], KIND_OF[c]
    fert = st.fertile(g)
    f = st.fertilized()
    soils: dict[str, list[str]] = {}
    for j in iter_bits(fert):
        who = [COLOURS[k] for k in (0, 1) if f[k] >> j & 1]
        soils[b.name(j)] = who
    facts: dict[str, Any] = {"cells": b.names(g), "colour": COLOURS[colour],
                             "kind": GROUP_WORDS[kind], "size": g.bit_count(),
                             "fertile_soils": soils}
    if not fert:
        seen = st.seen_dendrids(g)
        facts["sees_dendrids"] = {"dark": seen[0], "light": seen[1]}
    if kind == TREE and variant_for(st.rules).protection:
        facts["protected"] = st.protected(g, colour)
    return facts


def groups(game: GameOrState) -> list[dict]:
    """Every seedbed and forest with its fertile soils (and who fertilizes
    each), and for forests whether the owner protects them (when the rules
    have protection: ``capture="unprotected"``)."""
    st = _state(game)
    mover = st.to_move
    out = []
    for kind in (SEED, TREE):
        for colour in (0, 1):
            for g in st.groups(colour, kind):
                out.append(_group_facts(st, g, mover))
    out.sort(key=lambda f: st.board.order[st.board.cell(f["cells"][0])])
    return out


def conversions(game: GameOrState, mover: str | int | None = None) -> dict:
    """What ``mover`` (default: the side to move) could convert on this board,
    judged as during a move: sprouts, growths and captures, each with the
    reason when it is refused.

    Returns ``{"mover", "sprout": {cell: reason or None}, "hungry": [cells],
    "grow": [...], "capture": [...]}`` where grow/capture entries are
    ``{"cells": [...], "ok": bool, "reason": str|None}``; reasons are in the
    edition's words, and ``hungry`` lists the seeds refused because they are
    hungry.
    """
    st = _state(game)
    b = st.board
    mover = st.to_move if mover is None else mover
    if isinstance(mover, str):
        mover = COLOURS.index(mover)
    me = COLOURS[mover]
    seeds_ = st.pieces_of(0, SEED) | st.pieces_of(1, SEED)
    refused = {b.name(i): st.sprout_refusal(i, mover) for i in iter_bits(seeds_)}
    sprout = {c: _text(r) for c, r in refused.items()}
    hungry = [c for c, r in refused.items() if r is not None and r.code == "hungry"]
    grow = []
    for colour in (0, 1):
        for g in st.groups(colour, SEED):
            ok = st.growable(g, mover)
            first = (g & -g).bit_length() - 1
            grow.append({"cells": b.names(g), "ok": ok,
                         "reason": None if ok else str(st.grow_refusal(g, mover,
                                                                       b.name(first)))})
    capture = []
    for g in st.groups(1 - mover, TREE):
        ok = st.capturable(g, mover)
        first = (g & -g).bit_length() - 1
        capture.append({"cells": b.names(g), "ok": ok,
                        "reason": None if ok else str(st.capture_refusal(g, mover,
                                                                      b.name(first)))})
    key = lambda e: b.order[b.cell(e["cells"][0])]  # noqa: E731
    grow.sort(key=key)
    capture.sort(key=key)
    return {"mover": me, "sprout": sprout, "hungry": hungry, "grow": grow, "capture": capture}


def placements(game: GameOrState, mover: str | int | None = None) -> dict[str, str | None]:
    """Where ``mover`` could plant if a turn began now, and why not elsewhere:
    ``{cell: None (legal) or reason}`` for every empty plot."""
    st = _state(game)
    b = st.board
    mover = st.to_move if mover is None else mover
    if isinstance(mover, str):
        mover = COLOURS.index(mover)
    return {b.name(i): _text(st.placement_refusal(i, mover)) for i in b.plots
            if not st.cells[i]}


def power(game: GameOrState) -> dict[str, int]:
    """The power of every plot (the fewest plots on any of its six rays)."""
    st = _state(game)
    b = st.board
    return {b.name(i): b.power[i] for i in b.plots}


def slides(game: GameOrState) -> dict[str, list[str]]:
    """For every dendrid of the side to move, the cells one slide reaches
    (all six directions; the power and repetition rules not applied)."""
    st = _state(game)
    b = st.board
    out = {}
    for p in iter_bits(st.pieces_of(st.to_move, DENDRID)):
        out[b.name(p)] = b.names(st.slide_targets(p, st.to_move))
    return out


def explain_cell(game: GameOrState, cell: str | int) -> dict:
    """Everything about one cell: its piece, roots, hungry or nourished,
    why planting there is legal or not, its group, power (under the power
    rule), and (for a seed) whether the side to move could sprout it; for a
    dendrid the cells one slide reaches (during its journey: along the
    locked line only, with the ``journey``)."""
    st = _state(game)
    b = st.board
    i = b.cell(cell) if isinstance(cell, str) else cell
    nm = b.name(i)
    mover = st.to_move
    c = st.cells[i]
    facts: dict[str, Any] = {"cell": nm, "piece": PIECE_NAMES[c] if c else None,
             "roots": roots(st, i), "hungry": st.is_hungry(i)}
    if variant_for(st.rules).power:
        facts["power"] = b.power[i]
    nours = st.nourishers(i)
    counts = {"dark": 0, "light": 0}
    for j in nours:
        counts[COLOURS[COLOUR_OF[st.cells[j]]]] += 1
    facts["nourishers_by_colour"] = counts
    if not c:
        facts["plant"] = _text(st.placement_refusal(i, mover))
        f = st.fertilized()
        facts["fertilized_by"] = [COLOURS[k] for k in (0, 1) if f[k] >> i & 1]
    else:
        g = st.group_at(i)
        facts["group"] = _group_facts(st, g, mover)
        if KIND_OF[c] == SEED:
            conv = conversions(st, mover)
            facts["sprout"] = conv["sprout"][nm]
        if KIND_OF[c] == DENDRID:
            jr = st.journey()
            if jr is not None and jr[1] == i:
                # the journeying dendrid: its slides follow the locked line
                start, _, d, n = jr
                facts["journey"] = {"start": b.name(start), "slides": n,
                                    "direction": DIRECTION_NAMES[d] if d >= 0 else None}
                facts["slides"] = b.names(st.slide_targets(i, COLOUR_OF[c], direction=d))
            else:
                facts["slides"] = b.names(st.slide_targets(i, COLOUR_OF[c]))
    return facts


def overview(game: GameOrState) -> dict:
    """All the explanations at once (what the widget's overlays draw)."""
    return {"seeds": seeds(game), "fertilization": fertilization(game),
            "groups": groups(game), "conversions": conversions(game),
            "placements": placements(game), "power": power(game),
            "slides": slides(game)}


def dendria_analysis(game: GameOrState) -> dict:
    """The Dendria output object of ``analyze`` (docs/notation.md)."""
    st = _state(game)
    b = st.board
    mover = st.to_move
    seeds_ = seeds(st)
    nourished = [n for n, s in seeds_.items() if not s["hungry"]]
    hungry = [n for n, s in seeds_.items() if s["hungry"]]
    conv = conversions(st, mover)
    score = st.score()
    return {
        "to_move": COLOURS[mover],
        "phase": st.phase,
        "game_over": st.over,
        "winner": st.winner(),
        "position": {"to_move": COLOURS[mover], "pieces": st.pieces()},
        "legal_placements": b.names(st.legal_placements(mover)),
        "nourished": nourished,
        "hungry": hungry,
        "nourishers": {n: s["nourishers"] for n, s in seeds_.items()},
        "fertilized": fertilized(st),
        "sprout_eligible": [n for n, r in conv["sprout"].items() if r is None],
        "growable": [e["cells"] for e in conv["grow"] if e["ok"]],
        "capturable": [e["cells"] for e in conv["capture"] if e["ok"]],
        "slides": slides(st),
        "score": {"dark": score["dark"]["total"], "light": score["light"]["total"]},
    }


__all__ = ["roots", "seeds", "fertilization", "fertilized", "groups", "conversions",
           "placements", "power", "slides", "explain_cell", "overview", "dendria_analysis"]

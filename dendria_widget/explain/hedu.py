"""Hedu explanations, for the widget's overlays, the tutorials and analyze.

Every function takes a :class:`~dendria_widget.Game` (or its engine state)
and returns plain data with cell names, computed by the engine
(``dendria_widget.rules.hedu``): regions and who controls them (with the two
lists that decided it), the height a stack would get on each empty plot (or
why it cannot go there), and a preview of what a placement would do, played
on the engine and taken back before the player commits. Cell lists are
sorted by row, then index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence, cast

from ..geometry import iter_bits
from ..rules.hedu import (COLOURS, INCREASE, PLACED, REDUCE_ENEMY, REDUCE_FRIENDLY,
                          HeduState, piece_name)
from .sentences import number_word

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game

    #: What every function here takes: a Game, or its engine state.
    GameOrState = Game | HeduState

STAGE_WORDS = {PLACED: "placed", REDUCE_ENEMY: "enemy reduced",
               REDUCE_FRIENDLY: "friendly reduced", INCREASE: "increased"}


def _state(game: GameOrState) -> HeduState:
    return cast("HeduState", getattr(game, "state", game))


def _cell_id(st: HeduState, cell: str | int) -> int:
    return st.board.cell(cell) if isinstance(cell, str) else cell


def stack_words(piece: str) -> str:
    """'black 2' -> 'black stack of 2'."""
    colour, height = piece.split()
    return f"{colour} stack of {height}"


def _pairs(pairs: Iterable[tuple[int, int]]) -> list[list[int]]:
    return [[h, s] for h, s in pairs]


def _pair_text(p: Sequence[int]) -> str:
    # words, not a Python pair: the widget shows this sentence to learners
    return f"of {p[1]} stack{'s' if p[1] != 1 else ''} of height {p[0]}"


def comparison_text(black: Sequence[tuple[int, int]],
                    white: Sequence[tuple[int, int]]) -> str:
    """Words for the comparison of two (height, size) lists sorted largest
    first, as the engine compares them."""
    if not black and not white:
        return "no group of either colour touches it: nobody controls it"
    decided = HeduState.deciding_entry(black, white)
    if decided is None:
        return "the two lists are identical: nobody controls it"
    k, winner, a_k, b_k = decided
    win, lose = COLOURS[winner], COLOURS[1 - winner]
    wp, lp = (a_k, b_k) if winner == 0 else (b_k, a_k)
    if lp == (0, 0):
        why = f"{win} has a group {_pair_text(wp)} where {lose} has none left"
    elif wp[0] != lp[0]:
        why = f"{win}'s group {_pair_text(wp)} is higher than {lose}'s {_pair_text(lp)}"
    else:
        why = (f"both have height {wp[0]}, and {win}'s group is larger "
               f"({wp[1]} stacks against {lp[1]})")
    head = ("the first entries differ" if k == 0 else
            f"the lists agree on their first entry; entry {k + 1} decides" if k == 1 else
            f"the lists agree on their first {number_word(k)} entries; entry {k + 1} decides")
    return f"{head}: {why}, so {win} controls it"


def regions(game: GameOrState) -> list[dict]:
    """Every region (maximal set of connected empty plots), ordered by its
    first cell: its cells, the (height, size) lists of each colour's groups
    touching it (sorted largest first), the controller (or None), the value
    and the words of the comparison that decided it."""
    st = _state(game)
    b = st.board
    out = []
    for e in st.control():
        black, white = e["lists"]
        ctrl = e["controller"]
        out.append({
            "cells": b.names(e["region"]),
            "black": _pairs(black),
            "white": _pairs(white),
            "controller": COLOURS[ctrl] if ctrl is not None else None,
            "value": e["value"],
            "why": comparison_text(black, white),
        })
    return out


def groups(game: GameOrState) -> list[dict]:
    """Every group (connected stacks of one colour and one height)."""
    st = _state(game)
    b = st.board
    return [{"colour": COLOURS[c], "height": h, "size": size, "cells": b.names(g)}
            for c, h, g, size in st.groups()]


def placement_heights(game: GameOrState, mover: int | None = None) -> dict[str, int]:
    """{cell: height} for every legal placement of ``mover`` (default: the
    side to move), before the reductions and increases."""
    st = _state(game)
    b = st.board
    return {b.name(i): h for i, h in st.placement_heights(mover).items()}


def plot_heights(game: GameOrState) -> dict[str, int]:
    """{cell: height} for every empty plot: the height a stack placed there
    would get (0: no stack can stand there), whatever the repetition rule
    says (see :func:`placements` for what is legal)."""
    st = _state(game)
    b = st.board
    return {b.name(i): st.placement_height(i) for i in b.plots if not st.cells[i]}


def preview(game: GameOrState, cell: str | int, mover: int | None = None) -> dict:
    """What placing on ``cell`` would do, played on the engine and taken
    back (the game is left as it was). Returns the ordered ``changes`` (each
    with its stage: placed, enemy reduced, friendly reduced, increased),
    the stacks that ``shrink`` (and stay), ``leave`` the board or ``grow``
    (first and final piece of each), the ``prisoners`` each colour would
    take, and a ``summary`` in words. Raises IllegalStep when no stack can
    stand there (occupied, or height 0)."""
    st = _state(game)
    b = st.board
    i = _cell_id(st, cell)
    log, gained = st.preview(i, mover)
    changes = []
    first: dict[int, int] = {}
    final: dict[int, int] = {}
    for j, old, new, stage in log:
        nm = b.name(j)
        changes.append({"cell": nm, "stage": STAGE_WORDS[stage],
                        "from": piece_name(old), "to": piece_name(new)})
        first.setdefault(j, old)
        final[j] = new
    shrink: list[dict[str, Any]] = []
    leave: list[dict[str, Any]] = []
    grow: list[dict[str, Any]] = []
    for j in sorted(final, key=b.order.__getitem__):
        if j == i:
            continue
        old, new = first[j], final[j]
        entry: dict[str, Any] = {"cell": b.name(j), "from": piece_name(old),
                                 "to": piece_name(new)}
        if not new:
            leave.append(entry)
        elif new >> 1 < old >> 1:
            shrink.append(entry)
        elif new >> 1 > old >> 1:
            grow.append(entry)
    placed = piece_name(log[0][2])
    assert placed is not None      # a placement always stands a stack there
    summary = [f"a {stack_words(placed)} stands on {b.name(i)} (it touches "
               f"{log[0][2] >> 1} region{'s' if log[0][2] >> 1 != 1 else ''})"]
    for e in leave:
        summary.append(f"the {stack_words(e['from'])} on {e['cell']} touches no region any "
                       "more and leaves the board")
    for e in shrink:
        summary.append(f"the {stack_words(e['from'])} on {e['cell']} is reduced to "
                       f"{e['to'].split()[1]}")
    for e in grow:
        summary.append(f"the {stack_words(e['from'])} on {e['cell']} grows to "
                       f"{e['to'].split()[1]}")
    for k in (0, 1):
        if gained[k]:
            summary.append(f"{COLOURS[k]} takes {gained[k]} prisoner"
                           f"{'s' if gained[k] != 1 else ''}")
    return {"cell": b.name(i), "placed": placed, "changes": changes, "shrink": shrink,
            "leave": leave, "grow": grow,
            "prisoners": {"black": gained[0], "white": gained[1]}, "summary": summary}


def placement(game: GameOrState, cell: str | int, mover: int | None = None) -> dict:
    """Can ``mover`` (default: the side to move) place on ``cell`` now?
    ``legal``, the ``reason`` when not, the ``height`` the stack would get
    (None when no stack can stand there) and the ``preview`` (when a stack
    can stand there, even if the repetition rule forbids it)."""
    st = _state(game)
    b = st.board
    i = _cell_id(st, cell)
    if mover is None:
        mover = st.to_move
    nm = b.name(i)
    if st.over or st.to_move == mover:
        refused = st.refusal(("place", i))
    else:
        refused = st.placement_refusal(i, mover)
    reason = None if refused is None else str(refused)
    standable = not st.cells[i] and bool(st.placeable_mask() >> i & 1)
    return {"cell": nm, "legal": reason is None, "reason": reason,
            "height": st.placement_height(i) if standable else None,
            "preview": preview(st, i, mover) if standable else None}


def placements(game: GameOrState, mover: int | None = None) -> dict[str, str | None]:
    """{cell: None if legal, else the reason} for every empty plot."""
    st = _state(game)
    b = st.board
    if mover is None:
        mover = st.to_move
    legal = st.legal_placements(mover)
    out: dict[str, str | None] = {}
    for i in b.plots:
        if st.cells[i]:
            continue
        out[b.name(i)] = None if legal >> i & 1 else str(st.placement_refusal(i, mover))
    return out


def stacks(game: GameOrState) -> dict[str, dict]:
    """Every stack: its piece, how many regions touch it, and its group."""
    st = _state(game)
    b = st.board
    k = st.region_counts()
    out = {}
    for i in iter_bits(st.occ):
        n = next(c for c in range(4) if k[c] >> i & 1)
        out[b.name(i)] = {"piece": piece_name(st.cells[i]), "height": st.cells[i] >> 1,
                          "regions": n}
    return out


def explain_cell(game: GameOrState, cell: str | int) -> dict:
    """Everything about one cell, for the widget's hover and the tutorials.

    An empty plot: its region, the height a stack of the side to move would
    get there, whether it may go there (and why not), and the preview. A
    stack: its piece, how many regions touch it, its group."""
    st = _state(game)
    b = st.board
    i = _cell_id(st, cell)
    nm = b.name(i)
    c = st.cells[i]
    facts: dict[str, Any] = {"cell": nm, "piece": piece_name(c)}
    if not c:
        reg = next(e for e in regions(st) if nm in e["cells"])
        facts["region"] = reg
        facts["placement"] = placement(st, i)
    else:
        facts["height"] = c >> 1
        facts["regions"] = st.adjacent_regions(i)
        g = next(e for e in groups(st) if nm in e["cells"])
        facts["group"] = g
    return facts


def overview(game: GameOrState) -> dict:
    """All the explanations at once (what the widget's overlays draw)."""
    return {"regions": regions(game), "groups": groups(game),
            "placements": placements(game), "placement_heights": placement_heights(game),
            "plot_heights": plot_heights(game),
            "stacks": stacks(game)}


def hedu_analysis(game: GameOrState) -> dict:
    """The Hedu output object of ``analyze`` (docs/notation.md)."""
    st = _state(game)
    b = st.board
    mover = st.to_move
    score = st.score()
    heights = st.placement_heights(mover)
    return {
        "to_move": COLOURS[mover],
        "phase": st.phase,
        "game_over": st.over,
        "winner": st.winner(),
        "position": {"to_move": COLOURS[mover], "pieces": st.pieces(),
                     "prisoners": {"black": st.prisoners[0], "white": st.prisoners[1]}},
        "legal_placements": [b.name(i) for i in sorted(heights, key=b.order.__getitem__)],
        "placement_heights": {b.name(i): h for i, h in
                              sorted(heights.items(), key=lambda t: b.order[t[0]])},
        "regions": [{"cells": r["cells"], "controller": r["controller"], "value": r["value"]}
                    for r in regions(st)],
        "score": {"black": score["black"]["total"], "white": score["white"]["total"]},
    }


__all__ = ["comparison_text", "regions", "groups", "placement_heights", "plot_heights",
           "preview",
           "placement", "placements", "stacks", "explain_cell", "overview", "hedu_analysis"]

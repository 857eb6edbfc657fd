"""Claims: the facts a lesson page states, as data the engine checks.

A page that says "b2, c3, a4 and d1 are fertilized by both colours" or
"Dark leads 4.5 to 3" declares it in its ``claims``::

    Page(..., claims=(claims.fertilized_by_both("a4", "b2", "c3", "d1"),
                      claims.score("dark", 4.5)))

and ``tests/test_lesson_claims.py`` asks the engine (:class:`~dendria_widget.Game`
and :mod:`dendria_widget.explain`) whether each claim holds on the page's
board, and checks that the page's text names what the claim is about (its
cells, its number). No rule is decided here: every query is a question to
the engine.

A claim is checked on the board the page shows: after its ``play`` steps
(``at="end"``, the default) or before them (``at="start"``). A claim about
what can or cannot happen later (:func:`stays`) is checked over every
continuation of a few whole turns of both sides, found with
:func:`whole_turns`; a lesson says "never" or "always" about a position only
with such a claim, bounded as it says.

    >>> from dendria_widget import Game
    >>> g = Game.from_position("dendria-classic h4 D3/5/6/3d3/6/5/4 dark")
    >>> claim = fertilized_by_both("a4", "b2", "c3", "d1")
    >>> claim.holds(g), claim.mentions
    (True, ('a4', 'b2', 'c3', 'd1'))
    >>> fertilized_by_both("b2", "c3").holds(g)
    False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import DendriaError
from ..explain import dendria as explain
from ..explain import hedu as hedu_explain
from ..game import Game


def whole_turns(game: Game, limit: int = 50_000) -> list[list[str]]:
    """Every whole turn the side to move may play now, each a list of step
    strings (a plant or a journey up to its end step; a pass, a swap, a
    Hedu placement...), found by asking the engine for its legal steps one
    step after another. Two partial turns that reach the same board with the
    same steps (in another order) are followed once. ``game`` is left as it
    was. More than ``limit`` turns is a DendriaError (a search too big)."""
    out: list[list[str]] = []
    seen: set = set()
    if game.is_over:
        return out

    def walk(path: list[str]) -> None:
        for st in game.legal_steps():
            game.play(st)
            here = path + [str(st)]
            try:
                if game.is_over or not game.turn_under_way:
                    out.append(here)
                    if len(out) > limit:
                        raise DendriaError(f"more than {limit} whole turns from here")
                else:
                    key = (game.position_string(), frozenset(here))
                    if key not in seen:
                        seen.add(key)
                        walk(here)
            finally:
                game.undo()

    walk([])
    return out


def continuations(game: Game, turns: int) -> list[Game]:
    """Every game reached from ``game`` by ``turns`` more whole turns (both
    sides in turn, as the engine allows), each a fresh copy; a game that ends
    sooner is given as it ended."""
    frontier = [game.copy()]
    for _ in range(turns):
        nxt: list[Game] = []
        for g in frontier:
            if g.is_over:
                nxt.append(g)
                continue
            for t in whole_turns(g):
                after = g.copy()
                after.play(*t)
                nxt.append(after)
        frontier = nxt
    return frontier


def _cells(values: Any) -> tuple[str, ...]:
    return tuple(sorted(values, key=lambda c: (c.rstrip("0123456789"),
                                               int(c[len(c.rstrip("0123456789")):]))))


def _group(game: Game, cell: str) -> dict[str, Any] | None:
    return next((g for g in explain.groups(game) if cell in g["cells"]), None)


def _conversion(game: Game, verb: str, cell: str, mover: str) -> bool:
    entries = explain.conversions(game, mover)[verb]
    if verb == "sprout":
        if cell not in entries:
            raise DendriaError(f"there is no seed on {cell}")
        return entries[cell] is None
    for e in entries:
        if cell in e["cells"]:
            return e["ok"]
    raise DendriaError(f"there is no group on {cell} that could be {verb}d")


def _leader(game: Game) -> str:
    s = game.score()
    (a, sa), (b, sb) = ((c, s[c]["total"]) for c in s)
    return a if sa > sb else b if sb > sa else "nobody"


def _region(game: Game, cell: str) -> dict[str, Any]:
    region = next((r for r in hedu_explain.regions(game) if cell in r["cells"]), None)
    if region is None:
        raise DendriaError(f"{cell} is in no region (it is not an empty plot)")
    return region


def _named(game: Game, row: int, place: int) -> str:
    """The name the board gives the ``place``-th cell from the left of its
    ``row``-th row from the top (rows: the board's rows of plots)."""
    board = game.board
    rows = sorted({board.axial(i)[1] for i in board.plots})
    if not 1 <= row <= len(rows):
        raise DendriaError(f"the board has rows 1 to {len(rows)}, not {row}")
    cells = sorted((i for i in board.plots if board.axial(i)[1] == rows[row - 1]),
                   key=lambda i: board.axial(i)[0])
    if not 1 <= place <= len(cells):
        raise DendriaError(f"row {row} has places 1 to {len(cells)}, not {place}")
    return board.name(cells[place - 1])


def _middle(game: Game) -> str:
    """The board's middle cell: the plot at the centre of the hexagon."""
    i = game.board.id_at(0, 0)
    if i is None:
        raise DendriaError("this board has no plot at its centre")
    return game.board.name(i)


def _verbs_after(game: Game, steps: Sequence[str]) -> tuple[str, ...]:
    """The verbs of the steps the engine allows after ``steps`` (played on a
    copy of ``game``)."""
    g = game.copy()
    g.play(*steps)
    return tuple(sorted({st.verb for st in g.legal_steps()}))


def _after(game: Game, steps: Sequence[str], query: str, args: tuple[Any, ...]) -> Any:
    """The engine's answer to ``query(*args)`` once ``steps`` are played on a
    copy of ``game`` (a fact in the middle of a page's steps)."""
    g = game.copy()
    g.play(*steps)
    return QUERIES[query](g, *args)


def _sees_dendrids(game: Game, cell: str) -> tuple[int, int]:
    group = _group(game, cell)
    if group is None or "sees_dendrids" not in group:
        raise DendriaError(f"there is no group on {cell} judged by the dendrids it sees")
    return group["sees_dendrids"]["dark"], group["sees_dendrids"]["light"]


def _ends_under(game: Game, option: str, value: Any) -> bool:
    """Whether the steps played in ``game`` since its start would have ended
    the game under the same rules with ``option`` set to ``value`` (replayed
    by the engine from the same start position)."""
    start = game.copy().go_to(0)
    replay = Game.from_position(start.position_string(), **{option: value})
    for step in game.steps:
        if replay.is_over:
            return True
        replay.play(str(step))
    return replay.is_over


def _stays(game: Game, cell: str, turns: int) -> bool:
    piece = game.pieces.get(cell)
    return all(g.pieces.get(cell) == piece for g in continuations(game, turns))


#: The questions a claim may ask, each answered by the engine.
QUERIES: dict[str, Callable[..., Any]] = {
    "piece": lambda g, cell: g.pieces.get(cell),
    "holding": lambda g, piece: _cells(c for c, p in g.pieces.items() if p == piece),
    "fertilized": lambda g, colour: _cells(explain.fertilization(g)[colour]),
    "fertilized_among": lambda g, colour, cells: _cells(set(cells)
                                                       & set(explain.fertilization(g)[colour])),
    "fertilized_by_both": lambda g: _cells(set(explain.fertilization(g)["dark"])
                                           & set(explain.fertilization(g)["light"])),
    "hungry": lambda g, cell: explain.seeds(g)[cell]["hungry"],
    "nourishers": lambda g, cell: (explain.seeds(g)[cell]["by_colour"]["dark"],
                                   explain.seeds(g)[cell]["by_colour"]["light"]),
    "roots": lambda g, cell: len(explain.roots(g, cell)),
    "sees_edge": lambda g, cell: tuple(r["direction"] for r in explain.roots(g, cell)
                                       if r["sees_edge"]),
    "group": lambda g, cell: _cells((_group(g, cell) or {"cells": ()})["cells"]),
    "fertile_soils": lambda g, cell: _cells((_group(g, cell) or {"fertile_soils": {}})
                                            ["fertile_soils"]),
    "may_sprout": lambda g, cell, mover: _conversion(g, "sprout", cell, mover),
    "may_grow": lambda g, cell, mover: _conversion(g, "grow", cell, mover),
    "may_capture": lambda g, cell, mover: _conversion(g, "capture", cell, mover),
    "legal": lambda g, step: g.is_legal(step),
    "score": lambda g, colour: g.score()[colour]["total"],
    "forests": lambda g, colour: tuple(sorted(g.score()[colour]["forests"], reverse=True)),
    "leader": _leader,
    "over": lambda g: g.is_over,
    "winner": lambda g: g.winner,
    "option": lambda g, name: g.options.get(name),
    "regions": lambda g: len(hedu_explain.regions(g)),
    "controller": lambda g, cell: _region(g, cell)["controller"] or "nobody",
    "region_value": lambda g, cell: _region(g, cell)["value"],
    "prisoners": lambda g, colour: g.position()["prisoners"][colour],
    "stays": _stays,
    "to_move": lambda g: g.to_move,
    "ends_under": _ends_under,
    "modules": lambda g: len(g.board.spec.get("modules", ())),
    "new_height": lambda g, cell: hedu_explain.plot_heights(g)[cell],
    "region_cells": lambda g, cell: _cells(_region(g, cell)["cells"]),
    "stacks_group": lambda g, cell: next((_cells(gr["cells"]) for gr in hedu_explain.groups(g)
                                          if cell in gr["cells"]), ()),
    "off_board": lambda g, cell: tuple(r["direction"] for r in explain.roots(g, cell)
                                       if not r["cells"]),
    "next_to": lambda g, cell, colour: _cells(
        n for n in g.board.names(g.board.neighbours[g.board.cell(cell)])
        if (g.pieces.get(n) or "").startswith(colour)),
    "after": _after,
    "score_part": lambda g, colour, part: g.score()[colour][part],
    "sees_dendrids": _sees_dendrids,
    "named": _named,
    "middle": _middle,
    "pieces": lambda g: len(g.pieces),
    "legal_count": lambda g, verb: sum(1 for st in g.legal_steps() if st.verb == verb),
    "verbs_after": _verbs_after,
    "default_plots": lambda g: Game(g.ruleset).board.n_plots,
    "power": lambda g, cell: explain.power(g)[cell],
    "plots": lambda g: len(explain.power(g)),
}


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@dataclass(frozen=True)
class Claim:
    """One fact a page states: the engine's answer to ``query(*args)`` is
    ``expect``. ``mentions``: the words the page's text must hold (by
    default, the cells and numbers of the claim). ``at``: checked after the
    page's play steps ("end") or before them ("start")."""

    query: str
    args: tuple
    expect: Any
    mentions: tuple[str, ...] = ()
    at: str = "end"

    def __post_init__(self) -> None:
        if self.query not in QUERIES:
            raise DendriaError(f"a claim asks one of {', '.join(QUERIES)}, not {self.query!r}")
        if self.at not in ("start", "end"):
            raise DendriaError(f"a claim is checked at 'start' or 'end', not {self.at!r}")

    def actual(self, game: Game) -> Any:
        """What the engine answers on ``game``."""
        return QUERIES[self.query](game, *self.args)

    def holds(self, game: Game) -> bool:
        return self.actual(game) == self.expect

    def __str__(self) -> str:
        args = ", ".join(map(str, self.args))
        return f"{self.query}({args}) == {self.expect!r}"


def _claim(query: str, args: Iterable[Any], expect: Any, mentions: Iterable[str],
           at: str) -> Claim:
    return Claim(query, tuple(args), expect, tuple(mentions), at)


def piece(cell: str, what: str | None, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The piece on ``cell`` is ``what`` ('dark tree'; None: the cell is empty)."""
    return _claim("piece", (cell,), what, (cell,) if mentions is None else mentions, at)


def holding(piece: str, *cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The cells holding a ``piece`` ('dark dendrid', 'white 1') are exactly
    ``cells``."""
    cells = _cells(cells)
    return _claim("holding", (piece,), cells, cells if mentions is None else mentions, at)


def fertilized(colour: str, *cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The empty soils ``colour`` fertilizes are exactly ``cells``."""
    cells = _cells(cells)
    return _claim("fertilized", (colour,), cells, cells if mentions is None else mentions, at)


def not_fertilized(colour: str, *cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """None of ``cells`` is fertilized by ``colour``."""
    cells = _cells(cells)
    return _claim("fertilized_among", (colour, cells), (),
                  cells if mentions is None else mentions, at)


def fertilizes(colour: str, *cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``colour`` fertilizes every one of ``cells`` (and maybe more)."""
    cells = _cells(cells)
    return _claim("fertilized_among", (colour, cells), cells,
                  cells if mentions is None else mentions, at)


def fertilized_by_both(*cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The soils fertilized by both colours are exactly ``cells``."""
    cells = _cells(cells)
    return _claim("fertilized_by_both", (), cells, cells if mentions is None else mentions, at)


def hungry(cell: str, yes: bool = True, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The seed on ``cell`` is hungry (``yes``) or nourished."""
    return _claim("hungry", (cell,), yes, (cell,) if mentions is None else mentions, at)


def nourishers(cell: str, dark: int, light: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The seed on ``cell`` has ``dark`` dark and ``light`` light nourishers."""
    return _claim("nourishers", (cell,), (dark, light),
                  (cell,) if mentions is None else mentions, at)


def roots(cell: str, count: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``cell`` has ``count`` roots (lines holding at least one soil)."""
    return _claim("roots", (cell,), count, (cell,) if mentions is None else mentions, at)


def sees_edge(cell: str, *directions: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``cell`` sees the edge exactly along ``directions`` ("E", "SW"...; in the
    engine's order)."""
    return _claim("sees_edge", (cell,), tuple(directions),
                  (cell,) if mentions is None else mentions, at)


def group(*cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The cells form one whole seedbed or forest."""
    cells = _cells(cells)
    return _claim("group", (cells[0],), cells, cells if mentions is None else mentions, at)


def fertile_soils(cell: str, *soils: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The fertile soils of the group on ``cell`` are exactly ``soils``."""
    soils = _cells(soils)
    return _claim("fertile_soils", (cell,), soils, soils if mentions is None else mentions, at)


def may_sprout(cell: str, mover: str, yes: bool = True, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``mover`` may (or may not) sprout the seed on ``cell`` (as during a move)."""
    return _claim("may_sprout", (cell, mover), yes,
                  (cell,) if mentions is None else mentions, at)


def may_grow(cell: str, mover: str, yes: bool = True, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``mover`` may (or may not) grow the seedbed on ``cell`` (as during a move)."""
    return _claim("may_grow", (cell, mover), yes,
                  (cell,) if mentions is None else mentions, at)


def may_capture(cell: str, mover: str, yes: bool = True, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``mover`` may (or may not) capture the forest on ``cell`` (as during a move)."""
    return _claim("may_capture", (cell, mover), yes,
                  (cell,) if mentions is None else mentions, at)


def legal(step: str, yes: bool = True, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The step ``step`` may (or may not) be played now."""
    return _claim("legal", (step,), yes, mentions, at)


def score(colour: str, total: float, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """``colour``'s score (as if the game ended now) is ``total``."""
    return _claim("score", (colour,), total,
                  (_number(total),) if mentions is None else mentions, at)


def forests(colour: str, *sizes: int, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """``colour``'s forests have exactly these sizes (a Dendria score's forests)."""
    return _claim("forests", (colour,), tuple(sorted(sizes, reverse=True)), mentions, at)


def leader(colour: str, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """``colour`` ('dark', 'light', 'black', 'white', or 'nobody') leads."""
    return _claim("leader", (), colour, mentions, at)


def over(yes: bool = True, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The game is over (or not)."""
    return _claim("over", (), yes, mentions, at)


def winner(colour: str, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The game is over and ``colour`` won ('draw': nobody did)."""
    return _claim("winner", (), colour, mentions, at)


def option(name: str, value: Any, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The game's rules set option ``name`` to ``value``."""
    return _claim("option", (name,), value, mentions, at)


def regions(count: int, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """Hedu: the empty plots form ``count`` regions."""
    return _claim("regions", (), count, mentions, at)


def controls(cell: str, colour: str, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Hedu: ``colour`` ('nobody': no one) controls the region of ``cell``."""
    return _claim("controller", (cell,), colour, (cell,) if mentions is None else mentions, at)


def worth(cell: str, value: Any, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Hedu: the region of ``cell`` is worth ``value``."""
    return _claim("region_value", (cell,), value,
                  (str(value),) if mentions is None else mentions, at)


def prisoners(colour: str, count: int, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """Hedu: ``colour`` holds ``count`` prisoners."""
    return _claim("prisoners", (colour,), count, mentions, at)


def stays(cell: str, turns: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Whatever both sides play in the next ``turns`` whole turns, the piece
    on ``cell`` stays as it is (checked over every continuation)."""
    return _claim("stays", (cell, turns), True, (cell,) if mentions is None else mentions, at)


def power(cell: str, value: Any, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The power of ``cell`` is ``value``."""
    return _claim("power", (cell,), value,
                  (cell, str(value)) if mentions is None else mentions, at)


def after(steps: Sequence[str], claim: Claim) -> Claim:
    """``claim`` holds once ``steps`` are played (from the board the claim's
    ``at`` names): a fact in the middle of a page's steps, e.g.
    ``after(("plant f2",), nourishers("d4", 5, 1, at="start"))``."""
    return Claim("after", (tuple(steps), claim.query, claim.args), claim.expect,
                 claim.mentions, claim.at)


def score_part(colour: str, part: str, value: Any, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """A part of ``colour``'s score (``game.score()``'s keys: ``distinct_sizes``,
    ``majorities``, ``largest_forests_bonus``, ``komi``) is ``value``."""
    shown = (_number(value),) if isinstance(value, (int, float)) else ()
    return _claim("score_part", (colour, part), value,
                  shown if mentions is None else mentions, at)


def sees_dendrids(cell: str, dark: int, light: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The group on ``cell`` (with no fertile soil) sees ``dark`` dark and
    ``light`` light dendrids (sprites)."""
    return _claim("sees_dendrids", (cell,), (dark, light),
                  (cell,) if mentions is None else mentions, at)


def off_board(cell: str, *directions: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The lines of ``cell`` that leave the board at once (no plot on them)
    are exactly ``directions`` (in the engine's order)."""
    return _claim("off_board", (cell,), tuple(directions),
                  (cell,) if mentions is None else mentions, at)


def next_to(cell: str, colour: str, *cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The cells next to ``cell`` that hold ``colour``'s pieces are exactly
    ``cells``."""
    cells = _cells(cells)
    return _claim("next_to", (cell, colour), cells,
                  (cell, *cells) if mentions is None else mentions, at)


def new_height(cell: str, height: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Hedu: a stack placed on the empty plot ``cell`` would get ``height``
    pieces (0: none can stand there)."""
    return _claim("new_height", (cell,), height, (cell,) if mentions is None else mentions, at)


def region_cells(*cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Hedu: ``cells`` are exactly one region."""
    cells = _cells(cells)
    return _claim("region_cells", (cells[0],), cells, cells if mentions is None else mentions,
                  at)


def stacks_group(*cells: str, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """Hedu: ``cells`` are exactly one group (touching stacks of one colour
    and one height)."""
    cells = _cells(cells)
    return _claim("stacks_group", (cells[0],), cells, cells if mentions is None else mentions,
                  at)


def ends_under(option: str, value: Any, yes: bool = True, *,
               at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The turns played so far would (or would not) have ended the game had
    the rules set ``option`` to ``value`` (e.g. the classic move limit in a
    sprites game)."""
    return _claim("ends_under", (option, value), yes, mentions, at)


def modules(count: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """A modular board: it is made of ``count`` modules."""
    return _claim("modules", (), count, (str(count),) if mentions is None else mentions, at)


def to_move(colour: str, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """``colour`` is to move."""
    return _claim("to_move", (), colour, mentions, at)


def named(row: int, place: int, cell: str, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The cell ``place``-th from the left in the ``row``-th row from the top
    is called ``cell``."""
    return _claim("named", (row, place), cell, (cell,) if mentions is None else mentions, at)


def middle(cell: str, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The middle cell of the (hexagon) board is ``cell``."""
    return _claim("middle", (), cell, (cell,) if mentions is None else mentions, at)


def pieces(count: int, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The board holds ``count`` pieces (0: it is empty)."""
    return _claim("pieces", (), count, mentions, at)


def legal_count(verb: str, count: int, *, at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """The engine allows ``count`` steps with this verb now (e.g. plants on
    61 cells)."""
    return _claim("legal_count", (verb,), count, mentions, at)


def verbs_after(steps: Sequence[str], *verbs: str,
                at: str = "end", mentions: Sequence[str] = ()) -> Claim:
    """After ``steps`` the engine allows exactly steps of these verbs (e.g.
    after Dark's opening seed: only ``end``)."""
    return _claim("verbs_after", (tuple(steps),), tuple(sorted(verbs)), mentions, at)


def default_plots(count: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """A game of this ruleset with its default board has ``count`` plots."""
    return _claim("default_plots", (), count, (str(count),) if mentions is None else mentions,
                  at)


def plots(count: int, *, at: str = "end", mentions: Sequence[str] | None = None) -> Claim:
    """The board has ``count`` soils."""
    return _claim("plots", (), count, (str(count),) if mentions is None else mentions, at)


__all__ = [
    "QUERIES",
    "Claim",
    "continuations",
    "after",
    "default_plots",
    "ends_under",
    "legal_count",
    "score_part",
    "sees_dendrids",
    "middle",
    "modules",
    "named",
    "new_height",
    "next_to",
    "off_board",
    "pieces",
    "to_move",
    "verbs_after",
    "fertile_soils",
    "fertilized",
    "fertilized_by_both",
    "group",
    "hungry",
    "leader",
    "legal",
    "may_capture",
    "may_grow",
    "may_sprout",
    "not_fertilized",
    "nourishers",
    "over",
    "piece",
    "plots",
    "power",
    "roots",
    "score",
    "stacks_group",
    "stays",
    "whole_turns",
    "winner",
]

"""Fields: a lesson's facts written by the engine, not typed.

A sentence of a lesson (a page's text, an exercise's prompt, hint or
verdict) is a **template**: its prose is typed, and every fact it states (a
number, a count, a list of cells, a colour, a player, a score, "can" or
"cannot") is a **field** answered by an engine query when the page is
built::

    "Light's tree on a1 has {fertile_soils(a1)|n|word} fertile {soils}: "
    "{fertile_soils(a1)}."
    # -> "Light's tree on a1 has three fertile soils: a2, b1 and b2."

A field is ``{query(arg, arg)|format|format@at}``:

- ``query`` is one of :data:`QUERIES` (the claims' questions, each answered
  through :class:`~dendria_widget.Game` and :mod:`dendria_widget.explain`);
  its arguments are words (cells, colours, a piece such as ``dark
  dendrid``; several cells in one argument are separated by spaces).
- each ``format`` turns the answer into words (:data:`FORMATS`): ``n`` (how
  many), ``word`` (a number in words), ``ordinal`` ("fourth"), ``cap`` (a capital), ``can``
  ("can"/"cannot"), ``piece`` (a piece in the edition's words), ``colour``
  (the colour of a piece), ``of(word)`` ("3 soils"), ...;
- ``@at`` is the board the fact is about: ``@0`` (the default) the page's
  board before its play steps (an exercise: the board the learner starts
  from), ``@end`` after all of them (an exercise: after its solution),
  ``@2`` after the first two play steps.

The edition's words (``{soil}``, ``{dendrid}``, ``{plant}``...; see
:meth:`~dendria_widget.rules.variant.Variant.words`) are fields too, with no
query.

:func:`render` fills a template and tells where each field landed;
:func:`false_statements` reads a sentence back against its template and
asks the engine, now, whether what each field's place *says* is so: a
number changed by one, a cell changed to its neighbour, Dark written for
Light, all make the sentence false, and the check says which field.

    >>> from dendria_widget import Game
    >>> g = Game.from_position("dendria-classic h4 T2d/4d/6/D2DD2/6/5/4 dark")
    >>> t = "Light's tree on a1 has {fertile_soils(a1)|n|word} fertile {soils}: {fertile_soils(a1)}."
    >>> text = render(t, {"0": g}).text
    >>> text
    "Light's tree on a1 has three fertile soils: a2, b1 and b2."
    >>> false_statements(t, text, {"0": g})
    []
    >>> [f.field for f in false_statements(t, text.replace("three", "four"), {"0": g})]
    ['fertile_soils(a1)|n|word']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import DendriaError
from ..explain import dendria as explain
from ..explain import hedu as hedu_explain
from ..explain.sentences import and_list, points
from ..game import Game
from .. import geometry
from ..rules import base as rules_base
from ..rules.variant import plural_of
from .claims import QUERIES as CLAIM_QUERIES

#: A fact field: ``{query(args)|format...@at}`` (a query always has brackets,
#: so ``{soil}`` is an edition word, not a fact).
FIELD = re.compile(r"\{(?P<query>[a-z_]+)\((?P<args>[^(){}]*)\)"
                   r"(?P<formats>(?:\|[a-z_]+(?:\([^(){}]*\))?)*)"
                   r"(?:@(?P<at>end|\d+))?\}")
#: An edition's word field: ``{soil}``, ``{Dendrids}``...
WORD_FIELD = re.compile(r"\{(?P<word>[A-Za-z_]+)\}")

DIRECTION_WORDS = {"E": "east", "W": "west", "NE": "north-east", "NW": "north-west",
                   "SE": "south-east", "SW": "south-west"}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen", "twenty")
ORDINAL_WORDS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                 "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth",
                 "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                 "nineteenth", "twentieth")


def _cells(values: Any) -> tuple[str, ...]:
    def key(c: str) -> tuple[str, int]:
        row = c.rstrip("0123456789")
        return row, int(c[len(row):] or 0)
    return tuple(sorted(values, key=key))


def _split(arg: str) -> tuple[str, ...]:
    return tuple(arg.split())


def _group_of(game: Game, cell: str) -> dict[str, Any]:
    group = next((g for g in explain.groups(game) if cell in g["cells"]), None)
    if group is None:
        raise DendriaError(f"there is no seedbed or forest on {cell}")
    return group


def _fertilized_by(game: Game, cell: str) -> tuple[str, ...]:
    """The colours that fertilize the empty soil ``cell``."""
    fert = explain.fertilization(game)
    return tuple(c for c in ("dark", "light") if cell in fert[c])


def _nourisher_count(game: Game, cell: str, colour: str) -> int:
    return int(explain.seeds(game)[cell]["by_colour"][colour])


def _score(game: Game, colour: str) -> float:
    return float(game.score()[colour]["total"])


def _lead(game: Game) -> float:
    s = game.score()
    totals = sorted((float(v["total"]) for v in s.values()), reverse=True)
    return totals[0] - totals[1]


def _leader(game: Game) -> str:
    return str(CLAIM_QUERIES["leader"](game))


def _other(game: Game, colour: str) -> str:
    colours = game.variant.colours
    return colours[1 - colours.index(colour)]


def _lines(game: Game, cell: str) -> int:
    """How many of the six lines of ``cell`` hold at least one other cell."""
    b = game.board
    return sum(1 for ray in b.rays[b.cell(cell)] if ray)


def _sees(game: Game, cell: str) -> tuple[str, ...]:
    """The empty soils the dendrid on ``cell`` fertilizes."""
    return _cells(explain.fertilization(game)["lines"].get(cell, ()))


def _tallest_placement(game: Game) -> int:
    """Hedu: the most pieces a placement may get now."""
    return max(hedu_explain.placement_heights(game).values(), default=0)


def _best_placement(game: Game, measure: Callable[[Game], int]) -> int:
    """Hedu: the largest ``measure`` of the game after one placement of the
    side to move (0 when it has none)."""
    best = 0
    for step in game.legal_steps():
        if step.verb == "place":
            after = game.copy()
            after.play(step)
            best = max(best, measure(after))
    return best


def _most_prisoners(game: Game) -> int:
    """Hedu: the most prisoners one placement of the side to move takes now."""
    mover = game.to_move
    before = int(game.position().get("prisoners", {}).get(mover, 0))
    return _best_placement(game, lambda after: int(after.position()["prisoners"][mover]) - before)


def _most_controlled(game: Game) -> int:
    """Hedu: the most regions the side to move controls after one placement."""
    mover = game.to_move
    return _best_placement(game, lambda after: int(after.score()[mover]["controlled_regions"]))


def _most_region_value(game: Game) -> int:
    """Hedu: the most the regions the side to move controls are worth after
    one placement."""
    mover = game.to_move
    return _best_placement(game, lambda after: int(after.score()[mover]["regions"]))


def _best_score(game: Game) -> float:
    """Hedu: the highest score of the side to move after one placement."""
    mover = game.to_move
    best = 0.0
    for step in game.legal_steps():
        if step.verb == "place":
            after = game.copy()
            after.play(step)
            best = max(best, float(after.score()[mover]["total"]))
    return best


def _journey_ends(game: Game, cell: str) -> tuple[str, ...]:
    """The cells where a journey of the dendrid on ``cell`` may end this turn
    (every whole turn that moves it, asked of the engine)."""
    from .claims import whole_turns

    ends = set()
    for turn in whole_turns(game):
        if turn[0] == f"move {cell}":
            slides = [s.split()[1] for s in turn if s.split()[0] == "slide"]
            if slides:
                ends.add(slides[-1])
    return _cells(ends)


def most_sprouts(game: Game) -> int:
    """The most seeds one whole turn of the side to move sprouts (every whole
    turn asked of the engine)."""
    from .claims import whole_turns

    return max((sum(1 for s in turn if s.split()[0] == "sprout")
                for turn in whole_turns(game)), default=0)


def _lowest_stop(game: Game, cell: str) -> int:
    """The lowest power of a cell where a journey of the dendrid on ``cell``
    may end this turn."""
    power = explain.power(game)
    return min(power[c] for c in _journey_ends(game, cell))


def _boards() -> Any:
    from .. import boards
    return boards


def _region_of(game: Game, cell: str) -> dict[str, Any]:
    region = next((r for r in hedu_explain.regions(game) if cell in r["cells"]), None)
    if region is None:
        raise DendriaError(f"{cell} is in no region (it is not an empty plot)")
    return region


#: The numbers of the rules themselves, each where it lives once (the engine
#: and the geometry use the same names): what ``{rule_number(NAME)}`` says.
RULE_NUMBERS: dict[str, Callable[[Game], Any]] = {
    "directions": lambda g: len(geometry.DIRECTIONS),
    "players": lambda g: len(g.variant.colours),
    "passes_to_end": lambda g: rules_base.PASSES_TO_END,
    "module_cells": lambda g: len(geometry.MODULE_OFFSETS),
    "min_modules": lambda g: geometry.MIN_MODULES,
    "max_modules": lambda g: geometry.MAX_MODULES,
    "module_link": lambda g: geometry.MODULE_LINK,
    "majority_point": lambda g: rules_base.MAJORITY_POINT,
    "half_point": lambda g: rules_base.HALF_POINT,
}


def _rule_number(game: Game, name: str) -> Any:
    if name not in RULE_NUMBERS:
        raise DendriaError(f"the rules have no number {name!r} (known: "
                           f"{', '.join(sorted(RULE_NUMBERS))})")
    return RULE_NUMBERS[name](game)


def _name_parts(game: Game, cell: str) -> tuple[int, int]:
    """(row, place) of a cell's name, counted from 1: the row from the top
    (row a is the first), the place in the row from the left."""
    if not game.board.has_name(cell):
        raise DendriaError(f"there is no cell {cell!r} on this board")
    letters = cell.rstrip("0123456789")
    row = next(i for i in range(4 * geometry.MAX_SIZE) if geometry.row_letters(i) == letters)
    return row + 1, int(cell[len(letters):])


def lesson_number(stem: str) -> str:
    """The number of the lesson whose module is ``lNN_<stem>`` ("09" for
    "scoring"): a lesson names another by its stem, and the number follows
    the catalog."""
    import pkgutil

    from . import data
    for m in pkgutil.iter_modules(data.__path__):
        found = re.match(r"^l(\d\d)_(.+)$", m.name)
        if found and found.group(2) == stem:
            return found.group(1)
    raise DendriaError(f"there is no lesson module l??_{stem}")


def _drill_target(game: Game, kind: str, cell: str) -> str:
    """The cell a drill of ``kind`` is about, when the engine finds it is one
    of that kind's targets on ``game`` (a hungry seed for "nourish", an enemy
    forest for "capture"...: ``Kind.targets``); a DendriaError otherwise, so a
    drill's data cannot name a cell that is not what its prompt says."""
    from .drills import KINDS

    if kind not in KINDS:
        raise DendriaError(f"there is no kind of drill {kind!r} (known: "
                           f"{', '.join(sorted(KINDS))})")
    targets = KINDS[kind].targets(game)
    if cell not in targets:
        raise DendriaError(f"{cell} is not a target of the drill {kind!r} on this board "
                           f"(its targets: {and_list(targets) or 'none'})")
    return cell


def last_turn(game: Game) -> tuple[str, Game]:
    """The colour that played ``game``'s last turn (asked of the engine, so a
    check names the mover without typing it), and a copy of the game as it
    stood just before that turn."""
    turns = game.history
    if not turns:
        raise DendriaError("no turn has been played yet")
    before = game.copy().go_to(game.step_count - len(turns[-1]))
    return game.turn_movers()[-1], before


def counted(n: int, word: str, many: str | None = None) -> str:
    """A count the engine gave, in words: 'no prisoner', 'one prisoner',
    'three prisoners' (the number in words up to twenty)."""
    if n == 0:
        return f"no {word}"
    return f"{_word(n)} {word if n == 1 else (many or plural_of(word))}"


def _controlled(game: Game, colour: str) -> list[dict[str, Any]]:
    """Hedu: the regions ``colour`` controls, in the engine's order."""
    return [r for r in hedu_explain.regions(game) if r["controller"] == colour]


def _groups(game: Game, colour: str, kind: str) -> int:
    return sum(1 for g in explain.groups(game) if g["colour"] == colour and g["kind"] == kind)


#: The questions a field may ask, each answered by the engine: the claims'
#: questions (:data:`dendria_widget.lessons.claims.QUERIES`) and these.
QUERIES: dict[str, Callable[..., Any]] = {
    **{k: v for k, v in CLAIM_QUERIES.items() if k not in ("after", "stays", "ends_under",
                                                            "verbs_after", "legal")},
    "holding": lambda g, piece: _cells(c for c, p in g.pieces.items() if p == piece),
    "fertilized_among": lambda g, colour, cells: _cells(
        set(_split(cells)) & set(explain.fertilization(g)[colour])),
    "not_fertilized_among": lambda g, colour, cells: _cells(
        set(_split(cells)) - set(explain.fertilization(g)[colour])),
    "fertilized_by": _fertilized_by,
    "sees": _sees,
    "fertile_by": lambda g, cell, colour: _cells(
        c for c, who in _group_of(g, cell)["fertile_soils"].items() if colour in who),
    "fertile_missed": lambda g, cell, colour: _cells(
        c for c, who in _group_of(g, cell)["fertile_soils"].items() if colour not in who),
    "fertile_count": lambda g, cell: len(_group_of(g, cell)["fertile_soils"]),
    "sproutable": lambda g: _cells(c for c, why in explain.conversions(g)["sprout"].items()
                                   if why is None),
    "hungry_seeds": lambda g: _cells(c for c, f in explain.seeds(g).items() if f["hungry"]),
    "dendrid_count": lambda g: sum(1 for p in g.pieces.values() if p.endswith("dendrid")),
    "corner_fertile": lambda g: min(len(g.board.neighbours[i]) for i in g.board.plots),
    "quiet_turns": lambda g: g.turns_without_plant,
    "default_option": lambda g, name: Game(g.ruleset).options.get(name),
    "open_root": lambda g, cell: tuple(c for r in explain.roots(g, cell) if r["sees_edge"]
                                       for c in r["cells"]),
    "score_part": lambda g, colour, part: g.score()[colour][part],
    "distinct_sizes": lambda g, colour: tuple(sorted(set(g.score()[colour]["forests"]),
                                                     reverse=True)),
    "forests_of": lambda g, colour, size: sum(1 for s in g.score()[colour]["forests"]
                                              if s == int(size)),
    "majority": lambda g, size: next((c for c in g.score() if int(size) in
                                      g.score()[c]["majorities"]), "nobody"),
    "half_point": lambda g: next((c for c in g.score()
                                  if g.score()[c]["largest_forests_bonus"]), "nobody"),
    "dark_so_far": lambda g: g.score()["dark"]["distinct_sizes"] + len(g.score()["dark"]["majorities"]),
    "light_so_far": lambda g: g.score()["light"]["distinct_sizes"] + len(g.score()["light"]["majorities"]),
    "board_size": lambda g: g.board.spec.get("size"),
    "default_option_of": lambda g, ruleset, name: Game(ruleset).options.get(name),
    "protected": lambda g, cell: bool(_group_of(g, cell).get("protected")),
    "sees_count": lambda g, cell, colour: int(_group_of(g, cell)["sees_dendrids"][colour]),
    "recommended_modules": lambda g: len(_boards().PRESETS[_boards().RECOMMENDED]),
    "region_list": lambda g, cell, colour: ", ".join(
        f"({h}, {n})" for h, n in _region_of(g, cell)[colour]) or "none",
    "region_why": lambda g, cell: _region_of(g, cell)["why"],
    "controlled_count": lambda g, colour: g.score()[colour]["controlled_regions"],
    # each region ``colour`` controls, named by its first plot, and its worth
    "controlled_regions": lambda g, colour: tuple(r["cells"][0] for r in _controlled(g, colour)),
    "controlled_values": lambda g, colour: tuple(r["value"] for r in _controlled(g, colour)),
    # Hedu: the cells of ``colour``'s stacks, and their heights (each once)
    "stacks_of": lambda g, colour: _cells(c for c, p in g.pieces.items()
                                          if str(p).split()[0] == colour),
    "stack_heights": lambda g, colour: tuple(sorted({int(str(p).split()[-1])
                                                     for p in g.pieces.values()
                                                     if str(p).split()[0] == colour})),
    "slide_targets": lambda g, cell: _cells(explain.slides(g).get(cell) or ()),
    "verbs_now": lambda g: tuple(sorted({st.verb for st in g.legal_steps()})),
    "root_ends": lambda g, cell: _cells(r["nourisher"] for r in explain.roots(g, cell)
                                        if not r["sees_edge"]),
    "corners": lambda g: sum(1 for i in g.board.plots
                             if sum(1 for ray in g.board.rays[i] if ray) <= 3),
    "nourisher_count": _nourisher_count,
    "nourisher_cells": lambda g, cell: _cells(explain.seeds(g)[cell]["nourishers"]),
    "score": _score,
    "lead": _lead,
    "leader": _leader,
    "other": _other,
    "lines": _lines,
    "legal": lambda g, step: g.is_legal(step),
    "illegal": lambda g, step: not g.is_legal(step),
    "to_move": lambda g: g.to_move,
    "not_to_move": lambda g: _other(g, g.to_move),
    "group_size": lambda g, cell: len(_group_of(g, cell)["cells"]),
    "group_colour": lambda g, cell: _group_of(g, cell)["colour"],
    "groups": _groups,
    "forest_sizes": lambda g, colour: tuple(sorted(g.score()[colour]["forests"],
                                                   reverse=True)),
    "size_list": lambda g, colour: tuple(str(s) for s in sorted(g.score()[colour]["forests"],
                                                                 reverse=True)),
    "region_count": lambda g: len(hedu_explain.regions(g)),
    "tallest_placement": _tallest_placement,
    "fewest_lines": lambda g: min(_lines(g, c) for c in g.board.names(g.board.plots)),
    "most_prisoners": _most_prisoners,
    "most_controlled": _most_controlled,
    "most_region_value": _most_region_value,
    "best_score": _best_score,
    "lowest_stop": _lowest_stop,
    "most_sprouts": most_sprouts,
    "power_of": lambda g, cell: explain.power(g)[cell],
    "regions_next_to": lambda g, cell: hedu_explain.plot_heights(g)[cell],
    "height": lambda g, cell: int(str(g.pieces[cell]).split()[-1]),
    "plots_count": lambda g: g.board.n_plots,
    "empty_count": lambda g: g.board.n_plots - len(g.pieces),
    "count_of": lambda g, piece: sum(1 for p in g.pieces.values() if p == piece),
    "komi": lambda g: g.options.get("komi"),
    "option": lambda g, name: g.options.get(name),
    "rule_number": _rule_number,
    "row_number": lambda g, cell: _name_parts(g, cell)[0],
    "place": lambda g, cell: _name_parts(g, cell)[1],
    "leafiness_of": lambda g, cell: rules_base.leafiness(len(_group_of(g, cell)["cells"])),
    "leafiness_terms": lambda g, cell: tuple(range(1, len(_group_of(g, cell)["cells"]) + 1)),
    "lesson": lambda g, stem: lesson_number(stem),
    "target": _drill_target,
}


# ------------------------------------------------------------------ formats
def _number_text(x: Any) -> str:
    if isinstance(x, bool):
        raise DendriaError(f"{x!r} is not a number")
    return points(float(x)) if isinstance(x, (int, float)) else str(x)


def _word(x: Any) -> str:
    n = float(x)
    if n.is_integer() and 0 <= n < len(NUMBER_WORDS):
        return NUMBER_WORDS[int(n)]
    return _number_text(x)


def _ordinal(x: Any) -> str:
    n = float(x)
    if n.is_integer() and 0 <= n < len(ORDINAL_WORDS):
        return ORDINAL_WORDS[int(n)]
    raise DendriaError(f"{x!r} has no ordinal word here")


def _piece(game: Game, x: Any) -> str:
    return "nothing" if x is None else game.variant.piece_words(str(x))


def _of(game: Game, x: Any, word: str) -> str:
    fields = game.variant.words()
    singular = fields.get(word, word)
    many = fields.get(word + "s", plural_of(singular))
    return f"{_word(x)} {singular if float(x) == 1 else many}"


#: What a format does to an answer: a function of (game, value, argument).
FORMATS: dict[str, Callable[[Game, Any, str], Any]] = {
    "n": lambda g, x, a: len(x),
    "word": lambda g, x, a: _word(x),
    "ordinal": lambda g, x, a: _ordinal(x),
    "none": lambda g, x, a: "none" if float(x) == 0 else _word(x),
    "cap": lambda g, x, a: _text(g, x)[:1].upper() + _text(g, x)[1:],
    "can": lambda g, x, a: "can" if x else "cannot",
    "may": lambda g, x, a: "may" if x else "may not",
    "allowed": lambda g, x, a: "allowed" if x else "refused",
    "hungry": lambda g, x, a: "hungry" if x else "nourished",
    "protected": lambda g, x, a: "protected" if x else "not protected",
    "is": lambda g, x, a: "is" if x else "is not",
    "yes": lambda g, x, a: "yes" if x else "no",
    "piece": lambda g, x, a: _piece(g, x),
    "colour": lambda g, x, a: "nobody" if x is None else str(x).split()[0],
    "kind": lambda g, x, a: "nothing" if x is None else g.variant.piece_words(str(x)).split()[-1],
    "of": lambda g, x, a: _of(g, x, a),
    "ways": lambda g, x, a: tuple(DIRECTION_WORDS[d] for d in x),
    "first": lambda g, x, a: x[0],
    "sum": lambda g, x, a: " + ".join(_number_text(v) for v in x),
    "last": lambda g, x, a: x[-1],
    "or": lambda g, x, a: and_list(x).replace(" and ", " or ") if x else "none",
    "plus": lambda g, x, a: float(x) + float(a),
    "times": lambda g, x, a: float(x) * float(a),
}


def _text(game: Game, x: Any) -> str:
    """An answer in words: a list of cells as 'a2, b1 and b2' ('none'), a
    number as '3' or '4.5', a word as it is."""
    if isinstance(x, (tuple, list)):
        return and_list(str(c) for c in x) or "none"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, (int, float)):
        return _number_text(x)
    if x is None:
        return "nobody"
    return str(x)


# ------------------------------------------------------------------ rendering
@dataclass(frozen=True)
class Field:
    """One fact field of a template: its ``source`` (between the braces),
    and where its words landed in the rendered text (``start``, ``end``)."""

    source: str
    query: str
    args: tuple[str | int, ...]
    formats: tuple[tuple[str, str], ...]
    at: str
    start: int = -1
    end: int = -1


@dataclass(frozen=True)
class Rendered:
    """A filled template: its ``text`` and its fact ``fields`` (with where
    each landed in ``text``)."""

    text: str
    fields: tuple[Field, ...]


def parse_field(m: re.Match[str]) -> Field:
    query = m["query"]
    if query not in QUERIES:
        raise DendriaError(f"a field asks one of {', '.join(sorted(QUERIES))}, not {query!r}")
    args = tuple(int(a) if a.isdigit() else a
                 for a in (a.strip() for a in m["args"].split(","))) if m["args"].strip() else ()
    formats = []
    for f in re.findall(r"\|([a-z_]+(?:\([^(){}]*\))?)", m["formats"] or ""):
        name, _, arg = f.partition("(")
        if name not in FORMATS:
            raise DendriaError(f"a field's format is one of {', '.join(FORMATS)}, not {name!r}")
        formats.append((name, arg.rstrip(")")))
    return Field(m.group(0)[1:-1], query, args, tuple(formats), m["at"] or "0")


def _value(field: Field, game: Game) -> Any:
    """The engine's answer to ``field`` on ``game``, through its formats."""
    try:
        value = QUERIES[field.query](game, *field.args)
        for name, arg in field.formats:
            value = FORMATS[name](game, value, arg)
    except (KeyError, IndexError, TypeError, ValueError) as e:
        raise DendriaError(f"the field {{{field.source}}} cannot be answered on this board: "
                           f"{e}") from None
    return value


def answer(field: Field, game: Game) -> str:
    """The engine's answer to ``field`` on ``game``, in words."""
    return _text(game, _value(field, game))


_NUM = r"(?:\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + "|none)"
_ORDINAL = r"(?:" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + ")"
_CELL = r"[a-z]\d+"
_PAIRS = {"can": ("can", "cannot"), "may": ("may", "may not"), "is": ("is", "is not"),
          "yes": ("yes", "no"), "hungry": ("hungry", "nourished"),
          "protected": ("protected", "not protected"), "allowed": ("allowed", "refused")}


def shape(field: Field, value: Any) -> str:
    """The pattern of words a field's place may hold: its kind (a list of
    cells, a number, one of two words, a colour...), decided by the field's
    formats and the kind of the engine's answer, never by the answer itself.
    What a sentence states there is read with it, then compared."""
    last = field.formats[-1][0] if field.formats else ""
    if last in _PAIRS:
        return "(?:" + "|".join(sorted(_PAIRS[last], key=len, reverse=True)) + ")"
    if last == "ordinal":
        return _ORDINAL
    if last in ("word", "none", "n") or isinstance(value, (int, float)) and \
            not isinstance(value, bool):
        return r"-?" + _NUM
    if last == "of":
        return _NUM + r" [a-z ]+?"
    if field.query == "region_list":
        pair = r"\(\d+, \d+\)"
        return rf"(?:none|{pair}(?:, {pair})*)"
    if last == "sum":
        return r"[\d.]+(?: \+ [\d.]+)*"
    if isinstance(value, (tuple, list)):
        item = _CELL if all(re.fullmatch(_CELL, str(v)) for v in value) else \
            r"(?:[a-z-]+|\d+(?:\.\d+)?)"
        sep = r"(?:, | and | or )"
        return rf"(?:none|{item}(?:{sep}{item})*)"
    if last in ("colour", "cap") or value in ("dark", "light", "black", "white", "nobody"):
        return r"[A-Za-z]+"
    if last in ("piece", "kind"):
        return r"[a-z]+(?: [a-z]+)*?(?: of \d+)?"
    return r".+?"


def edition_words(game: Game, template: str) -> str:
    """``template`` with its edition-word fields (``{soil}``) filled, its fact
    fields left as they are."""
    fields = game.variant.words()

    def fill(m: re.Match[str]) -> str:
        w = m["word"]
        if w not in fields:
            raise DendriaError(f"{{{w}}} is not a word of the edition (known: "
                               f"{', '.join(sorted(fields))})")
        return fields[w]
    return _fill(WORD_FIELD, template, fill)


def fill_words(template: str, words: Mapping[str, str]) -> str:
    """``template`` with its word fields (``{cell}``, ``{soil}``) written from
    ``words``, its fact fields (a query, with brackets) left as they are;
    a word field inside a fact field's arguments is written too
    (``{lowest_stop({cell})}`` -> ``{lowest_stop(d5)}``)."""
    return _fill(WORD_FIELD, template, lambda m: words[m["word"]])


def _fill(pattern: re.Pattern[str], template: str,
          value: Callable[[re.Match[str]], str]) -> str:
    """``template`` with each field ``pattern`` finds written as ``value``
    says (a template filled once, where it is written; no prose is reworded)."""
    out, at = [], 0
    for m in pattern.finditer(template):
        out += [template[at:m.start()], value(m)]
        at = m.end()
    return "".join(out) + template[at:]


def fill_facts(template: str, game: Game) -> str:
    """``template`` with its fact fields answered on ``game`` (its edition's
    words and other ``{name}`` fields left for ``str.format``)."""
    return _fill(FIELD, template, lambda m: answer(parse_field(m), game))


def _board(games: Mapping[str, Game], at: str, source: str) -> Game:
    if at in games:
        return games[at]
    if "end" in games and at == "end":
        return games["end"]
    raise DendriaError(f"the field {{{source}}} is about the board @{at}, which this "
                       f"sentence does not have (it has @{', @'.join(games)})")


def render(template: str, games: Mapping[str, Game] | Game) -> Rendered:
    """``template`` with every field filled from the engine: ``games`` maps an
    ``at`` ("0", "end", "2"...) to the board it names (a single Game: every
    field is about it)."""
    if isinstance(games, Game):
        games = {"0": games, "end": games}
    template = edition_words(games["0"], template)
    out: list[str] = []
    fields: list[Field] = []
    at = 0
    length = 0
    for m in FIELD.finditer(template):
        lit = template[at:m.start()]
        out.append(lit)
        length += len(lit)
        f = parse_field(m)
        words = answer(f, _board(games, f.at, f.source))
        fields.append(Field(f.source, f.query, f.args, f.formats, f.at, length,
                            length + len(words)))
        out.append(words)
        length += len(words)
        at = m.end()
    out.append(template[at:])
    return Rendered("".join(out), tuple(fields))


def has_fields(template: str) -> bool:
    return bool(FIELD.search(template)) or bool(WORD_FIELD.search(template))


def fact_fields(template: str) -> list[str]:
    """The sources of ``template``'s fact fields, in order."""
    return [m.group(0)[1:-1] for m in FIELD.finditer(template)]


# ------------------------------------------------------------------ reading back
def _canonical(text: str) -> Any:
    """What a field's words state, in a form two statements of one fact share:
    a list of items as a set (any order), a number as a number (three = 3),
    words in lower case."""
    t = text.strip().lower()
    if "(" in t:      # a list of (height, size) entries: in its order, as written
        return re.sub(r"\s+", " ", t)
    parts = [p for p in re.split(r",\s*|\s+and\s+|\s+or\s+", t) if p]
    if len(parts) > 1:
        return frozenset(_canonical(p) for p in parts)
    head, _, rest = t.partition(" ")
    if head in NUMBER_WORDS[1:]:
        head = str(NUMBER_WORDS.index(head))
    elif head in ORDINAL_WORDS:
        head = str(ORDINAL_WORDS.index(head))
    try:
        n = float(head)
        return (n, rest)
    except ValueError:
        return t


@dataclass(frozen=True)
class FalseStatement:
    """A field whose place in a sentence states what the engine does not
    say: the ``field``, what the sentence ``states`` there, and the
    engine's answer."""

    field: str
    states: str
    engine: str

    def __str__(self) -> str:
        return f"{{{self.field}}}: the sentence says {self.states!r}, the engine {self.engine!r}"


def false_statements(template: str, text: str, games: Mapping[str, Game] | Game
                     ) -> list[FalseStatement]:
    """Read ``text`` against ``template``: what the sentence states in the
    place of each fact field, compared with what the engine answers now on
    the field's board. ``[]`` when every statement holds. A text whose prose
    is not the template's (so its facts cannot be read) is a DendriaError."""
    if isinstance(games, Game):
        games = {"0": games, "end": games}
    filled = edition_words(games["0"], template)
    pattern, fields, at = [], [], 0
    for m in FIELD.finditer(filled):
        pattern.append(re.escape(filled[at:m.start()]))
        f = parse_field(m)
        pattern.append(f"({shape(f, _value(f, _board(games, f.at, f.source)))})")
        fields.append(f)
        at = m.end()
    pattern.append(re.escape(filled[at:]))
    got = re.fullmatch("".join(pattern), text, flags=re.S | re.I)
    if got is None:
        raise DendriaError("the sentence is not written from its template (its prose "
                           f"differs): {text!r}")
    out = []
    for f, stated in zip(fields, got.groups(), strict=True):
        engine = answer(f, _board(games, f.at, f.source))
        if _canonical(stated) != _canonical(engine):
            out.append(FalseStatement(f.source, stated, engine))
    return out


__all__ = ["FIELD", "FORMATS", "NUMBER_WORDS", "ORDINAL_WORDS", "QUERIES", "RULE_NUMBERS",
           "FalseStatement", "Field", "Rendered", "answer", "edition_words", "fact_fields",
           "false_statements", "fill_words", "has_fields", "lesson_number", "counted",
           "last_turn", "most_sprouts", "render"]

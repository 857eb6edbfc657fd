"""The explanations in words: sentences in the edition's own words, for the
captions beside the overlay keys, the widget's status line and Details, and
the tutorials.

Every function returns a sentence (or a list of them) built from facts that
:mod:`~dendria_widget.explain.dendria` and :mod:`~dendria_widget.explain.hedu`
computed with the engine; no rule is decided here. No Python data ever
reaches the text: cells are written by name, lists in words.

The edition's words come from the ruleset's variant (``game.variant``): the
sprites edition *sows* and has *sprites* and *plots*; the classic edition
*plants* and has *dendrids* and *soils*; Hedu *places* *stacks* on *plots*.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence, cast

from .. import geometry
from ..rules.hedu import HeduState
from ..rules.variant import plural_of, variant_for

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..notation import Step
    from ..rules.variant import Dendria, Variant


def _variant(game: Game) -> Variant:
    st = getattr(game, "state", game)
    return variant_for(st.rules)


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 seed', '3 seeds', 'no seed'."""
    if n == 0:
        return f"no {word}"
    return f"{n} {word if n == 1 else (many or plural_of(word))}"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """A count in words ('six'), in digits past twelve: for a number a
    query gives (never typed into a sentence)."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def cap(text: str) -> str:
    """The sentence with its first letter in upper case."""
    return text[:1].upper() + text[1:]


def and_list(items: Iterable[object]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = [str(x) for x in items]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def fertile_soil_words(variant: Variant, soils: Mapping[str, Sequence[str]]) -> str:
    """A group's fertile soils grouped by who fertilizes them, in words:
    ``{"b2": ["dark"], "b3": []}`` -> "b2 (fertilized by dark); b3
    (fertilized by no dendrid)"."""
    by: dict[tuple[str, ...], list[str]] = {}
    for cell, who in soils.items():
        by.setdefault(tuple(who), []).append(cell)
    parts = [f"{and_list(cells)} (fertilized by {and_list(who)})"
             for who, cells in by.items() if who]
    if () in by:
        parts.append(f"{and_list(by[()])} (fertilized by no {variant.kind_word('dendrid')})")
    return "; ".join(parts)


def short_list(cells: Iterable[str], n: int = 6) -> str:
    """At most ``n`` cell names, then 'and k more'."""
    cells = list(cells)
    if len(cells) <= n:
        return and_list(cells)
    return ", ".join(cells[:n]) + f" and {len(cells) - n} more"


def cells_span(cells: Iterable[str]) -> str:
    """A group's cells as a learner reads them: 'e4', 'e4 and e5', 'e4–e6'
    (first and last cell in board order)."""
    cells = list(cells)
    if len(cells) == 1:
        return cells[0]
    if len(cells) == 2:
        return f"{cells[0]} and {cells[1]}"
    return f"{cells[0]}\u2013{cells[-1]}"


_CELL_START = re.compile(r"[a-z]{1,3}\d")


def sentence(text: str) -> str:
    """Capitalised (unless it begins with a cell name: 'e5 is ...'), with a
    full stop."""
    text = text.strip()
    if not text:
        return text
    if not _CELL_START.match(text):
        text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


__all__ = ["plural", "cap", "and_list", "fertile_soil_words", "short_list", "cells_span", "sentence"]


# ------------------------------------------------------------ the score
def points(x: float) -> str:
    """A number of points in words: '5', '4.5' (no trailing '.0')."""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def _points_word(x: float) -> str:
    return f"{points(x)} point" + ("" if x == 1 else "s")


#: the keys of a colour's part of ``game.score()`` the sentences below word
_SCORE_KEYS = {"total", "forests", "distinct_sizes", "majorities", "leafiness",
               "largest_forests_bonus", "komi", "regions", "controlled_regions",
               "prisoners", "groups", "largest_groups_bonus"}


def _score_parts(game: Game, part: Mapping[str, Any]) -> tuple[str, str, list[str], list[str]]:
    """One colour's part of the score as words: (verb, what it holds, base
    terms, added terms), e.g. ('has', 'forests of 3 and 2', ['distinct sizes
    5'], ['1 for more forests of size 2', '0.5 for the larger forests'])."""
    v = _variant(game)
    base: list[str] = []
    added: list[str] = []
    if "controlled_regions" in part:            # Hedu
        verb = "controls"
        held = plural(part["controlled_regions"], "region")
        if part["controlled_regions"]:
            held += f" worth {points(part['regions'])}"
        if part.get("prisoners"):
            added.append(plural(part["prisoners"], "prisoner"))
        bonus, groups = part.get("largest_groups_bonus"), v.group_word("stack", 2)
    else:
        verb = "has"
        sizes = part.get("forests") or []
        forest = v.group_word("tree")
        if not sizes:
            held = f"no {forest}"
        elif len(sizes) == 1:
            held = f"a {forest} of {sizes[0]}"
        else:
            held = f"{v.group_word('tree', 2)} of {and_list(sizes)}"
        if sizes and "distinct_sizes" in part:
            base.append(f"distinct sizes {points(part['distinct_sizes'])}")
        if sizes and "leafiness" in part:
            base.append(f"leafiness {points(part['leafiness'])}")
        more = part.get("majorities") or []
        if more:
            size = "sizes" if len(more) > 1 else "size"
            added.append(f"{len(more)} for more {v.group_word('tree', 2)} of {size} "
                         f"{and_list(more)}")
        bonus, groups = part.get("largest_forests_bonus"), v.group_word("tree", 2)
    for key, value in part.items():         # a part these words do not know yet
        if key not in _SCORE_KEYS and isinstance(value, (int, float)) \
                and not isinstance(value, bool):
            base.append(f"{key.replace('_', ' ')} {points(value)}")
    if bonus:
        added.append(f"{points(bonus)} for the larger {groups}")
    if part.get("komi"):
        added.append(f"{points(part['komi'])} of komi")
    return verb, held, base, added


def score_sentence(game: Game, colour: str, score: dict | None = None) -> str:
    """One colour's score and how it is made, as a sentence (the tutorials'
    and the exercises' form): 'Dark has forests of 3, 3 and 2: distinct
    sizes 5, plus 2 for more forests of sizes 3 and 2: 7 points.'
    ``score``: ``game.score()``, when the caller has it already."""
    part = (game.score() if score is None else score)[colour]
    who = _variant(game).colour_word(colour)
    if not isinstance(part, dict):
        return f"{who} has {_points_word(part)}."
    verb, held, base, added = _score_parts(game, part)
    text = f"{who} {verb} {held}"
    if base:
        text += ": " + ", ".join(base)
    if added:
        text += ", " + ", ".join(f"plus {a}" for a in added)
    return f"{text}: {_points_word(part['total'])}."


def score_line(game: Game, colour: str, score: dict | None = None) -> str:
    """One colour's score on one short line (the widget's form): 'Dark: 7
    (forests of 3, 3 and 2; distinct sizes 5; +2 for more forests of sizes
    3 and 2)'. The same words as :func:`score_sentence`."""
    part = (game.score() if score is None else score)[colour]
    who = _variant(game).colour_word(colour)
    if not isinstance(part, dict):
        return f"{who}: {points(part)}"
    _verb, held, base, added = _score_parts(game, part)
    bits = [held] + base + [f"+{a}" for a in added]
    return f"{who}: {points(part['total'])} ({'; '.join(bits)})"


def region_sentences(game: Game, regions: list[dict]) -> list[str]:
    """Who controls each region and what it is worth, one sentence each
    (``regions``: :func:`dendria_widget.explain.hedu.regions`)."""
    v = _variant(game)
    out = []
    for r in regions:
        who = r["controller"]
        where = f"the region of {r['cells'][0]} ({plural(len(r['cells']), 'cell')})"
        if who is None:
            out.append(f"Nobody controls {where}.")
        else:
            out.append(f"{v.colour_word(who)} controls {where}, worth {points(r['value'])}.")
    return out


__all__ += ["points", "score_sentence", "score_line", "region_sentences"]


# ------------------------------------------------------- what a step changed
#: One piece a step changed: (cell, piece before, piece after), None for an
#: empty plot (a :class:`~dendria_widget.game.Effect` is one).
Change = tuple[str, Optional[str], Optional[str]]


def net_changes(effects: Iterable[Change]) -> dict[str, tuple[str | None, str | None]]:
    """The net change of each cell over a list of Effects ``(cell, before,
    after)``: ``{cell: (first before, last after)}`` in the order cells were
    first touched, cells that ended as they began left out."""
    first: dict[str, str | None] = {}
    last: dict[str, str | None] = {}
    for cell, before, after in effects:
        first.setdefault(cell, before)
        last[cell] = after
    return {c: (first[c], last[c]) for c in first if first[c] != last[c]}


def _height(piece: str | None) -> int:
    return int(piece.split()[1]) if piece else 0


def change_sentence(game: Game, step: Step | None = None,
                    effects: Sequence[Change] | None = None) -> str | None:
    """What a step changed, in one sentence of the edition's words, e.g.
    ``"grow: the dark seedbed e4–e6 became a dark forest of 3."``

    ``step`` defaults to the last step played and ``effects`` to
    ``game.last_effects()`` (pass the effects a step had when the game has
    moved on since). None when the step changed no piece (end, pass, swap,
    the start of a journey)."""
    v = _variant(game)
    if step is None:
        steps = game.steps
        if not steps:
            return None
        step = steps[-1]
    if effects is None:
        effects = game.last_effects()
    net = net_changes(effects)
    if not net:
        return None
    verb = step.verb
    word = v.verb_word(verb)
    cells = list(net)
    if v.family == "hedu":
        return sentence(f"{word} {step.arg}: " + "; ".join(_hedu_changes(v, effects, net)))
    if verb == "plant":
        (cell,) = cells
        return sentence(f"{word} {cell}: a {_piece_words(v, net[cell][1])} now stands on {cell}")
    if verb == "slide":
        went = [c for c, (_, a) in net.items() if a is None]
        came = [c for c, (_, a) in net.items() if a is not None]
        if went and came:
            mover = net[came[0]][1]
            text = f"the {_piece_words(v, mover)} went from {went[0]} to {came[0]}"
            taken = net[came[0]][0]
            if taken:
                text += f", removing the {v.piece_words(taken)} that stood there"
            return sentence(f"{word}: {text}")
    if verb in ("grow", "capture") or len(cells) > 1:
        before = net[cells[0]][0]
        after = net[cells[0]][1]
        # a conversion turns pieces into pieces: none of these plots was empty
        assert before is not None and after is not None
        kb, ka = before.split()[1], after.split()[1]
        old = f"{before.split()[0]} {v.group_word(kb)}"
        new = f"{after.split()[0]} {v.group_word(ka)}"
        text = f"{word}: the {old} {cells_span(_sorted(game, cells))} became a {new}"
        whole = len(game.group_at(cells[0])) if game.pieces.get(cells[0]) == after else 0
        if whole > len(cells):
            text += f"; with the {new} next to it, a {new} of {whole}"
        else:
            text += f" of {len(cells)}"
        return sentence(text)
    (cell,) = cells[:1]
    before, after = net[cell]
    if before and after:
        return sentence(f"{word}: the {v.piece_words(before)} on {cell} became a "
                        f"{v.piece_words(after)}")
    if after:
        return sentence(f"{word}: a {v.piece_words(after)} now stands on {cell}")
    return sentence(f"{word}: the {_piece_words(v, before)} on {cell} left the board")


def _piece_words(v: Variant, piece: str | None) -> str:
    """A piece a change shows, in words (a cell in :func:`net_changes` has a
    piece before or after the change, and these callers ask for that one)."""
    assert piece is not None, "a change with no piece on either side"
    return v.piece_words(piece)


def _sorted(game: Game, cells: Iterable[str]) -> list[str]:
    b = game.board
    return sorted(cells, key=lambda n: b.order[b.cell(n)])


def _hedu_changes(v: Variant, effects: Iterable[Change],
                  net: Mapping[str, tuple[str | None, str | None]]) -> list[str]:
    out: list[str] = []
    taken = {c: 0 for c in v.colours}
    for cell, before, after in effects:
        if before and _height(after) < _height(before):
            # who gains the pieces taken off: the engine's rule
            gainer, n = HeduState.prisoners_taken(v.colour_index(before.split()[0]),
                                                  _height(before), _height(after))
            taken[v.colours[gainer]] += n
    for cell, (before, after) in net.items():
        if before is None:
            out.append(f"a {_piece_words(v, after)} stands on {cell}")
        elif after is None:
            out.append(f"the {v.piece_words(before)} on {cell} left the board")
        elif _height(after) < _height(before):
            out.append(f"the {v.piece_words(before)} on {cell} was reduced to {_height(after)}")
        else:
            out.append(f"the {v.piece_words(before)} on {cell} grew to {_height(after)}")
    for colour, n in taken.items():
        if n:
            out.append(f"{v.colour_word(colour)} takes {plural(n, 'prisoner')}")
    return out


__all__ += ["net_changes", "change_sentence"]


# ------------------------------------------------------------ one cell
def describe(game: Game, cell: str, facts: dict | None = None,
             slides: Sequence[str] | None = None) -> list[str]:
    """Everything about one cell as sentences in the edition's words (for
    the widget's Details and the tutorials): a list of strings, each a
    sentence, the first one saying what stands on the cell. Dendria: the
    piece, roots, hungry or nourished, planting, fertilization, its group
    and fertile soils, protection and power (only where the rules have
    them), sprouting, slides (along the locked line during a journey). Hedu:
    the region of an empty plot, who controls it, the groups touching it and
    why, and what a placement there would do; for a stack, its height, the
    regions touching it and its group.

    ``facts``: ``explain_cell(game, cell)``, when the caller has them
    already (the cell and its piece alone give the first sentence only).
    ``slides``: for the journeying piece, where it may slide now (the legal
    slides the board offers), instead of the cells one slide reaches."""
    if facts is None:
        from . import explain_cell
        facts = explain_cell(game, cell)
    v = _variant(game)
    if set(facts) <= {"cell", "piece"}:
        return [_holds(v, facts)]
    if v.family == "hedu":
        return _describe_hedu(game, facts)
    return _describe_dendria(game, facts, slides)


def _holds(v: Variant, facts: Mapping[str, Any]) -> str:
    """'e5 holds a dark seed.', 'e5 is an empty soil.'"""
    cell, piece = facts["cell"], facts["piece"]
    return sentence(f"{cell} holds a {v.piece_words(piece)}" if piece
                    else f"{cell} is an empty {v.plot_word}")


def _root_phrase(v: Variant, root: Mapping[str, Any]) -> str:
    n = root["empty_between"]
    between = f"{plural(n, 'empty ' + v.plot_word)} between" if n else "right next to it"
    if root["nourisher"] is None:
        return (f"{root['direction']} sees the edge"
                + (f" ({plural(n, 'empty ' + v.plot_word)})" if n else " at once"))
    return (f"{root['direction']} ends on the {v.piece_words(root['nourisher_piece'])} on "
            f"{root['nourisher']} ({between})")


def _describe_dendria(game: Game, facts: Mapping[str, Any],
                      slides: Sequence[str] | None = None) -> list[str]:
    v = cast("Dendria", _variant(game))    # a Dendria game's
    cell, piece = facts["cell"], facts["piece"]
    out = [_holds(v, facts)]
    roots = facts["roots"]
    if not roots:
        out.append(sentence(f"{cell} has no root: every line from it is empty"))
    else:
        state = "hungry" if facts["hungry"] else "nourished"
        out.append(f"The seed is {state}." if piece and piece.split()[1] == "seed"
                   else f"A seed here would be {state}.")
        out.append(sentence("Its roots: " + "; ".join(_root_phrase(v, r) for r in roots)))
        counts = facts["nourishers_by_colour"]
        if not facts["hungry"]:
            out.append(sentence(f"Its nourishers: {counts['dark']} dark and "
                                f"{counts['light']} light"))
    if "power" in facts:
        out.append(sentence(f"Its power is {facts['power']}: the fewest {v.plots_word()} met "
                            "going from it in any of the "
                            f"{number_word(len(geometry.DIRECTIONS))} directions"))
    if not piece:
        if "plant" in facts:
            out.append(sentence(f"{v.colour_word(game.to_move)} may "
                                f"{v.verb_word('plant')} here now" if facts["plant"] is None
                                else facts["plant"]))
        fb = facts.get("fertilized_by", [])
        out.append(sentence(f"it is fertilized by {and_list(fb)}" if fb
                            else f"no {v.kind_word('dendrid')} fertilizes it"))
    g = facts.get("group")
    if g:
        size = g["size"]
        kind = piece.split()[1]
        noun = v.kind_word(kind, size)
        out.append(sentence(f"It belongs to the {g['colour']} {g['kind']} "
                            f"{cells_span(g['cells'])} ({plural(size, v.kind_word(kind))})"
                            if size > 1 else f"it is a {g['kind']} of one {noun}"))
        soils = g.get("fertile_soils", {})
        if kind != "dendrid":
            if soils:
                out.append(sentence(f"Its fertile {v.plots_word()}: "
                                    + fertile_soil_words(v, soils)))
            else:
                out.append(f"It has no fertile {v.plot_word}: an enclosed group.")
            if "sees_dendrids" in g and v.enclosed_sight:
                s = g["sees_dendrids"]
                out.append(sentence(f"It sees {s['dark']} dark and {s['light']} light "
                                    f"{v.kind_word('dendrid', 2)}"))
        if "protected" in g:
            out.append("Its owner protects it." if g["protected"]
                       else "Its owner does not protect it.")
    if "sprout" in facts:
        out.append(sentence(f"{v.colour_word(game.to_move)} may sprout it"
                            if facts["sprout"] is None
                            else f"no sprouting: {facts['sprout']}"))
    if "slides" in facts:
        sl = facts["slides"] if slides is None else list(slides)
        j = facts.get("journey")
        if j is not None and j["direction"] is not None:
            out.append(sentence(f"Its journey from {j['start']} goes on along the line "
                                f"{j['direction']}: " + (f"one more slide reaches "
                                                         f"{short_list(sl, 12)}" if sl else
                                                         "no further slide is possible")))
        else:
            out.append(sentence(f"One slide reaches {short_list(sl, 12)}" if sl
                                else "It cannot slide anywhere"))
    return out


def _describe_hedu(game: Game, facts: Mapping[str, Any]) -> list[str]:
    v = _variant(game)
    piece = facts["piece"]
    out = [_holds(v, facts)]
    if piece is None:
        reg = facts["region"]
        n = len(reg["cells"])
        where = f"a region of {plural(n, 'plot')}" + (f": {short_list(reg['cells'])}"
                                                       if n > 1 else "")
        if reg["controller"]:
            out.append(sentence(f"It lies in {where}; {v.colour_word(reg['controller'])} "
                                f"controls it, worth {reg['value']}"))
        else:
            out.append(sentence(f"It lies in {where}, which nobody controls"))
        for colour in v.colours:
            touching = [f"{plural(size, 'stack')} of height {h}" for h, size in reg[colour]]
            out.append(sentence(f"{v.colour_word(colour)} groups touching it: "
                                f"{and_list(touching) or 'none'}"))
        out.append(sentence(f"Why: {reg['why']}"))
        pl = facts["placement"]
        mover = v.colour_word(game.to_move)
        if pl["height"] is None:
            out.append(sentence(f"No stack can stand here: {pl['reason']}"
                                if pl["reason"] else "No stack can stand here"))
        elif pl["legal"]:
            out.append(sentence(f"{mover} may place a stack of {pl['height']} here"))
        else:
            out.append(sentence(f"{mover} may not place here now: {pl['reason']}"))
        if pl["preview"] is not None:
            out.append(sentence("Placing here: " + "; ".join(pl["preview"]["summary"])))
    else:
        n = facts["regions"]
        out.append(sentence(f"{plural(n, 'region')} {'touches' if n == 1 else 'touch'} it"))
        g = facts["group"]
        if g["size"] > 1:
            out.append(sentence(f"It belongs to a {g['colour']} group of {g['size']} stacks "
                                f"of height {g['height']}: {short_list(g['cells'])}"))
        else:
            out.append(sentence(f"It is a {g['colour']} group of one stack of height "
                                f"{g['height']}"))
    return out


__all__ += ["describe"]

"""The engine's facts about a Dendria position, as plain sentences.

The tutorials print these in checked notebook cells, and exercises use them
in their verdicts. Every fact comes from :mod:`dendria_widget.explain`; this
module only puts it into words (no rule is decided here). Each sentence is
written once, with the edition's words as fields (``{soil}``, ``{plant}``,
``{dendrid}``: :func:`~dendria_widget.lessons.framework.worded`), so the
sprites edition's sentences say plot, sow and sprite.

    >>> from dendria_widget import Game
    >>> from dendria_widget.lessons import sentences as say
    >>> g = Game.from_position("dendria-classic h4 4/5/6/2S1s2/6/5/4 dark")
    >>> print(say.seeds(g))
    The light seed on d3 is hungry: it sees the edge to the north-east, north-west, west, south-west and south-east.
    The dark seed on d5 is hungry: it sees the edge to the east, north-east, north-west, south-west and south-east.
"""

from __future__ import annotations

from ..explain import dendria as explain
from ..explain import hedu as hedu_explain
from ..explain.sentences import cap, plural, points, region_sentences, score_sentence
from ..game import Game
from ..notation import Step
from .framework import edition_fields, piece_words, worded, words

DIRECTION_WORDS = {"E": "east", "W": "west", "NE": "north-east", "NW": "north-west",
                   "SE": "south-east", "SW": "south-west"}


def _piece_on(game: Game, cell: str) -> str:
    return f"the {piece_words(game, game.pieces[cell])} on {cell}"


def _rays(game: Game, cell: str, noun: str) -> str:
    """One sentence per line out of ``cell`` (``noun``: "line from", "root
    of"): where it reaches the edge, or the piece it ends on and the empty
    soils between."""
    lines = []
    for r in explain.roots(game, cell):
        way = DIRECTION_WORDS[r["direction"]]
        if r["sees_edge"]:
            lines.append(f"To the {way}, the {noun} {cell} reaches the edge.")
        else:
            between = r["empty_between"]
            lines.append(f"To the {way}, the {noun} {cell} ends on "
                         f"{_piece_on(game, r['nourisher'])} "
                         f"({plural(between, 'empty ' + edition_fields(game)['soil'])} "
                         "between).")
    return "\n".join(lines)


def lines(game: Game, cell: str) -> str:
    """One sentence per line out of ``cell`` that holds a cell: where it
    reaches the edge, or the piece it ends on (lesson 01's words: a line;
    the same lines are a seed's roots from lesson 02 on)."""
    return _rays(game, cell, "line from")


def roots(game: Game, cell: str) -> str:
    """One sentence per root of ``cell``: where it reaches the edge, or its
    nourisher and the empty soils between."""
    return _rays(game, cell, "root of")


def seed(game: Game, cell: str) -> str:
    """Whether the seed on ``cell`` is hungry or nourished, and why."""
    facts = explain.seeds(game)[cell]
    piece = piece_words(game, facts["piece"])
    if facts["hungry"]:
        ways = [DIRECTION_WORDS[r["direction"]] for r in explain.roots(game, cell)
                if r["sees_edge"]]
        return f"The {piece} on {cell} is hungry: it sees the edge to the {words(ways)}."
    by = facts["by_colour"]
    return (f"The {piece} on {cell} is nourished: its nourishers are "
            f"{words(facts['nourishers'])} ({by['dark']} dark, {by['light']} light).")


def seeds(game: Game) -> str:
    """One sentence per seed on the board (hungry or nourished)."""
    return "\n".join(seed(game, c) for c in explain.seeds(game)) or "There is no seed."


def sprouts(game: Game, mover: str | None = None) -> str:
    """What ``mover`` (default: the side to move) may sprout, and why not the others."""
    conv = explain.conversions(game, mover)
    me = conv["mover"]
    out = []
    for cell, reason in conv["sprout"].items():
        by = explain.seeds(game)[cell]["by_colour"]
        if reason is None:
            other = "light" if me == "dark" else "dark"
            out.append(f"{cap(me)} may sprout {_piece_on(game, cell)}: "
                       f"{plural(by[me], me + ' nourisher')} against {by[other]} {other}.")
        else:
            out.append(f"{cap(me)} may not sprout {cell}, because {reason}.")
    return "\n".join(out) or "There is no seed to sprout."


def placements(game: Game, mover: str | None = None) -> str:
    """Where ``mover`` may plant (sow), in one sentence, and why not on the
    other empty soils (plots), one sentence each."""
    pl = explain.placements(game, mover)
    who = cap(mover or game.to_move)
    ok = [c for c, r in pl.items() if r is None]
    out = [worded(game, "{who} may {plant} on {cells}.", who=who, cells=words(ok)) if ok
           else worded(game, "{who} may {plant} nowhere.", who=who)]
    out += [f"Not on {c}, because {r}." for c, r in pl.items() if r is not None]
    return "\n".join(out)


def fertilized(game: Game) -> str:
    """Which empty soils each colour fertilizes."""
    fert = explain.fertilization(game)
    out = []
    for colour in ("dark", "light"):
        soils = fert[colour]
        if soils:
            out.append(f"{cap(colour)} fertilizes {words(list(soils))}.")
        else:
            out.append(worded(game, "{who} fertilizes no {soil}.", who=cap(colour)))
    return "\n".join(out)


def dendrid_sight(game: Game, cell: str) -> str:
    """The soils the dendrid on ``cell`` fertilizes."""
    seen = explain.fertilization(game)["lines"].get(cell, [])
    return f"{cap(_piece_on(game, cell))} fertilizes {words(seen)}."


def groups(game: Game) -> str:
    """Every seedbed and forest: its cells and its fertile soils, with who
    fertilizes each."""
    out = []
    for g in explain.groups(game):
        soils = g["fertile_soils"]
        head = f"The {g['colour']} {g['kind']} {words(g['cells'])}"
        if not soils:
            out.append(worded(game, "{head} has no fertile {soil}.", head=head))
            continue
        parts = []
        for soil, who in soils.items():
            parts.append(f"{soil} ({' and '.join(who) if who else 'nobody'})")
        out.append(worded(game, "{head} has fertile {soils} {parts}.", head=head,
                          parts=words(parts)))
    return "\n".join(out) or "There is no seedbed and no forest."


def conversions(game: Game, mover: str | None = None) -> str:
    """What ``mover`` could grow and capture now (judged as during a move)."""
    conv = explain.conversions(game, mover)
    me = cap(conv["mover"])
    out = []
    for kind, verb in (("grow", "grow"), ("capture", "capture")):
        for e in conv[kind]:
            if e["ok"]:
                out.append(f"{me} may {verb} {words(e['cells'])}.")
            else:
                out.append(f"{me} may not {verb} {words(e['cells'])}, because {e['reason']}.")
    return "\n".join(out) or "There is nothing to grow or capture."


def slides(game: Game, cell: str) -> str:
    """Where the dendrid on ``cell`` may slide (one slide, all six lines)."""
    targets = explain.slides(game).get(cell)
    if targets is None:
        return worded(game, "There is no {dendrid} of the side to move on {cell}.", cell=cell)
    if not targets:
        return worded(game, "The {dendrid} on {cell} cannot slide anywhere.", cell=cell)
    return worded(game, "The {dendrid} on {cell} may slide to {cells}.", cell=cell,
                  cells=words(targets))


def step(game: Game, step: str) -> str:
    """Whether ``step`` may be played now, and if not, why (the step as the
    edition writes it: ``sow d4`` in the sprites edition)."""
    reason = game.why_illegal(step)
    text = cap(game.variant.step_text(Step.parse(step, game.board)))
    if reason is None:
        return f"{text}: allowed."
    return f"{text}: refused, because {reason}."


def score(game: Game, colour: str) -> str:
    """One colour's score and how it is made, as a sentence (the widget's
    score line says it in the same words, shorter)."""
    return score_sentence(game, colour)


def scores(game: Game) -> str:
    """Both colours' scores, one sentence each."""
    return "\n".join(score_sentence(game, c) for c in game.score())


def region_cells(game: Game) -> str:
    """Hedu: each region and how many empty plots it holds, one sentence
    each, with no word of control (lesson 16 shows regions before lesson 17
    says who controls them)."""
    soil = edition_fields(game)["soil"]
    return "\n".join(f"The region of {r['cells'][0]} holds {plural(len(r['cells']), 'empty ' + soil)}."
                     for r in hedu_explain.regions(game)) or \
        "There is no region: no empty plot is left."


def regions(game: Game) -> str:
    """Hedu: who controls each region and what it is worth, one sentence each."""
    return "\n".join(region_sentences(game, hedu_explain.regions(game))) or \
        "There is no region: no empty plot is left."


__all__ = ["points", "score", "scores", "regions", "region_cells", "step", "lines", "roots", "seed", "seeds", "sprouts", "placements", "fertilized", "dendrid_sight",
           "groups", "conversions", "slides"]

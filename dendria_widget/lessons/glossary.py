"""The glossary: every term of the games the lessons use, and the one page
that defines it.

A term (a word of docs/rules.md: seed, seedbed, soil, dendrid, nourisher,
fertilize, forest, journey, power, leafiness, prisoner, region, pie...) is
defined on **one** page of **one** lesson: :data:`GLOSSARY` names it by the
lesson's stem (its module ``lNN_<stem>``, so renumbering the lessons
changes nothing here) and the page's title. No page, prompt or hint uses a
term before the page that defines it, in the lessons' learning order (the
catalog's order, page by page): ``tests/test_lesson_glossary.py`` reads
every page and checks it. :func:`uses` says whether a sentence uses a term
(any of its word forms, as a whole word, in any case)::

    >>> uses("Two seedbeds grow.", "seedbed"), uses("A seed.", "seedbed")
    (True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import DendriaError


@dataclass(frozen=True)
class Term:
    """A term: its ``forms`` (a regular expression of its word forms), the
    lesson (``stem``) and the page (``page``, its title) that define it,
    and a short ``meaning`` for a reader."""

    forms: str
    stem: str
    page: str
    meaning: str


#: Every term the lessons use, by its name, with where it is defined.
GLOSSARY: dict[str, Term] = {
    "cell": Term(r"cells?", "board", "The board",
                 "a hexagon of the board"),
    "soil": Term(r"soils?", "board", "The board",
                 "the classic edition's word for a cell of the board"),
    "seed": Term(r"seeds?", "board", "The pieces",
                 "the piece a player plants"),
    "plant": Term(r"plants?|planted|planting", "board", "The pieces",
                  "to put a new seed on an empty soil: a kind of turn"),
    "dendrid": Term(r"dendrids?", "board", "The pieces",
                    "a seed that sprouted: it sees and moves along lines"),
    "tree": Term(r"trees?", "board", "The pieces",
                 "a seed of a seedbed that grew"),
    "forest": Term(r"forests?", "board", "The pieces",
                   "touching trees of one colour"),
    "line": Term(r"lines?", "board", "The lines through a soil",
                 "the cells straight out from a cell in one direction"),
    "edge": Term(r"edges?", "board", "The board",
                 "where a line runs out of the board"),
    "root": Term(r"roots?", "roots", "A seed's roots",
                 "a line of a seed that holds a soil"),
    "nourisher": Term(r"nourishers?|nourishes|nourish", "roots", "Nourishers",
                      "the first piece on a seed's root"),
    "nourished": Term(r"nourished", "roots", "Nourished seeds",
                      "a seed whose every root ends on a piece"),
    "hungry": Term(r"hungry", "roots", "Hungry seeds",
                   "a seed that sees the edge along a root"),
    "sprout": Term(r"sprouts?|sprouted|sprouting", "sprouting", "Counting nourishers",
                   "a nourished seed becomes the mover's dendrid"),
    "fertilize": Term(r"fertiliz(?:e|es|ed|ing)|fertilization", "fertilization",
                      "A dendrid sees along its lines",
                      "a dendrid fertilizes the empty soils it sees"),
    "seedbed": Term(r"seedbeds?", "seedbeds", "Seedbeds and forests",
                    "touching seeds of one colour"),
    "fertile soil": Term(r"fertile (?:soils?|plots?)", "seedbeds", "Fertile soils",
                         "an empty soil touching a group"),
    "grow": Term(r"grows?|grew|grown|growing|growths?", "seedbeds",
                 "Growing right after planting",
                 "a seedbed becomes the mover's forest"),
    "slide": Term(r"slides?|slid|sliding", "seedbeds", "Growing during a move",
                  "a dendrid going along a line to an empty soil"),
    "capture": Term(r"captures?|captured|capturing", "capture", "An enemy forest",
                    "an enemy forest becomes the mover's"),
    "enclosed": Term(r"enclosed", "capture", "Enclosed groups",
                     "a group with no fertile soil"),
    "journey": Term(r"journeys?|journeyed", "journeys", "A journey",
                    "a move: a dendrid's slides along one line"),
    "repetition": Term(r"repetition", "journeys", "No dead ends",
                       "the rule that no turn brings back an earlier board"),
    "move limit": Term(r"move limit", "ending", "How a game ends",
                       "the classic end after turns without a plant"),
    "half point": Term(r"half (?:a )?point", "scoring", "The half point",
                       "half a point for the larger forests"),
    "komi": Term(r"komi", "scoring", "Komi",
                 "points Light adds to its score"),
    "pie rule": Term(r"pie", "pie", "Who moves first?",
                     "one player cuts, the other chooses"),
    "swap": Term(r"swaps?|swapped|swapping", "pie", "Light's choice: swap",
                 "to take the other side instead of playing"),
    "sprite": Term(r"sprites?(?! edition)", "sprites_power", "Sprites and power",
                   "the sprites edition's dendrid"),
    "sow": Term(r"sows?|sowed|sown|sowing", "sprites_power", "Sprites and power",
                "the sprites edition's planting"),
    "plot": Term(r"plots?", "sprites_power", "Sprites and power",
                 "the sprites edition's and Hedu's soil"),
    "power": Term(r"power", "sprites_power", "Sprites and power",
                  "the fewest cells on the lines of a cell"),
    "protected": Term(r"protected|protection|unprotected", "sprites_protection",
                      "Protected forests",
                      "a forest whose owner fertilizes all its fertile plots"),
    "leafiness": Term(r"leafiness", "sprites_protection", "Leafiness",
                      "the sprites edition's score"),
    "module": Term(r"modules?|modular", "sprites_boards", "Modular boards",
                   "seven cells, the piece a modular board is built of"),
    "lagoon": Term(r"lagoons?", "sprites_boards", "Lagoons",
                   "a hole closed all round in a modular board"),
    "stack": Term(r"stacks?", "hedu", "Hedu",
                  "Hedu's piece: pieces of one colour on one plot"),
    "height": Term(r"heights?", "hedu", "Hedu",
                   "how many pieces a stack holds"),
    "region": Term(r"regions?", "hedu", "Regions",
                   "a largest set of touching empty plots"),
    "prisoner": Term(r"prisoners?", "hedu_score", "Prisoners",
                     "a piece taken off a stack, a point for the other colour"),
    "control": Term(r"controls?|controlled|controller", "hedu_score",
                    "Who controls a region",
                    "the player whose groups next to a region are greater"),
}


def uses(text: str, term: str) -> bool:
    """Whether ``text`` uses ``term`` (one of its word forms, a whole word,
    in any case)."""
    if term not in GLOSSARY:
        raise DendriaError(f"{term!r} is not a term of the glossary")
    return re.search(rf"(?i)(?<![\w-])(?:{GLOSSARY[term].forms})(?![\w-])", text) is not None


__all__ = ["GLOSSARY", "Term", "uses"]

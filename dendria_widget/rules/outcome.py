"""How a game ended, as data (like python-chess's ``Outcome`` and
``Termination``): the engines end a game with a :class:`Termination`;
``Game.outcome`` adds the winner and the scores.

>>> from dendria_widget import Game
>>> g = Game("dendria-classic", size=4, opening="none").play("pass", "pass")
>>> g.outcome.termination, g.outcome.winner, g.outcome.scores
(<Termination.PASSES: 'passes'>, 'draw', {'dark': 0, 'light': 0})
>>> g.end_reason
'two passes in a row'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Termination(enum.Enum):
    """Why a game ended (docs/rules.md)."""

    #: both players passed, one after the other
    PASSES = "passes"
    #: Dendria's dendrid move limit: 2 x L turns in a row without a plant
    MOVE_LIMIT = "move-limit"
    #: Hedu: no empty plot admits a placement
    NO_PLACEMENT = "no-placement"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``termination`` (a :class:`Termination`),
    ``winner`` (a colour's name, or ``"draw"``), ``scores`` (colour ->
    total points) and the ``facts`` of the ending (for the move limit,
    ``turns``: how many turns in a row went without a plant)."""

    termination: Termination
    winner: str
    scores: dict[str, Any]
    facts: dict[str, Any] = field(default_factory=dict)


def leader(scores: dict[str, Any], colours: tuple[str, str]) -> str:
    """Who is ahead on ``scores`` (colour -> total): a colour, or "draw".
    The one place that compares two totals (the winner is the leader when
    the game ends)."""
    first, second = colours
    a, b = scores[first], scores[second]
    return first if a > b else second if b > a else "draw"

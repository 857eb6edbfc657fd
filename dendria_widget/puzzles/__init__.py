"""Puzzles mined from play: positions where a goal is met by few whole turns,
each proved by listing every whole turn the engine allows, rated, and a
trainer that serves them at the learner's level.

    >>> from dendria_widget import puzzles
    >>> p = puzzles.bank("hedu")[0]
    >>> game = p.game()                     # Game.from_position(p.position)
    >>> _ = game.play(*p.solutions[0])
    >>> p.judge(game).right
    True

``puzzles.bank(ruleset)`` gives the shipped :class:`Puzzle` objects of an
edition (``"dendria-classic"``, ``"dendria-sprites"``, ``"hedu"``);
``puzzles.load(path)`` reads a bank file that ``dendria-widget puzzles mine``
wrote; ``puzzles.Trainer()`` is the widget (``puzzles.TrainerSession`` the
same without widgets). The goals are in :mod:`.goals`, the proof in
:mod:`.puzzle`, the mining in :mod:`.mine`, the ratings in :mod:`.glicko`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import DendriaError
from .goals import GOALS, Goal, goal
from .puzzle import Puzzle, Verdict, verify

if TYPE_CHECKING:  # for the type hints only
    from .trainer import TrainerSession
    from .widget import Trainer

#: the editions with a shipped bank, in the order the trainer offers them
EDITIONS = ("dendria-classic", "dendria-sprites", "hedu")


def read_bank(data: dict[str, Any], where: str = "the bank") -> list[Puzzle]:
    """The puzzles of a bank (the dict a bank file holds)."""
    if not isinstance(data, dict) or data.get("format") != "dendria-widget-puzzles":
        raise DendriaError(f"{where} is not a puzzle bank (no 'format': "
                           "'dendria-widget-puzzles')")
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise DendriaError(f"{where} has no list of puzzles")
    return [Puzzle.from_dict(d) for d in items]


def load(path: str | Path) -> list[Puzzle]:
    """The puzzles of a bank file."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise DendriaError(f"cannot read {p} ({e.strerror or e})") from None
    except ValueError as e:
        raise DendriaError(f"{p} is not JSON ({e})") from None
    return read_bank(data, str(p))


@lru_cache(maxsize=None)
def _shipped(ruleset: str) -> tuple[Puzzle, ...]:
    text = resources.files(__package__).joinpath("data").joinpath(f"{ruleset}.json").read_text(
        encoding="utf-8")
    return tuple(read_bank(json.loads(text), f"the shipped {ruleset} bank"))


def bank(ruleset: str = "dendria-classic") -> list[Puzzle]:
    """The shipped puzzles of an edition, easiest first."""
    if ruleset not in EDITIONS:
        raise DendriaError(f"there is no puzzle bank for {ruleset!r} (the editions: "
                           f"{', '.join(EDITIONS)})")
    return sorted(_shipped(ruleset), key=lambda p: (p.rating, p.id))


def __getattr__(name: str) -> Any:
    # the widgets load only when asked for (the engine-only uses stay light)
    if name == "Trainer":
        from .widget import Trainer
        return Trainer
    if name == "TrainerSession":
        from .trainer import TrainerSession
        return TrainerSession
    raise AttributeError(name)


__all__ = ["EDITIONS", "GOALS", "Goal", "Puzzle", "Trainer", "TrainerSession", "Verdict",
           "bank", "goal", "load", "read_bank", "verify"]

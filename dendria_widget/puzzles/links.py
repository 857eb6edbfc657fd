"""From a lesson to its puzzles: the goals that practise what a lesson
teaches, and the trainer filtered to them.

A goal names its lesson by the lesson's name without its number
(``Goal.lesson == "capture"`` for ``06_capture``), so renumbering the
lessons keeps every link; the lesson's edition is the edition of its first
page's game. A lesson that no goal names (the board, the pie rule, the
sprites' boards...) links to every puzzle of its edition.

    >>> for_lesson("06_capture")
    (('dendria-classic',), ('capture', 'save'))

The built notebook of a lesson ends with :func:`notebook_cells` (written by
``scripts/build_tutorials.py`` from the lesson's data), and the lesson
widget's last page with a button that opens :func:`trainer_for`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import DendriaError
from . import EDITIONS, bank
from .goals import GOALS, Goal

if TYPE_CHECKING:
    from ..lessons.framework import Lesson
    from .widget import Trainer


def stem(lesson_name: str) -> str:
    """A lesson's name without its number: ``"06_capture"`` -> ``"capture"``."""
    number, _, rest = lesson_name.partition("_")
    return rest if number.isdigit() and rest else lesson_name


def _lesson(lesson: Lesson | str) -> Lesson:
    from ..lessons import load
    return load(lesson) if isinstance(lesson, str) else lesson


def lesson_of(goal: Goal) -> Lesson:
    """The lesson that teaches ``goal``'s rule (found by its name without
    its number); a DendriaError when no lesson has that name."""
    from ..lessons import catalog
    for lesson in catalog():
        if stem(lesson.name) == goal.lesson:
            return lesson
    raise DendriaError(f"no lesson teaches the goal {goal.name} (it names the lesson "
                       f"'{goal.lesson}')")


def edition_of(lesson: Lesson | str) -> str | None:
    """The edition a lesson plays (its first page's game), when it has a bank."""
    ruleset = _lesson(lesson).game(0).rules.ruleset
    return ruleset if ruleset in EDITIONS else None


def for_lesson(lesson: Lesson | str) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """(editions, goals) of the puzzles that follow ``lesson``: its edition
    and the goals that name it and have puzzles there (goals None: every
    goal of the edition, when none names it)."""
    lesson = _lesson(lesson)
    edition = edition_of(lesson)
    editions = (edition,) if edition is not None else EDITIONS
    have = {p.goal for e in editions for p in bank(e)}
    goals = tuple(g.name for g in GOALS if g.lesson == stem(lesson.name) and g.name in have)
    return editions, goals or None


def describe(lesson: Lesson | str) -> str:
    """The puzzles after ``lesson``, in words ("Capture and Save your forest,
    in Dendria classic")."""
    from .widget import EDITION_TITLES
    editions, goals = for_lesson(lesson)
    where = " or ".join(EDITION_TITLES[e] for e in editions)
    if goals is None:
        return f"every goal, in {where}"
    titles = [g.title for g in GOALS if g.name in goals]
    said = titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]
    return f"{said}, in {where}"


def trainer_code(lesson: Lesson | str) -> str:
    """The code that opens the trainer on ``lesson``'s puzzles (its goals
    and edition by name: no lesson's file name in it)."""
    editions, goals = for_lesson(lesson)
    args = [f"editions={list(editions)!r}"]
    if goals is not None:
        args.append(f"goal={list(goals)!r}")
    return ("from dendria_widget import puzzles\n\n"
            f"puzzles.Trainer({', '.join(args)})")


def trainer_for(lesson: Lesson | str, **kwargs: object) -> Trainer:
    """The trainer filtered to ``lesson``'s puzzles."""
    from .widget import Trainer
    editions, goals = for_lesson(lesson)
    return Trainer(editions=list(editions), goal=list(goals) if goals else None,
                   **kwargs)  # type: ignore[arg-type]


MARKDOWN = """## Puzzles on this lesson

Practise what this lesson teaches on puzzles cut from games the computer
played: {what}. Run the cell below to open the trainer on them (your rating,
your streak and the puzzles you solve are kept, as the lessons' exercises are)."""


def notebook_markdown(lesson: Lesson | str) -> str:
    """The words above the trainer's cell at the end of a lesson's notebook."""
    return MARKDOWN.format(what=describe(lesson))

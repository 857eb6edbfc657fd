"""Statements: what a lesson sentence with a rule word says, and how it is checked.

A sentence that says "always", "never", "must", "only", "for good", "safe",
"can't" or "cannot" states either a **rule** or a fact **about the shown
position**, and says which:

- :func:`rule`: it restates a rule (``rule`` is a rule id of
  :data:`~dendria_widget.lessons.framework.RULE_IDS`) and names the part of
  docs/rules.md it restates (``section``, a heading there, "2.2
  Conversions"); ``editions``: the rulesets whose default option mix it
  claims to cover. ``tests/test_lesson_statements.py`` tests it as a
  property over random positions of every edition it names, never on the
  board shown.
- :func:`position`: it is about the board shown, and its words say which
  check applies: "as the board stands" (a fact of this board: its fields or
  claims hold) or "whatever the mover does this turn" / "on the next turn"
  (``turns``: every whole turn of the mover, and the answers after it, are
  played out by the engine and ``cell`` keeps its piece).
- :func:`goal`: the words of an exercise's goal ("plant one seed so that d3
  is fertilized by Dark only"): the exercise's check judges it.
- :func:`about`: words about something that is not the game (the app).

Each statement holds the ``phrase`` of the sentence it is attached to; the
test finds every sentence with a rule word and asks that one of the page's
statements is attached to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DendriaError


@dataclass(frozen=True)
class Statement:
    """One sentence's statement (see the module doc): ``kind`` is "rule",
    "position", "goal" or "about"; ``phrase`` a piece of the sentence."""

    kind: str
    phrase: str
    rule: str = ""
    section: str = ""
    editions: tuple[str, ...] = ()
    check: str = ""
    cell: str = ""
    turns: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("rule", "position", "goal", "about"):
            raise DendriaError(f"a statement is a rule, position, goal or about, not "
                               f"{self.kind!r}")
        if not self.phrase:
            raise DendriaError("a statement names the phrase of its sentence")


def rule(phrase: str, rule: str, section: str,
         editions: tuple[str, ...] = ("dendria-classic", "dendria-sprites")) -> Statement:
    """The sentence holding ``phrase`` restates the rule ``rule`` of
    docs/rules.md's ``section``, for the default option mix of each of
    ``editions``."""
    return Statement("rule", phrase, rule=rule, section=section, editions=tuple(editions))


def position(phrase: str, check: str = "as the board stands", cell: str = "",
             turns: int = 0) -> Statement:
    """The sentence holding ``phrase`` is about the board shown: ``check`` is
    "as the board stands" (its fields and claims are its facts) or "whatever
    the mover does" (``cell`` keeps its piece through every continuation of
    ``turns`` whole turns, asked of the engine)."""
    if check not in ("as the board stands", "whatever the mover does"):
        raise DendriaError(f"a position statement is checked 'as the board stands' or "
                           f"'whatever the mover does', not {check!r}")
    if check == "whatever the mover does" and not (cell and turns > 0):
        raise DendriaError("'whatever the mover does' names a cell and a number of turns")
    return Statement("position", phrase, check=check, cell=cell, turns=turns)


def goal(phrase: str) -> Statement:
    """The sentence holding ``phrase`` is an exercise's goal (its check judges it)."""
    return Statement("goal", phrase)


def about(phrase: str) -> Statement:
    """The sentence holding ``phrase`` is about the app, not the game."""
    return Statement("about", phrase)


__all__ = ["Statement", "about", "goal", "position", "rule"]

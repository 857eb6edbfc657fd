"""Why the rules refuse a step, as data: a :class:`Refusal` is a reason code
and its facts (cell names, counts, colours), like python-chess's status
flags; the words are written once per edition in
:mod:`dendria_widget.explain.refusals`.

>>> from dendria_widget import Game
>>> r = Game("dendria-classic", size=4, opening="none").refusal("move d4")
>>> r.code, r.cell, r.colour
('no-own-dendrid', 'd4', 'dark')
>>> str(r)
'd4 holds no dark dendrid to move (it is empty)'

The engines return a Refusal from ``refusal(step)`` (None when the step is
legal) and raise :class:`~dendria_widget.errors.IllegalStep` carrying it.
Nothing outside the engine ever reads the words back: it asks ``code`` and
the facts.
"""

from __future__ import annotations

from typing import Any


class Refusal:
    """A refused step: ``code`` (e.g. ``"not-hungry"``), the facts (read as
    attributes: ``refusal.cell``, or all at once as ``refusal.facts``), and
    the rules it was judged under (they choose the edition's words).
    ``str(refusal)`` is the reason in the edition's words."""

    __slots__ = ("code", "facts", "rules")

    def __init__(self, code: str, rules: Any = None, **facts: Any) -> None:
        self.code = code
        self.rules = rules
        self.facts = facts

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return object.__getattribute__(self, "facts")[name]
        except (KeyError, AttributeError):
            raise AttributeError(f"a {self.code!r} refusal has no fact {name!r}") from None

    def __getstate__(self) -> tuple:
        return (self.code, self.rules, self.facts)

    def __setstate__(self, state: tuple) -> None:
        self.code, self.rules, self.facts = state

    def __str__(self) -> str:
        # the words are the explanations' (one layer up): asked when shown
        from ..explain.refusals import refusal_text
        return refusal_text(self)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Refusal) and self.code == other.code
                and self.facts == other.facts)

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        facts = "".join(f", {k}={v!r}" for k, v in self.facts.items())
        return f"Refusal({self.code!r}{facts})"

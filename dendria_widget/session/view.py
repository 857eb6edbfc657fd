"""The view state a :class:`~dendria_widget.session.BoardSession` answers:
immutable values a view draws, with no widget and no HTML in them.

A view compares the view state of one command with the last one it drew
(``changed_fields``) and updates only what differs.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Header:
    """The lines above the board: ``mover`` ('Dark to move (Player 2)') and
    ``phase`` while the game runs, ``over`` (the game-over sentence) once it
    has ended, and ``result`` its first part (who won, the score: no
    reason, for a narrow room); ``seats`` (who plays which colour, '' when
    unknown) and one score line per colour with its breakdown."""

    mover: str
    phase: str
    over: str | None
    seats: str
    scores: tuple[str, ...]
    result: str | None = None


@dataclass(frozen=True)
class ButtonState:
    """One button: its ``label``, whether it is ``shown`` and ``enabled``,
    ``why_not`` (the engine's reason it is off, in the edition's words, or
    None) and its ``tooltip``."""

    name: str
    label: str
    shown: bool = True
    enabled: bool = True
    why_not: str | None = None
    tooltip: str = ""


@dataclass(frozen=True)
class Choice:
    """One of the steps a click fits, offered as a button."""

    label: str
    step: str


@dataclass(frozen=True)
class Details:
    """The details of the cell in focus: ``sentences`` in the edition's
    words, the first one saying what stands on ``cell``."""

    cell: str
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class SceneRequest:
    """What the board picture shows (besides the game): the arguments of
    ``render.scene.build_scene`` that the session decides."""

    overlays: frozenset[str]
    show_names: bool
    last_turn: bool
    annotations: bool
    focus: str | None
    selected: str | None
    targets: tuple[str, ...]
    hover: str | None
    inspected: str | None
    changes: tuple[Any, ...]
    hint: Any = None
    presenting: bool = False


@dataclass(frozen=True)
class ViewState:
    """Everything a view of the board shows, for one moment of a session."""

    game_key: tuple            # changes when the game object's rules or edition change
    version: tuple             # changes whenever the game does
    header: Header
    status: str
    status_kind: str           # info, ok or refused
    advice: str                # what the mover may do next (and why a button is off)
    buttons: tuple[ButtonState, ...]
    komi: tuple[int, int] | None
    choices: tuple[Choice, ...]
    moves: tuple[tuple[int, str], ...]
    move_index: int
    details: Details | None
    mode: str
    presenting: bool
    to_move: str
    scene: SceneRequest
    thinking: str | None = None

    def button(self, name: str) -> ButtonState:
        """The button called ``name`` (end, pass, swap, komi, side_dark,
        side_light, first, previous, next, last, undo, redo, next_step)."""
        for b in self.buttons:
            if b.name == name:
                return b
        raise KeyError(name)


def changed_fields(old: ViewState | None, new: ViewState) -> frozenset[str]:
    """The names of the fields that differ between two view states (all of
    them when there was none before)."""
    names = [f.name for f in fields(ViewState) if f.compare]
    if old is None:
        return frozenset(names)
    return frozenset(n for n in names if getattr(old, n) != getattr(new, n))

"""``BoardSession``: the board as a headless model (no widgets, no canvas).

A session owns a :class:`~dendria_widget.Game` and everything a board view
shows about it: the mouse mode, the overlays and the cell they explain, the
selection, the steps a click fits (to choose from), the status line, the
editor's piece and mark label, the presentation line, the hint, and the
legal steps (asked of the engine once per position).

It takes commands (``click``, ``press``, ``choose``, ``undo``, ``go_to``,
``put``, ``mark``, ``present``...) and answers one immutable
:class:`~dendria_widget.session.view.ViewState`. After each command it
tells its subscribers, once, which fields of the view state changed.

A command that fails with an unexpected error leaves the game and the
session as they were before it, says so in the status line ("Something went
wrong: ...; the game is unchanged."), logs the traceback (logger
``dendria_widget.session``) and raises the error again to its caller.

Every rule question goes to the game: what a click means
(:mod:`dendria_widget.interaction`, from ``game.legal_steps()``), why a
step is refused (``game.why_illegal``), whose turn is under way.

>>> from dendria_widget import Game
>>> s = BoardSession(Game("dendria-classic", size=4))
>>> s.click("a1").steps
[Step('plant a1')]
>>> s.view().status
'Dark has planted a seed on a1. The turn of Dark ended by itself: nothing else could be played.'
"""

from __future__ import annotations

import functools
import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, TypeVar

from .. import explain
from ..errors import BadFile, DendriaError, IllegalStep
from ..files import ExistingFile, path_text, read_bytes, write_atomic
from ..explain.sentences import points
from ..game import BoardSpec, Game, RulesSpec
from ..interaction import (button_steps, choices_made, click_steps, journey_cell,
                           refusal_words, seat_words, targets as legal_targets, turn_labels)
from ..notation import Step
from ..render import scene as rscene
from ..render.overlays import offered_names
from . import words
from .hint import Hint, decorate
from .view import (ButtonState, Choice, Details, Header, SceneRequest, ViewState,
                   changed_fields)

if TYPE_CHECKING:  # for the type hints only
    from ..game import Effect
    from ..interaction import Click
    from ..render.theme import Theme

log = logging.getLogger("dendria_widget.session")

MODES = ("play", "edit", "mark", "arrow")
#: the words in the room under the board while no overlay is on
KEY_ROOM_WORDS = "Overlays (Explain tab) show why; each one's key appears here."
#: how many edits Undo can take back
EDITS_KEPT = 20

Subscriber = Callable[[frozenset, ViewState], None]
F = TypeVar("F", bound=Callable[..., Any])

#: the session's own state, put back as it was when a command fails
_STATE = ("mode", "overlays", "show_names", "last_turn", "auto_end", "inspected", "hover",
          "arrow_from", "pending", "status", "status_kind", "effects", "before_edits",
          "presenting", "line", "palette", "mark_label", "hint", "thinking")


def command(method: F) -> F:
    """A command of the session: one notice to the subscribers when it is
    done (commands called inside it are part of it), and an unexpected error
    puts the game and the session back as they were (see the module)."""

    @functools.wraps(method)
    def run(self: BoardSession, *args: Any, **kwargs: Any) -> Any:
        if self._depth:
            return method(self, *args, **kwargs)
        game_before = self._game.copy()
        state_before = {name: _copied(getattr(self, name)) for name in _STATE}
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        except Exception as e:
            log.exception("the board's %s failed; the game is put back as it was",
                          method.__name__)
            self._game._replace_with(game_before)
            for name, value in state_before.items():
                setattr(self, name, value)
            self._legal = None
            self.status = f"Something went wrong: {e}; the game is unchanged."
            self.status_kind = "refused"
            raise
        finally:
            self._depth -= 1
            self._publish()

    return run  # type: ignore[return-value]


def _copied(value: Any) -> Any:
    if isinstance(value, (list, set, dict)):
        return type(value)(value)
    return value


#: the session's yes/no settings (:meth:`BoardSession.set_flag`)
FLAGS = ("show_names", "last_turn", "auto_end", "quiz")


class BoardSession:
    """The board's state and commands, headless (see the module).

    ``BoardSession(game, *, overlays=(), show_names=True, last_turn=True,
    auto_end=True, quiz=False)``: ``overlays`` names the overlays shown at
    first (``render.scene.OVERLAYS``); ``auto_end`` ends a turn by itself
    when ``end`` is the only legal step; ``quiz`` (an exercise, a puzzle:
    the learner must find the move) keeps the answer off the screen: the
    advice names the kinds of step open but no cell, and the board
    highlights only where a journey may slide (the cells to click to go
    on), not the seeds, seedbeds and forests the mover may convert.
    """

    def __init__(self, game: Game, *, overlays: Iterable[str] = (), show_names: bool = True,
                 last_turn: bool = True, auto_end: bool = True, quiz: bool = False) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a board session needs a dendria_widget.Game, not "
                            f"{type(game).__name__}")
        overlays = set(overlays)
        unknown = overlays - set(rscene.OVERLAYS)
        if unknown:
            raise ValueError(f"unknown overlay {sorted(unknown)[0]!r} "
                             f"(overlays: {', '.join(rscene.OVERLAYS)})")
        self._game = game
        self._depth = 0
        self._asked_to_replace: str | None = None
        self._subscribers: list[Subscriber] = []
        self._view: ViewState | None = None      # the last view state published
        self._legal: list[Step] | None = None
        self._legal_key: Any = None
        self._seen: Any = None
        self._cache_key: Any = None
        self._cache: tuple = ()
        self.mode = "play"
        self.overlays: set[str] = overlays | {"annotations"}
        self.show_names = bool(show_names)
        self.last_turn = bool(last_turn)
        self.auto_end = bool(auto_end)
        self.quiz = bool(quiz)
        self.inspected: str | None = None     # the cell the overlays explain (sticky)
        self.hover: str | None = None         # the cell under the mouse (passing)
        self.arrow_from: str | None = None    # first cell of an arrow being drawn
        self.pending: list[Step] = []         # several steps fit the last click
        self.status = "The line below says what may be done now."
        self.status_kind = "info"
        self.effects: list[Effect] = []       # the pieces the last play changed
        # games as they were before each edit, and what the edit was (Undo)
        self.before_edits: list[tuple[Game, str]] = []
        self.presenting = False
        self.line: list[str] = []             # a prepared line to step through
        self.palette: str | None = None       # the editor's piece (None: the first)
        self.mark_label = "A"
        self.hint: Hint | None = None
        self.thinking: str | None = None      # a computer player thinks: words, or None
        self._seen = self._signature()
        self._view = self.view()

    # ------------------------------------------------------------ basics
    @property
    def game(self) -> Game:
        """The game shown (the same object for the session's whole life: an
        edit or a load replaces its content in place)."""
        return self._game

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(changed, view)`` after every command that changed
        something (``changed``: the names of the ViewState fields that
        differ). Returns a function that unsubscribes."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    def _publish(self) -> None:
        old = self._view
        new = self.view()
        changed = changed_fields(old, new)
        self._view = new
        if not changed:
            return
        for callback in list(self._subscribers):
            callback(changed, new)

    def legal(self) -> list[Step]:
        """The legal steps now, asked of the engine once per position."""
        key = self._game.version
        if self._legal is None or self._legal_key != key:
            self._legal = self._game.legal_steps()
            self._legal_key = key
        return self._legal

    def say(self, message: str, kind: str = "info") -> None:
        """Put ``message`` in the status line (``kind``: info, ok or refused)."""
        if kind not in ("info", "ok", "refused"):
            raise ValueError(f"a status is info, ok or refused, not {kind!r}")
        self.status = message
        self.status_kind = kind
        if not self._depth:
            self._publish()

    def _refused(self, message: str) -> None:
        self.status, self.status_kind = message, "refused"

    # ------------------------------------------------------- play steps
    @command
    def play(self, *steps: Step | str) -> bool:
        """Play steps (strings or Steps): a refused step changes nothing and
        its reason goes to the status line. True when every step was played."""
        self.pending = []
        game = self._game
        backup = game.copy() if len(steps) > 1 else None
        done = []
        try:
            for step in steps:
                mover = game.to_move
                game.play(step)
                done.append((game.steps[-1], mover, list(game.last_effects())))
        except IllegalStep as e:
            if backup is not None and done:
                game._replace_with(backup)   # as it was, redo steps and comments too
            self._refused(f"Not played: {e}")
            return False
        self._played(done)
        return True

    @command
    def press(self, verb: str) -> bool:
        """A button (End turn, Pass, Swap; the komi and side choices take the
        step's text, 'komi 3', 'side light'): the step is taken from the legal
        steps, so it is judged once; a step that is not legal now says why
        and changes nothing."""
        step = next((s for s in self.legal() if str(s) == verb), None)
        if step is None:
            reason = self._game.why_illegal(verb) or "it cannot be played now"
            self._refused(f"Not played: {verb}: {reason}")
            return False
        self._push(step)
        return True

    def _push(self, step: Step) -> None:
        """Play a step taken from ``legal()`` (already judged legal)."""
        mover = self._game.to_move
        self._game.push(step)
        self._played([(step, mover, list(self._game.last_effects()))])

    def _played(self, done: list) -> None:
        """After steps were played: the status says what they did, and the
        turn ends by itself when nothing else is legal (``auto_end``)."""
        game = self._game
        self._legal = None
        self.pending = []
        said = [words.played_words(game, s, m, e) for s, m, e in done]
        self.effects = [e for _, _, effects in done for e in effects]
        legal = self.legal()
        if (self.auto_end and len(legal) == 1 and legal[0].verb == "end"
                and game.turn_under_way):
            mover = game.to_move
            game.push(legal[0])
            self._legal = None
            said.append(f"The turn of {game.variant.colour_word(mover)} ended by itself: "
                        "nothing else could be played.")
        self.status, self.status_kind = " ".join(said), "ok"
        self._seen = self._signature()

    def _after_change(self, message: str, kind: str = "ok") -> None:
        self.effects = []
        self._legal = None
        self.pending = []
        self.status, self.status_kind = message, kind
        self._seen = self._signature()

    @command
    def click(self, cell: str | None) -> Click | Game | dict | None:
        """A click on ``cell`` (a name, or None off the board) in the current
        mode. In play mode: the step it means is played; several steps are
        offered as choices; a refused click changes nothing and says why
        (and the overlays then explain that cell)."""
        if cell is not None and not self._game.board.has_name(cell):
            cell = None
        if self.mode == "edit":
            return self._edit_click(cell)
        if self.mode == "mark":
            return self._mark_click(cell)
        if self.mode == "arrow":
            return self._arrow_click(cell)
        if self.thinking is not None:
            self._refused(self.thinking)
            return None
        if cell is None:
            self.pending = []
            self._refused("That is not a cell of the board.")
            return None
        game = self._game
        res = click_steps(game, cell, legal=self.legal())
        if res.cancel:
            st = game.undo()
            self._after_change(f"Journey cancelled ({st} taken back).", "info")
            return res
        if len(res.steps) == 1:
            self._push(res.steps[0])
            return res
        self.inspected = cell     # a click that plays nothing: the learner looks there
        if res.steps:
            self.pending = list(res.steps)
            self.status = f"Several steps fit {cell}: choose one below."
            self.status_kind = "info"
            return res
        self.pending = []
        self._refused(refusal_words(game, cell, res.reason))
        return res

    @command
    def choose(self, step: Step | str) -> bool:
        """Play one of the offered steps (the choice buttons)."""
        chosen = next((s for s in self.pending if str(s) == str(step)), None)
        if chosen is None:
            raise ValueError(f"{str(step)!r} is not one of the offered steps "
                             f"({', '.join(str(s) for s in self.pending) or 'none'})")
        self._push(chosen)
        return True

    @command
    def cancel_choice(self) -> None:
        """Offer no choice any more: nothing is played."""
        self.pending = []
        self.status, self.status_kind = "Nothing played.", "info"

    # ---------------------------------------------------------- history
    @command
    def undo(self) -> Step | None:
        """Take back the last step; at the start of an edited game, take
        back the edit (the game as it was before, history included)."""
        if not self._game.can_undo() and self.before_edits:
            before, what = self.before_edits.pop()
            self._take_over(before)
            self._after_change(f"Took back the edit ({what}): the game and its history "
                               "are as they were.", "info")
            return None
        st = self._game.undo()
        if st is None:
            self._refused("Nothing to undo: this is the start.")
            return None
        self._after_change(f"Took back {st}.", "info")
        return st

    def can_undo(self) -> bool:
        """Undo has something to take back: a step, or an edit."""
        return self._game.can_undo() or bool(self.before_edits)

    @command
    def redo(self) -> Step | None:
        st = self._game.redo()
        if st is None:
            self._refused("Nothing to redo.")
            return None
        self._after_change(f"Played again {st}.", "info")
        return st

    @command
    def go_to(self, index: int) -> None:
        """Show the game after ``index`` steps (undo or redo up to there)."""
        game = self._game
        game.go_to(index)
        self._after_change(f"After step {game.step_count} of "
                           f"{game.step_count + len(game.future)}.", "info")

    def first(self) -> None:
        self.go_to(0)

    def previous(self) -> None:
        self.go_to(max(self._game.step_count - 1, 0))

    def next(self) -> None:
        self.go_to(self._game.step_count + (1 if self._game.future else 0))

    def last(self) -> None:
        self.go_to(self._game.step_count + len(self._game.future))

    # ------------------------------------------------------ what is seen
    @command
    def set_hover(self, cell: str | None) -> None:
        """The cell under the mouse (None: none): shown in passing."""
        self.hover = cell if cell is None or self._game.board.has_name(cell) else None

    @command
    def inspect(self, cell: str | None) -> None:
        """The cell the overlays and the details explain until another one is
        inspected (None: none)."""
        if cell is not None and not self._game.board.has_name(cell):
            raise DendriaError(f"there is no cell {cell!r} on this board")
        self.inspected = cell

    @command
    def set_overlay(self, name: str, on: bool = True) -> None:
        """Show (or hide) an overlay: one of render.scene.OVERLAYS."""
        if name not in rscene.OVERLAYS:
            raise ValueError(f"unknown overlay {name!r} (overlays: {', '.join(rscene.OVERLAYS)})")
        if on:
            self.overlays.add(name)
        else:
            self.overlays.discard(name)

    @command
    def set_flag(self, name: str, value: bool) -> None:
        """``show_names``, ``last_turn``, ``auto_end`` or ``quiz``."""
        if name not in FLAGS:
            raise ValueError(f"unknown flag {name!r} ({', '.join(FLAGS)})")
        setattr(self, name, bool(value))

    @command
    def set_mode(self, mode: str) -> None:
        """The mouse mode: play, edit, mark or arrow."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (play, edit, mark, arrow)")
        self.mode = mode
        self.arrow_from = None
        self.pending = []
        self.status_kind = "info"
        self.status = {
            "edit": "Editor: click a cell to put the chosen piece (Editor tab).",
            "mark": "Mark: click a cell to label it (again to remove the mark).",
            "arrow": "Arrow: click the cell it starts from, then where it points.",
        }.get(mode, "Play: click the board.")

    @command
    def set_hint(self, hint: Hint | None, message: str | None = None) -> None:
        """Show a computer player's hint (None: no hint); ``message``: what
        the status line says about it."""
        self.hint = hint
        if message is not None:
            self.status, self.status_kind = message, "ok"

    @command
    def set_thinking(self, words_: str | None) -> None:
        """While a computer player thinks: the sentence a refused click shows
        (None: clicks play again)."""
        self.thinking = words_

    # ------------------------------------------------------ presentation
    @command
    def present(self, on: bool = True, line: Iterable[Step | str] | None = None) -> None:
        """The presentation view on or off; ``line``: a prepared list of
        steps that :meth:`present_step` plays one by one from here."""
        on = bool(on)
        if line is not None:
            self.line = [str(s) for s in line]
        elif on and not self.presenting:
            self.line = []
        if on == self.presenting:
            return
        self.presenting = on
        self.status_kind = "info"
        self.status = ("Presentation: Next step plays the prepared line." if on and self.line
                       else "Presentation: Next step steps through the game." if on
                       else "Back to the full board.")

    @command
    def present_step(self) -> Step | None:
        """*Next step*: the next step of the prepared line, or of the game
        (redo). Returns the Step played, or None at the end."""
        keep, self.auto_end = self.auto_end, False   # the steps as they are, exactly
        try:
            if self.line:
                if not self.play(self.line[0]):
                    return None
                self.line.pop(0)
                return self._game.steps[-1]
            if not self._game.can_redo():
                self.status, self.status_kind = ("The end of the game: nothing more to "
                                                 "show.", "info")
                return None
            mover = self._game.to_move
            st = self._game.redo()
            self._played([(st, mover, list(self._game.last_effects()))])
            return st
        finally:
            self.auto_end = keep

    # ------------------------------------------------------------ games
    def _take_over(self, new: Game) -> None:
        """The session's game takes over ``new`` in place; what belonged to
        the old game (focus, choices, last play, hint) goes."""
        self._game._replace_with(new)
        self.inspected = self.hover = self.arrow_from = None
        self.pending = []
        self.effects = []
        self.hint = None
        self._legal = None

    def _replace(self, new: Game, message: str, what: str | None = None) -> None:
        """Replace the game by ``new`` (an edit, a load, a new game): when that
        wipes a history the status says so, and Undo takes the change back."""
        old = self._game
        lost = old.step_count + len(old.future)
        self.before_edits.append((old.copy(), what or message.rstrip(".").lower()))
        del self.before_edits[:-EDITS_KEPT]
        if lost:
            message += (f" This cleared the history ({lost} step{'s' if lost != 1 else ''}); "
                        "Undo takes the change back.")
        self._take_over(new)
        self._after_change(message, "ok")

    @command
    def replace_game(self, game: Game, message: str = "") -> None:
        """Show another game (``board.game = g``): the session takes over
        ``game`` itself from now on."""
        if not isinstance(game, Game):
            raise TypeError(f"a board shows a dendria_widget.Game, not {type(game).__name__}")
        self._game = game
        self.inspected = self.hover = self.arrow_from = None
        self.pending = []
        self.effects = []
        self.hint = None
        self._legal = None
        # the edits were the old game's: Undo never leads back into it
        self.before_edits = []
        self._after_change(message, "info")

    @command
    def serve(self, position: str | dict, message: str = "") -> Game:
        """Serve an exercise: the game read from ``position`` (a position
        string or dict) replaces this one with no history and no way back,
        so Undo stops at its start (a puzzle trainer's *Next* and *Retry*).
        A position that cannot be read raises a DendriaError and changes
        nothing."""
        game = Game.from_position(position.strip() if isinstance(position, str) else position)
        self._take_over(game)
        self.before_edits = []
        self._after_change(message or "A new position to play.", "info")
        return self._game

    def _start(self, make: Callable[[], Game], refused: str,
               said: Callable[[Game], str]) -> Game | None:
        """The game ``make()`` gives replaces this one, the status saying
        ``said(game)``; when it raises a DendriaError the game stays and the
        status says ``refused`` and why (a new game, a load)."""
        try:
            game = make()
        except DendriaError as e:
            self._refused(f"{refused}: {e}")
            return None
        self._replace(game, said(game))
        return self._game

    @command
    def new_game(self, ruleset: RulesSpec = "dendria-classic", size: int | None = None,
                 board: BoardSpec | None = None, options: dict | None = None) -> Game | None:
        """Start a new game with these rules (the Rules tab's *New game*)."""
        return self._start(lambda: Game(ruleset, size=size, board=board, options=options or None),
                           "No new game",
                           lambda game: f"A new game of {game.variant.title} on "
                                        f"{_board_words(game)}.")

    @command
    def load_position(self, position: str | dict) -> Game | None:
        """Load a position string (or docs/notation.md position dict)."""
        return self._start(lambda: Game.from_position(position.strip() if isinstance(position, str)
                                                      else position),
                           "Cannot load the position", lambda game: "Position loaded.")

    @command
    def load_record_text(self, data: dict | str | bytes | bytearray,
                         source: str = "the record") -> Game | None:
        """Load a game record (a dict, or its JSON text or bytes)."""
        return self._start(lambda: Game.from_record(data), f"Cannot load {source}",
                           lambda game: f"Loaded {source}.")

    @command
    def load_record(self, path: str | os.PathLike) -> Game | None:
        """Load a game record from a JSON file (only a regular file of a
        bounded size is read: a FIFO or a device is refused at once)."""
        try:
            data = read_bytes(path, what="a record")
        except BadFile as e:
            self._refused(_sentence(e, "Cannot read the record"))
            return None
        return self.load_record_text(data, source=path_text(path))

    def asked_to_replace(self, path: str | os.PathLike) -> bool:
        """True when the last save was refused because ``path`` is already
        there (a second *Save record* of the same file replaces it)."""
        return (self._asked_to_replace is not None and isinstance(path, (str, os.PathLike))
                and self._asked_to_replace == path_text(path))

    @command
    def save_record(self, path: str | os.PathLike, overwrite: bool = False) -> str | None:
        """Write the game record (JSON: rules, turns, redo, annotations) to
        ``path``, through a temporary file moved into place (a failure leaves
        the old file as it was). A file already there is replaced only with
        ``overwrite=True``; otherwise the status asks to save again."""
        self._asked_to_replace = None
        try:
            replaced = self._game.save(path, overwrite=overwrite)
        except ExistingFile as e:
            self._asked_to_replace = e.path
            self._refused(f"{e.path} is already there, so the record was not saved and "
                          f"that file is unchanged. Save again to replace it (the Save "
                          f"record button again, or save_record with overwrite=True).")
            return None
        except BadFile as e:
            self._refused(_sentence(e, "Cannot save the record"))
            return None
        name = path_text(path)
        self.status, self.status_kind = (
            f"Record saved to {name}" + (", replacing the file that was there." if replaced
                                         else "."), "ok")
        return name

    # ----------------------------------------------------------- editor
    def _rebuild(self, pieces: dict | None = None, to_move: str | None = None,
                 message: str = "") -> Game | None:
        """Make the game anew from a position (the editor's changes)."""
        try:
            new = self._game.edited(pieces=pieces, to_move=to_move)
        except DendriaError as e:
            self._refused(f"Refused: {e}")
            return None
        self._replace(new, message)
        return self._game

    @command
    def put(self, cell: str, piece: str | None) -> Game | None:
        """Editor: put ``piece`` ('dark seed', 'white 2'; None to empty) on
        ``cell``. The game restarts from the edited position."""
        board = self._game.board
        if not isinstance(cell, str) or not board.has_name(cell):
            self._refused(f"There is no cell {cell!r} on this board.")
            return None
        cell = board.name(board.cell(cell))
        pieces: dict[str, str] = dict(self._game.pieces)
        if piece is None:
            pieces.pop(cell, None)
            said = f"{cell} emptied."
        else:
            pieces[cell] = piece
            said = f"{piece} put on {cell}."
        return self._rebuild(pieces=pieces, message=f"Editor: {said}")

    def palette_piece(self) -> str:
        """The editor's piece now (or 'remove')."""
        options = [value for value, _ in self._game.variant.palette]
        if self.palette in options:
            return str(self.palette)
        return options[1] if len(options) > 1 else options[0]

    @command
    def set_palette(self, piece: str) -> None:
        """The editor's piece ('remove', or a piece of the palette)."""
        options = [value for value, _ in self._game.variant.palette]
        if piece not in options:
            raise ValueError(f"{piece!r} is not a piece of this edition's editor "
                             f"({', '.join(options)})")
        self.palette = piece

    @command
    def set_mark_label(self, label: str) -> None:
        self.mark_label = str(label)

    def _edit_click(self, cell: str | None) -> Game | None:
        if cell is None:
            self._refused("That is not a cell of the board.")
            return None
        choice = self.palette_piece()
        if choice == "remove" or self._game.pieces.get(cell) == choice:
            return self.put(cell, None)
        return self.put(cell, choice)

    @command
    def clear_board(self) -> Game | None:
        """Editor: remove every piece."""
        return self._rebuild(pieces={}, message="Editor: the board is cleared.")

    @command
    def set_to_move(self, colour: str) -> Game | None:
        """Editor: set the side to move (the game restarts from this position)."""
        game = self._game
        if colour == game.to_move and not game.turn_under_way and game.phase == "turn":
            return game
        return self._rebuild(to_move=colour, message=f"Editor: {colour} to move.")

    # ------------------------------------------------------ annotations
    def _notes(self) -> dict:
        ann = self._game.annotations
        return {"marks": dict(ann.get("marks", {})),
                "arrows": [list(a) for a in ann.get("arrows", [])]}

    @command
    def mark(self, cell: str, label: str | None = None) -> dict | None:
        """Mark ``cell`` with a label (None: the editor's label; an empty
        label removes the mark). Kept in the game record and in exports."""
        if label is None:
            label = self.mark_label
        notes = self._notes()
        if label:
            notes["marks"][cell] = label
        else:
            notes["marks"].pop(cell, None)
        return self._set_notes(notes, f"Mark {label!r} on {cell}." if label
                               else f"Mark on {cell} removed.")

    @command
    def arrow(self, start: str, end: str) -> dict | None:
        """Draw an arrow from ``start`` to ``end`` (again: remove it)."""
        notes = self._notes()
        pair = [start, end]
        if pair in notes["arrows"]:
            notes["arrows"].remove(pair)
            said = f"Arrow {start} to {end} removed."
        else:
            notes["arrows"].append(pair)
            said = f"Arrow from {start} to {end}."
        return self._set_notes(notes, said)

    @command
    def clear_annotations(self) -> dict | None:
        return self._set_notes({"marks": {}, "arrows": []}, "Marks and arrows cleared.")

    def _set_notes(self, notes: dict, message: str) -> dict | None:
        try:
            self._game.set_annotations(notes)
        except DendriaError as e:
            self._refused(f"Refused: {e}")
            return None
        self.status, self.status_kind = message, "ok"
        self._seen = self._signature()
        return self._game.annotations

    def _mark_click(self, cell: str | None) -> dict | None:
        if cell is None:
            return None
        label = self.mark_label
        current = self._game.annotations.get("marks", {}).get(cell)
        return self.mark(cell, "" if current == label else label)

    def _arrow_click(self, cell: str | None) -> dict | None:
        if cell is None:
            self.arrow_from = None
            return None
        if self.arrow_from is None:
            self.arrow_from = cell
            self.status, self.status_kind = (f"Arrow from {cell}: now click where it "
                                             "points.", "info")
            return None
        start, self.arrow_from = self.arrow_from, None
        if start == cell:
            self._refused("An arrow needs two different cells.")
            return None
        return self.arrow(start, cell)

    # ---------------------------------------------------- code changes
    def _signature(self) -> tuple:
        g = self._game
        ann = g.annotations
        return (id(g), g.version, g.step_count, len(g.future), g.position_string(),
                json.dumps(ann, sort_keys=True) if ann else "")

    @command
    def sync(self) -> bool:
        """Take in a game changed behind the session's back (``game.play(...)``
        in a notebook cell). Returns True when the game had changed."""
        if self._signature() == self._seen:
            return False
        self._legal = None
        self.pending = []
        self.effects = []
        self.status = "The game changed in code: " + words.hint(self._game, self.legal(),
                                                                quiz=self.quiz)
        self.status_kind = "info"
        self._seen = self._signature()
        return True

    # --------------------------------------------------------- the view
    def focus(self) -> str | None:
        """The cell whose roots (Hedu: placement preview) are shown: the one
        under the mouse, else the one inspected."""
        return self.hover or self.inspected

    def selected(self) -> str | None:
        """The selected cell: the journeying dendrid, or an arrow's start."""
        if self.arrow_from is not None:
            return self.arrow_from
        return journey_cell(self._game)

    def _hint_now(self) -> Hint | None:
        hint = self.hint
        if hint is not None and hint.key != self._game.version:
            return None
        return hint

    def scene_request(self) -> SceneRequest:
        game = self._game
        legal = self.legal()
        targets = legal_targets(game, legal) if self.mode == "play" else []
        if self.quiz:      # the cells to click to go on, not the answer
            slides = {s.arg for s in legal if s.verb == "slide"}
            targets = [t for t in targets if t in slides]
        pend = [s.arg for s in self.pending if isinstance(s.arg, str)]
        return SceneRequest(
            overlays=frozenset(self.overlays), show_names=self.show_names,
            last_turn=self.last_turn, annotations="annotations" in self.overlays,
            focus=self.focus(), selected=self.selected(),
            targets=tuple(dict.fromkeys(list(targets) + pend)), hover=self.hover,
            inspected=self.inspected, changes=tuple(self.effects), hint=self._hint_now(),
            presenting=self.presenting)

    def scene(self, theme: Theme | str | None = None, width: float | None = None,
              interactive: bool = True, request: SceneRequest | None = None) -> rscene.Scene:
        """The picture (render.scene.Scene) of the game as the session shows
        it; ``interactive=False``: for exports, what the board shows but the
        mouse (no hover, and no words in the room kept for keys)."""
        from ..render.theme import DEFAULT_THEME, resolve_theme

        req = request or self.scene_request()
        th = DEFAULT_THEME if theme is None else resolve_theme(theme)
        kw: dict[str, Any] = dict(overlays=set(req.overlays), theme=th, width=width,
                                  show_names=req.show_names, last_turn=req.last_turn,
                                  changes=list(req.changes),
                                  annotations=self._game.annotations if req.annotations
                                  else None)
        kw.update(focus=req.focus if interactive else req.inspected, selected=req.selected,
                  targets=list(req.targets), hover=req.hover if interactive else None)
        scene = rscene.build_scene(self._game, **kw)
        if req.hint is not None:
            scene = decorate(scene, self._game, req.hint, th.background)
        if (interactive and not scene.key and not scene.captions and not req.presenting
                and req.hint is None):
            # the room kept for the keys, empty: say what it is for
            lines = rscene.wrap(KEY_ROOM_WORDS, rscene.KEY_TEXT,
                                scene.width - 2 * rscene.KEY_PAD)
            for k, line in enumerate(lines):
                scene.layers.setdefault("overlays", []).append(rscene.Text(
                    rscene.KEY_PAD, scene.board_height + 22 + 16 * k, line,
                    rscene.KEY_TEXT, th.coord, anchor="start", tag="key-room"))
        return scene

    def _per_position(self) -> tuple:
        """The parts of the view that change only with the game (and the
        mode, the edits kept, the presentation): asked once per position,
        not again at every hover."""
        game = self._game
        key = (game.version, self.mode, len(self.before_edits), self.presenting,
               bool(self.line), game.step_count, len(game.future), self.quiz)
        if self._cache_key != key:
            legal = self.legal()
            self._cache = (self._buttons(legal), self._header(), tuple(turn_labels(game)))
            self._cache_key = key
        return self._cache

    def view(self) -> ViewState:
        """Everything a view shows now, as one immutable value."""
        game = self._game
        legal = self.legal()
        (buttons, advice, komi), header, moves = self._per_position()
        return ViewState(
            game_key=(game.rules.ruleset, offered_names(game.variant), str(game.board.spec)),
            version=game.version,
            header=header,
            status=self.status, status_kind=self.status_kind, advice=advice,
            buttons=buttons, komi=komi,
            choices=tuple(Choice(words.step_choice_label(s), str(s)) for s in self.pending),
            moves=moves, move_index=game.step_count,
            details=self._details(legal),
            mode=self.mode, presenting=self.presenting, to_move=game.to_move,
            scene=self.scene_request(), thinking=self.thinking)

    def _header(self) -> Header:
        game = self._game
        v = game.variant
        over = result = None
        if game.is_over:
            w = game.winner
            assert w is not None     # the game is over: a colour or 'draw'
            score = game.score()
            totals = " to ".join(points(words._total(score[c])) for c in score)
            who = "A draw" if w == "draw" else f"{v.colour_word(w)} wins"
            why = f" ({game.end_reason})" if game.end_reason else ""
            result = f"Game over: {who}, {totals}"
            over = f"{result}{why}"
        return Header(mover=words.mover_words(game), phase=words.phase_words(game),
                      over=over, seats=seat_words(game, now=choices_made(game)) or "",
                      scores=tuple(words.score_words(game)[:2]), result=result)

    def _details(self, legal: list[Step]) -> Details | None:
        game = self._game
        cell = self.focus()
        if cell is None:
            return None
        facts = explain.explain_cell(game, cell)
        slides = None
        if cell == journey_cell(game):
            slides = [s.arg for s in legal if s.verb == "slide" and isinstance(s.arg, str)]
        return Details(cell, tuple(explain.describe(game, cell, facts, slides)))

    def _buttons(self, legal: list[Step]) -> tuple[tuple[ButtonState, ...], str,
                                                   tuple[int, int] | None]:
        game = self._game
        verbs = {s.verb for s in button_steps(game, legal)}
        choosing = game.choosing_sides                # no turn yet: no End turn, no Pass
        hedu = game.variant.family == "hedu"          # a placement is a whole turn
        playing = self.mode == "play"
        out = []
        why_not = []
        for name, label, shown, tip in (
                ("end", "End turn", not (choosing or hedu), "end the turn"),
                ("pass", "Pass", not choosing,
                 "pass the turn (two passes in a row end the game)")):
            ok = name in verbs
            reason = None
            if not ok and shown and not game.is_over:
                reason = game.why_illegal(name)
                # the advice says why End turn is off during a turn (Pass is
                # off only where it goes without saying: its tooltip tells)
                if reason and name == "end" and game.turn_under_way:
                    why_not.append((label, reason))
            out.append(ButtonState(name, label, shown, ok, reason,
                                   f"{label} is not possible now: {reason}" if reason
                                   else tip))
        out.append(ButtonState("swap", "Swap", "swap" in verbs, "swap" in verbs, None,
                               "the pie rule: exchange colours"))
        komis = [s.arg for s in legal if s.verb == "komi" and isinstance(s.arg, int)]
        komi = (min(komis), max(komis)) if komis else None
        out.append(ButtonState("komi", "Set komi", bool(komis), bool(komis), None,
                               "Player 1 sets the komi (points for Light)"))
        sides = {s.arg for s in legal if s.verb == "side"}
        colour: str
        for colour in game.variant.colours:
            word = game.variant.colour_word(colour)
            out.append(ButtonState(f"side_{colour}", f"Play {word.lower()}", bool(sides),
                                   colour in sides, None, f"Player 2 takes {word}"))
        can_undo, can_redo = game.can_undo(), game.can_redo()
        undo_tip = ("take back the edit (the game before it, with its history)"
                    if not can_undo and self.before_edits else "take back the last step")
        for name, label, ok, tip in (
                ("first", "", can_undo, "the start"),
                ("previous", "", can_undo, "one step back"),
                ("next", "", can_redo, "one step forward"),
                ("last", "", can_redo, "the last step"),
                ("undo", "Undo", self.can_undo(), undo_tip),
                ("redo", "Redo", can_redo, "play again the step taken back")):
            out.append(ButtonState(name, label, True, ok, None, tip))
        out.append(ButtonState("next_step", "Next step", self.presenting,
                               bool(self.line) or can_redo, None,
                               "play the next step of the game (or of the prepared line)"))
        advice = words.hint(game, legal, why_not, quiz=self.quiz) if playing else ""
        return tuple(out), advice, komi

    # ----------------------------------------------------------- exports
    def export_scene(self, theme: Theme | str | None = None,
                     width: float | None = None) -> rscene.Scene:
        """The scene for exports: what the board shows (the overlays on, the
        marks and arrows, the last turn, the selection, a hint), but the
        mouse's hover."""
        return self.scene(theme, width, interactive=False)

    @command
    def export(self, folder: str | os.PathLike = ".", stem: str | None = None,
               theme: Theme | str | None = None, width: float | None = None,
               overwrite: bool = False) -> list[str]:
        """Save the picture (SVG and PNG) and the game record (JSON) in
        ``folder`` (the notebook's folder by default), named ``stem`` and a
        number that is free (``board-1.svg``...); the status line says
        where. Each file goes through a temporary file moved into place; a
        ``stem`` whose files are there already is refused unless
        ``overwrite``. Returns the paths written ([] when it could not; when
        a file fails, the ones written before it are kept and named)."""
        from ..render.png import scene_to_png
        from ..render.svg import scene_to_svg

        if not isinstance(folder, (str, os.PathLike)) or (
                stem is not None and (not isinstance(stem, str) or not stem.strip()
                                      or "/" in stem or "\\" in stem or "\0" in stem)):
            self._refused("Cannot export: give a folder (a path) and a stem (a file name "
                          "without a folder).")
            return []
        where = Path(folder)
        folder_words = path_text(os.path.abspath(where))
        if not where.is_dir():
            self._refused(f"Cannot export to {folder_words}: "
                          + ("it is not a folder." if os.path.lexists(where)
                             else "there is no such folder."))
            return []
        if stem is None:
            k = 1
            while any(os.path.lexists(where / f"board-{k}{ext}")
                      for ext in (".svg", ".png", ".json")):
                k += 1
            stem = f"board-{k}"
        paths = [where / f"{stem}.svg", where / f"{stem}.png", where / f"{stem}.json"]
        there = [p.name for p in paths if os.path.lexists(p)]
        if there and not overwrite:
            self._refused(f"Nothing exported: {_listed(there)} already "
                          f"{'is' if len(there) == 1 else 'are'} in "
                          f"{folder_words}, and kept. Export with "
                          f"another stem, or with overwrite=True to replace them.")
            return []
        scene = self.export_scene(theme, width)
        contents: list[bytes | str] = [scene_to_svg(scene), scene_to_png(scene),
                                       self._game.to_json(indent=1) + "\n"]
        done: list[Path] = []
        for path, data, what in zip(paths, contents, ("the picture", "the picture",
                                                       "the record")):
            try:
                write_atomic(path, data, overwrite=overwrite, what=what)
            except BadFile as e:
                left = [p.name for p in paths if p not in done and p != path]
                said = f"Cannot export to {folder_words}: {e}."
                if done:
                    said += (f" Exported {_listed([p.name for p in done])} before it (kept)")
                    said += f"; {_listed(left)} not written." if left else "."
                elif left:
                    said += f" {_listed(left)} not written either."
                self._refused(said)
                return [path_text(p) for p in done]
            done.append(path)
        self.status, self.status_kind = (f"Exported {paths[0].name}, {paths[1].name} (the "
                                         f"picture) and {paths[2].name} (the record) to "
                                         f"{folder_words}.", "ok")
        return [path_text(p) for p in paths]


def _listed(names: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _sentence(error: BadFile, prefix: str) -> str:
    """A file's error as a sentence of the status line: the error's own
    words when they say what was done ('cannot save ... to x.json: ...'),
    else ``prefix: words``."""
    text = str(error)
    if text.startswith("cannot "):
        text = text[0].upper() + text[1:]
    else:
        text = f"{prefix}: {text}"
    return text if text.endswith(".") else text + "."


def _board_words(game: Game) -> str:
    spec = game.board.spec
    if spec.get("shape") == "hexagon":
        return f"a hexagon of side {spec['size']}"
    return f"a modular board of {len(spec.get('modules', []))} modules"

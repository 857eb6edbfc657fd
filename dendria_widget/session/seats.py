"""The two seats' computer players and the one thinking job, headless.

A :class:`SeatPlayers` belongs to a :class:`~dendria_widget.session.board.BoardSession`:
it knows who sits in each seat (a computer player or a person), starts the
player whose turn it is on its own copy of the game (a background thread, or
at once without an event loop), and plays its turn through the session when
it is ready, unless the game changed meanwhile or Stop was pressed. Every
outcome is told in words (:attr:`SeatPlayers.words`). The widget's Players
tab (``dendria_widget/widget/players_panel.py``) only shows it.

A player here is anything with ``choose_turn(game, stop)``, ``name`` and
``words`` (the computer players of ``dendria_widget.players``): this layer
does not import them.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from .. import background
from ..game import SEATS
from .hint import Hint, ready_words

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..notation import Step
    from .board import BoardSession


class Thinker(Protocol):
    """A computer player as the session sees it."""

    @property
    def name(self) -> str: ...

    @property
    def words(self) -> str: ...

    def choose_turn(self, game: Game, stop: Any = None) -> Sequence[Step]: ...


class ThinkingJob:
    """One thinking player: its own copy of the game and a Stop event."""

    def __init__(self, kind: str, seat: str, player: Thinker, game: Game,
                 key: tuple[int, int]) -> None:
        self.kind = kind            # "turn" or "hint"
        self.seat = seat
        self.player = player
        self.game = game.copy()     # the thread's own copy: the session's game stays free
        self.key = key
        self.stop = threading.Event()
        self.turn: list[Step] = []         # once the player has chosen
        self.error: Exception | None = None
        self.search: dict[str, Any] | None = None
        self.thread: background.Task | None = None

    def run(self) -> None:
        try:
            self.turn = list(self.player.choose_turn(self.game, self.stop))
            self.search = getattr(self.player, "last_search", None)
        except Exception as e:  # noqa: BLE001 - reported in words by the session
            self.error = e


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop, or None (a plain script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class SeatPlayers:
    """Who plays each seat of a session's game, and the player thinking now.

    ``players``: the first seat's and the second seat's player (None: a
    person). ``provide(seat)``, when given, makes the player of a seat that
    holds a placeholder (the Players tab's "MCTS of the budget chosen").
    ``on_words(words, kind)`` is told every outcome; ``on_busy(thinking)``
    when a job starts and ends."""

    def __init__(self, session: BoardSession, players: Sequence[Any],
                 provide: Callable[[Any], Thinker | None] | None = None) -> None:
        self.session = session
        self.players: list[Any] = list(players)
        self.provide = provide
        self.job: ThinkingJob | None = None
        self.paused = False
        self.turns_played = 0
        self.words = ""
        self.kind = "info"
        self.listeners: list[Callable[[], object]] = []

    # ------------------------------------------------------------ seats
    def player(self, seat: str) -> Thinker | None:
        """The computer player of a seat ('first' or 'second'), or None."""
        p = self.players[SEATS.index(seat)]
        if p is None or hasattr(p, "choose_turn"):
            return p
        return self.provide(p) if self.provide is not None else None

    def computer_to_move(self) -> tuple[str, Thinker] | None:
        """(seat, player) when a computer player is to start a turn now."""
        game = self.session.game
        if game.is_over or game.turn_under_way:
            return None
        seat = game.seat_to_move
        player = self.player(seat)
        return (seat, player) if player is not None else None

    def key(self) -> tuple[int, int]:
        return self.session.game.version

    @property
    def thinking(self) -> bool:
        return self.job is not None

    def _say(self, words: str, kind: str = "info") -> None:
        self.words, self.kind = words, kind
        for listener in list(self.listeners):
            listener()

    # ---------------------------------------------------------- actions
    def after_change(self) -> None:
        """After every change of the game or the mode: a job on a position
        gone is stopped, and the computer player to move starts (when an
        event loop runs)."""
        if self.job is not None and self.job.key != self.key():
            self.job.stop.set()      # the game moved on: its answer would be stale
        if self.job is None and not self.paused and self.session.mode == "play":
            todo = self.computer_to_move()
            if todo is not None and running_loop() is not None:
                self.start("turn", *todo)

    def play_now(self) -> bool:
        """The computer player of the side to move plays its turn."""
        self.paused = False
        if self.job is not None:
            self._say("A player is already thinking: wait, or press Stop.", "refused")
            return False
        todo = self.computer_to_move()
        if todo is None:
            game = self.session.game
            if game.is_over:
                self._say("The game is over.", "refused")
            elif game.turn_under_way:
                self._say("A turn is under way: finish it on the board first.", "refused")
            else:
                colour = game.variant.colour_word(game.to_move)
                self._say(f"It is {colour}'s turn and a person plays {colour}: click the "
                          "board, or choose a computer player above.", "refused")
            return False
        self.start("turn", *todo)
        return True

    def stop(self) -> bool:
        """Stop the thinking player: it plays nothing, and the computer
        pauses until Play."""
        self.paused = True
        if self.job is None:
            self._say("Nothing to stop: no player is thinking.", "info")
            return False
        self.job.stop.set()
        self._say("Stopping...", "info")
        return True

    def ask_hint(self, player: Thinker) -> bool:
        """``player`` suggests a turn for the side to move."""
        game = self.session.game
        if self.job is not None:
            self._say("A player is already thinking: wait, or press Stop.", "refused")
            return False
        if game.is_over or game.turn_under_way:
            self._say("A hint is for the start of a turn: " +
                      ("the game is over." if game.is_over else "finish this turn first."),
                      "refused")
            return False
        self.start("hint", game.seat_to_move, player)
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the thinking player is done (at most ``timeout``
        seconds) and take its answer now; True when nothing is left thinking."""
        job = self.job
        if job is None:
            return True
        if job.thread is not None:
            job.thread.join(timeout)
            if job.thread.is_alive():
                return False
        self.finished(job)
        return self.job is None

    # ------------------------------------------------------- the thread
    def start(self, kind: str, seat: str, player: Thinker) -> ThinkingJob:
        session = self.session
        job = ThinkingJob(kind, seat, player, session.game, self.key())
        self.job = job
        colour = session.game.variant.colour_word(session.game.to_move)
        what = "looks for a hint" if kind == "hint" else "is thinking"
        self._say(f"{colour}, {player.words}, {what}...", "info")
        session.say(f"{colour}'s computer player, {player.words}, {what}...", "info")
        if kind == "turn":   # a click on the board is refused, with this sentence
            session.set_thinking(f"{colour}'s computer player is thinking: wait, or press "
                                 "Stop in the Players tab.")
        loop = running_loop()
        if loop is None:                       # no event loop: think here and now
            job.run()
            self.finished(job)
            return job
        # on a thread, or on the loop where none can start (Pyodide)
        job.thread = background.start(job.run, lambda: self.finished(job), loop,
                                      name="dendria-player")
        return job

    def finished(self, job: ThinkingJob) -> None:
        if job is not self.job:
            return
        self.job = None
        session = self.session
        session.set_thinking(None)
        game = session.game
        colour = game.variant.colour_word(game.to_move)
        if job.error is not None:
            self._say(f"The computer player could not play: {job.error}", "refused")
            return
        if job.key != self.key():
            self._say("The game changed while the player thought: its answer was "
                      "dropped.", "info")
            self.after_change()
            return
        if job.stop.is_set():
            self._say(f"Stopped: {colour}'s computer player played nothing. Press Play "
                      "to let it think again.", "info")
            session.say("Stopped: the computer player played nothing.", "info")
            return
        if job.kind == "hint":
            self._say(f"Hint for {colour}: {', '.join(str(s) for s in job.turn)}.", "ok")
            hint = Hint(job.key, list(job.turn), job.search, job.player.name, job.player.words)
            session.set_hint(hint, ready_words(colour, hint))
            return
        self.turns_played += 1
        self._say(f"{colour}, {job.player.words}, played "
                  f"{', '.join(str(s) for s in job.turn)}.", "ok")
        session.play(*job.turn)             # the session tells its views; the next may start

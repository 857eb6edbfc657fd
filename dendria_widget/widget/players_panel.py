"""The *Players* tab of the BoardWidget: computer players on either side, a
Stop button, and a Hint with MCTS's heat map.

A computer player thinks in a background thread on its own copy of the game
(in the browser, where no thread starts, on the event loop: see
dendria_widget/background.py), so the notebook stays responsive; its turn is
played in the kernel's event loop when it is ready (and thrown away if the
game changed meanwhile or Stop was pressed). Without a running event loop (a
plain script) nothing starts by itself: ``panel.play_now()`` then thinks and
plays at once.

The hint goes to the board's session (``session.set_hint``), which draws
it and its heat map on the board (``session.hint``) with a key below it.
"""

from __future__ import annotations

import asyncio
import threading
from html import escape
from typing import TYPE_CHECKING, Any, Literal, Sequence, Union

import ipywidgets as widgets

from .. import background
from ..errors import DendriaError
from ..players import SEATS, GreedyPlayer, MCTSPlayer, Player, RandomPlayer, seat_to_move, seats

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..notation import Step
    from .board import BoardWidget

#: what sits in a seat: a computer player, "mcts" (the MCTS player of the
#: budget chosen, made when asked for) or None (a person)
Seat = Union[Player, Literal["mcts"], None]
from ..session.hint import HEAT, HINT, KEY_WORDS, Hint, ready_words  # noqa: F401 - the hint's colours

KINDS = (("You (click the board)", "human"), ("Random", "random"), ("Greedy", "greedy"),
         ("MCTS", "mcts"))
ITERATIONS = 100      # the iteration budget offered first (about 1 s a turn on side 5-7)


class _Job:
    """One thinking player: a background thread with a Stop event."""

    def __init__(self, kind: str, seat: str, player: Player, game: Game,
                 key: tuple[int, int]) -> None:
        self.kind = kind            # "turn" or "hint"
        self.seat = seat
        self.player = player
        self.game = game.copy()     # the thread's own copy: the widget's game stays free
        self.key = key
        self.stop = threading.Event()
        self.turn: list[Step] = []         # once the player has chosen
        self.error: Exception | None = None
        self.search: dict[str, Any] | None = None
        self.thread: background.Task | None = None

    def run(self) -> None:
        try:
            self.turn = self.player.choose_turn(self.game, self.stop)
            self.search = getattr(self.player, "last_search", None)
        except Exception as e:  # noqa: BLE001 - reported in words by the panel
            self.error = e


class PlayersPanel:
    """The Players tab. ``first``/``second``: the Player (or None for a
    person) of the seat that starts with the first colour (dark, black) and
    of the other seat; a pie swap or a side choice exchanges the seats'
    colours, and the players keep their seats."""

    def __init__(self, board: BoardWidget, first: Player | None = None,
                 second: Player | None = None, seed: int = 0) -> None:
        for p in (first, second):
            if p is not None and not isinstance(p, Player):
                raise DendriaError(f"a computer player is a Player from dendria_widget.players "
                                   f"(RandomPlayer, GreedyPlayer, MCTSPlayer), not {p!r}")
        self.board = board
        self.seed = seed
        self.given = [first, second]
        self.players: list[Seat] = [first, second]
        self.job: _Job | None = None
        self.paused = False
        self.turns_played = 0
        # MCTS's budget (the MCTS player and the Hint): a time, or a number
        # of iterations, which gives the same turn on any machine
        self.budget = widgets.ToggleButtons(
            options=[("seconds", "seconds"), ("iterations", "iterations")],
            value="seconds", description="MCTS thinks for",
            tooltips=["a time each turn: a faster or less busy machine searches further",
                      "a number of search iterations each turn: the same turn every time, "
                      "on any machine"],
            style={"description_width": "initial", "button_width": "84px"})
        self.seconds = widgets.BoundedFloatText(value=1.0, min=0.05, max=60, step=0.1,
                                                description="seconds a turn",
                                                style={"description_width": "initial"},
                                                layout=widgets.Layout(width="170px"))
        self.iterations = widgets.BoundedIntText(value=ITERATIONS, min=1, max=100000, step=50,
                                                 description="iterations a turn",
                                                 style={"description_width": "initial"},
                                                 layout=widgets.Layout(width="190px"))
        self.budget.observe(lambda _: self._show_budget(), "value")
        self._show_budget()
        self.pickers: list[widgets.Dropdown] = []
        for k, seat in enumerate(SEATS):
            options = list(KINDS)
            value = "human"
            given = self.given[k]
            if given is not None:
                options.append((f"{given.name} (given)", "given"))
                value = "given"
            dd = widgets.Dropdown(options=options, value=value,
                                  layout=widgets.Layout(width="210px"))
            dd.observe(lambda ch, k=k: self._picked(k, ch["new"]), "value")
            self.pickers.append(dd)
        self.labels = [widgets.HTML() for _ in SEATS]
        self.play_button = widgets.Button(description="Play", icon="play",
                                          tooltip="let the computer player of the side to "
                                                  "move play its turn")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True,
                                          tooltip="stop the player that is thinking (it "
                                                  "plays nothing) and pause the computer")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="MCTS suggests a turn for the side to move "
                                                  "and shows where its search looked")
        self.clear_button = widgets.Button(description="Clear hint", disabled=True)
        self.play_button.on_click(lambda _: self.play_now())
        self.stop_button.on_click(lambda _: self.stop())
        self.hint_button.on_click(lambda _: self.ask_hint())
        self.clear_button.on_click(lambda _: self.clear_hint())
        self.message = widgets.HTML(_message_html(""))
        rows = [widgets.HTML("<b>Who plays</b> (a pie swap or a side choice exchanges "
                             "the colours; the players keep their seats)")]
        for k in range(2):
            rows.append(_row([self.labels[k], self.pickers[k]]))
        self.widget = widgets.VBox(rows + [
            self.budget,
            _row([self.seconds, self.iterations]),
            _row([self.play_button, self.stop_button]),
            _row([self.hint_button, self.clear_button]),
            self.message])
        self._show_seats()

    # ---------------------------------------------------------- players
    def _picked(self, k: int, kind: str) -> None:
        seed = self.seed + k
        self.players[k] = {"human": None, "given": self.given[k],
                           "random": RandomPlayer(seed=seed), "greedy": GreedyPlayer(seed=seed),
                           "mcts": "mcts"}[kind]
        self.paused = False
        self.after_change()

    def player(self, seat: str) -> Player | None:
        """The computer player of a seat ('first' or 'second'), or None."""
        p = self.players[SEATS.index(seat)]
        if p == "mcts":
            return self.mcts()
        return p

    def mcts(self) -> MCTSPlayer:
        """The MCTS player of the budget above: ``iterations`` a turn (the
        same turn every time) or ``seconds`` a turn."""
        if self.budget.value == "iterations":
            return MCTSPlayer(seed=self.seed, iterations=int(self.iterations.value))
        return MCTSPlayer(seed=self.seed, seconds=float(self.seconds.value))

    def _show_budget(self) -> None:
        """Only the budget chosen can be typed in."""
        self.seconds.disabled = self.budget.value != "seconds"
        self.iterations.disabled = self.budget.value != "iterations"

    def _describe(self, seat: str) -> str:
        p = self.player(seat)
        return "a person" if p is None else p.name

    def _show_seats(self) -> None:
        game = self.board.game
        held = seats(game)
        v = game.variant
        for k, seat in enumerate(SEATS):
            start = v.colours[k]
            now = held[seat]
            words = f"{v.colour_word(start)} at the start" + (
                f", now {now}" if now != start else "")
            self.labels[k].value = f"<span style='margin-right:6px'>" \
                                   f"{seat.capitalize()} seat ({words}):</span>"

    def _say(self, words: str, kind: str = "info") -> None:
        html = _message_html(words, kind)
        if self.message.value != html:
            self.message.value = html

    # ------------------------------------------------------------ state
    def _key(self) -> tuple[int, int]:
        return self.board.game.version

    @property
    def hint(self) -> Hint | None:
        """The hint shown (a ``session.hint.Hint``), or None."""
        return self.board.session.hint

    @property
    def thinking(self) -> bool:
        """True while a player (or the hint) thinks in the background."""
        return self.job is not None

    def _computer_to_move(self) -> tuple[str, Player] | None:
        game = self.board.game
        if game.is_over or game.turn_under_way:
            return None
        seat = seat_to_move(game)
        player = self.player(seat)
        return (seat, player) if player is not None else None

    def after_change(self) -> None:
        """Called by the board after every change: forget a stale hint, and
        start the computer player whose turn it is (when an event loop runs)."""
        self._show_seats()
        if self.hint is not None and self.hint.key != self._key():
            self.clear_button.disabled = True
        if self.job is not None and self.job.key != self._key():
            self.job.stop.set()      # the game moved on: its answer would be stale
        if self.job is None and not self.paused and self.board.mode == "play":
            todo = self._computer_to_move()
            if todo is not None and _loop() is not None:
                self._start("turn", *todo)

    # ---------------------------------------------------------- actions
    def play_now(self) -> bool:
        """The computer player of the side to move plays its turn (in the
        background when an event loop runs; at once otherwise)."""
        self.paused = False
        if self.job is not None:
            self._say("A player is already thinking: wait, or press Stop.", "refused")
            return False
        todo = self._computer_to_move()
        if todo is None:
            game = self.board.game
            if game.is_over:
                self._say("The game is over.", "refused")
            elif game.turn_under_way:
                self._say("A turn is under way: finish it on the board first.", "refused")
            else:
                colour = game.variant.colour_word(game.to_move)
                self._say(f"It is {colour}'s turn and a person plays {colour}: click the "
                          "board, or choose a computer player above.", "refused")
            return False
        self._start("turn", *todo)
        return True

    def stop(self) -> bool:
        """Stop the thinking player: it plays nothing, and the computer
        pauses until Play is pressed."""
        self.paused = True
        if self.job is None:
            self._say("Nothing to stop: no player is thinking.", "info")
            return False
        self.job.stop.set()
        self._say("Stopping...", "info")
        return True

    def ask_hint(self) -> bool:
        """MCTS (the budget above: with iterations, the same hint every
        time) suggests a turn for the side to move."""
        game = self.board.game
        if self.job is not None:
            self._say("A player is already thinking: wait, or press Stop.", "refused")
            return False
        if game.is_over or game.turn_under_way:
            self._say("A hint is for the start of a turn: " +
                      ("the game is over." if game.is_over else "finish this turn first."),
                      "refused")
            return False
        self._start("hint", seat_to_move(game), self.mcts())
        return True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the thinking player is done (at most ``timeout``
        seconds) and take its answer now; True when nothing is left
        thinking. Handy in a notebook cell that needs the hint at once."""
        job = self.job
        if job is None:
            return True
        if job.thread is not None:
            job.thread.join(timeout)
            if job.thread.is_alive():
                return False
        self._finished(job)
        return self.job is None

    def clear_hint(self) -> None:
        self.clear_button.disabled = True
        self.board.session.set_hint(None)

    # ------------------------------------------------------- the thread
    def _start(self, kind: str, seat: str, player: Player) -> _Job:
        job = _Job(kind, seat, player, self.board.game, self._key())
        self.job = job
        colour = self.board.game.variant.colour_word(self.board.game.to_move)
        what = "looks for a hint" if kind == "hint" else "is thinking"
        self._say(f"{colour}, {player.words}, {what}...", "info")
        session = self.board.session
        session.say(f"{colour}'s computer player, {player.words}, {what}...", "info")
        if kind == "turn":   # a click on the board is refused, with this sentence
            session.set_thinking(f"{colour}'s computer player is thinking: wait, or press "
                                 "Stop in the Players tab.")
        self.stop_button.disabled = False
        self.play_button.disabled = self.hint_button.disabled = True
        loop = _loop()
        if loop is None:                       # no event loop: think here and now
            job.run()
            self._finished(job)
            return job

        # on a thread, or on the loop where none can start (Pyodide)
        job.thread = background.start(job.run, lambda: self._finished(job), loop,
                                      name="dendria-player")
        return job

    def _finished(self, job: _Job) -> None:
        if job is not self.job:
            return
        self.job = None
        self.board.session.set_thinking(None)
        self.stop_button.disabled = True
        self.play_button.disabled = self.hint_button.disabled = False
        game = self.board.game
        colour = game.variant.colour_word(game.to_move)
        if job.error is not None:
            self._say(f"The computer player could not play: {job.error}", "refused")
            return
        if job.key != self._key():
            self._say("The game changed while the player thought: its answer was "
                      "dropped.", "info")
            self.after_change()
            return
        if job.stop.is_set():
            self._say(f"Stopped: {colour}'s computer player played nothing. Press Play "
                      "to let it think again.", "info")
            self.board.session.say("Stopped: the computer player played nothing.", "info")
            return
        if job.kind == "hint":
            self.clear_button.disabled = False
            self._say(f"Hint for {colour}: {', '.join(str(s) for s in job.turn)}.", "ok")
            hint = Hint(job.key, list(job.turn), job.search, job.player.name, job.player.words)
            self.board.session.set_hint(hint, ready_words(colour, hint))
            return
        self.turns_played += 1
        self._say(f"{colour}, {job.player.words}, played "
                  f"{', '.join(str(s) for s in job.turn)}.", "ok")
        self.board.play(*job.turn)             # refreshes; the next player may start


def _message_html(words: str, kind: str = "info") -> str:
    """The tab's own message line (not the board's status line)."""
    icon = {"refused": "\u2716 ", "ok": "\u2714 "}.get(kind, "")
    return (f"<div class='dendria-players-message dendria-players-{kind}'>"
            f"{icon}{escape(words)}</div>")


def _loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _row(children: Sequence[widgets.Widget]) -> widgets.HBox:

    """A row of widgets that wraps when the column is narrow (nothing cut)."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))

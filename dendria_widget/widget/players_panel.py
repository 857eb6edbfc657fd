"""The *Players* tab of the BoardWidget: computer players on either side, a
Stop button, and a Hint with MCTS's heat map.

A computer player thinks in a background thread on its own copy of the game
(in the browser, where no thread starts, on the event loop: see
dendria_widget/background.py), so the notebook stays responsive; its turn is
played in the kernel's event loop when it is ready (and thrown away if the
game changed meanwhile or Stop was pressed). Without a running event loop (a
plain script) nothing starts by itself: ``panel.play_now()`` then thinks and
plays at once.

Who sits in each seat and the player thinking now belong to the session
(:class:`~dendria_widget.session.seats.SeatPlayers`, headless); this tab
shows them and its buttons call them. The menu lists the registry's players
(``dendria_widget.players.PLAYERS``).

The hint goes to the board's session (``session.set_hint``), which draws
it and its heat map on the board (``session.hint``) with a key below it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Literal, Sequence, Union

import ipywidgets as widgets

from ..errors import DendriaError
from ..game import SEATS
from ..players import PLAYERS, MCTSPlayer, Player, player_kind
from ..session.hint import HEAT, HINT, KEY_WORDS, Hint, ready_words  # noqa: F401 - the hint's colours
from ..session.seats import SeatPlayers, ThinkingJob

if TYPE_CHECKING:  # for the type hints only
    from ..session.board import BoardSession

#: what sits in a seat: a computer player, "mcts" (the MCTS player of the
#: budget chosen, made when asked for) or None (a person)
Seat = Union[Player, Literal["mcts"], None]

#: the seat menu: a person, then every computer player of the registry
KINDS = (("You (click the board)", "human"),) + tuple((k.title, k.name) for k in PLAYERS)
ITERATIONS = 100      # the iteration budget offered first (about 1 s a turn on side 5-7)


class PlayersPanel:
    """The Players tab, a view of the session's seats
    (:class:`~dendria_widget.session.seats.SeatPlayers`). ``first``/``second``:
    the Player (or None for a person) of the seat that starts with the first
    colour (dark, black) and of the other seat; a pie swap or a side choice
    exchanges the seats' colours, and the players keep their seats."""

    def __init__(self, session: BoardSession, first: Player | None = None,
                 second: Player | None = None, seed: int = 0) -> None:
        for p in (first, second):
            if p is not None and not isinstance(p, Player):
                raise DendriaError(f"a computer player is a Player from dendria_widget.players "
                                   f"(RandomPlayer, GreedyPlayer, MCTSPlayer), not {p!r}")
        self.session = session
        self.seed = seed
        self.given = [first, second]
        self.seats = SeatPlayers(session, [first, second],
                                 provide=lambda p: self.mcts() if p == "mcts" else None)
        self.seats.listeners.append(self._show_job)
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

    # ------------------------------------------- the session's seats
    @property
    def players(self) -> list[Seat]:
        """The two seats (a Player, "mcts" or None), first seat first."""
        return self.seats.players

    @property
    def job(self) -> ThinkingJob | None:
        return self.seats.job

    @property
    def paused(self) -> bool:
        return self.seats.paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self.seats.paused = value

    @property
    def turns_played(self) -> int:
        return self.seats.turns_played

    # ---------------------------------------------------------- players
    def _picked(self, k: int, kind: str) -> None:
        seed = self.seed + k
        if kind == "human":
            chosen: Seat = None
        elif kind == "given":
            chosen = self.given[k]
        elif kind == "mcts":
            chosen = "mcts"
        else:
            chosen = player_kind(kind).make(seed)
        self.seats.players[k] = chosen
        self.seats.paused = False
        self.after_change()

    def player(self, seat: str) -> Player | None:
        """The computer player of a seat ('first' or 'second'), or None."""
        p = self.seats.player(seat)
        return p if isinstance(p, Player) else None

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

    def _show_seats(self) -> None:
        game = self.session.game
        held = game.seats
        v = game.variant
        for k, seat in enumerate(SEATS):
            start = v.colours[k]
            now = held[seat]
            words = f"{v.colour_word(start)} at the start" + (
                f", now {now}" if now != start else "")
            self.labels[k].value = f"<span style='margin-right:6px'>" \
                                   f"{seat.capitalize()} seat ({words}):</span>"

    def _show_job(self) -> None:
        """The seats said something: show it, and which buttons work now."""
        html = _message_html(self.seats.words, self.seats.kind)
        if self.message.value != html:
            self.message.value = html
        busy = self.seats.thinking
        self.stop_button.disabled = not busy
        self.play_button.disabled = self.hint_button.disabled = busy
        if not busy and self.hint is not None and self.hint.key == self.seats.key():
            self.clear_button.disabled = False

    # ------------------------------------------------------------ state
    @property
    def hint(self) -> Hint | None:
        """The hint shown (a ``session.hint.Hint``), or None."""
        return self.session.hint

    @property
    def thinking(self) -> bool:
        """True while a player (or the hint) thinks in the background."""
        return self.seats.thinking

    def after_change(self) -> None:
        """Called by the board after every change: forget a stale hint, and
        start the computer player whose turn it is (when an event loop runs)."""
        self._show_seats()
        if self.hint is not None and self.hint.key != self.seats.key():
            self.clear_button.disabled = True
        self.seats.after_change()

    # ---------------------------------------------------------- actions
    def play_now(self) -> bool:
        """The computer player of the side to move plays its turn (in the
        background when an event loop runs; at once otherwise)."""
        return self.seats.play_now()

    def stop(self) -> bool:
        """Stop the thinking player: it plays nothing, and the computer
        pauses until Play is pressed."""
        return self.seats.stop()

    def ask_hint(self) -> bool:
        """MCTS (the budget above: with iterations, the same hint every
        time) suggests a turn for the side to move."""
        return self.seats.ask_hint(self.mcts())

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the thinking player is done (at most ``timeout``
        seconds) and take its answer now; True when nothing is left
        thinking. Handy in a notebook cell that needs the hint at once."""
        return self.seats.wait(timeout)

    def clear_hint(self) -> None:
        self.clear_button.disabled = True
        self.session.set_hint(None)


def _message_html(words: str, kind: str = "info") -> str:
    """The tab's own message line (not the board's status line)."""
    icon = {"refused": "\u2716 ", "ok": "\u2714 "}.get(kind, "")
    return (f"<div class='dendria-players-message dendria-players-{kind}'>"
            f"{icon}{escape(words)}</div>")


def _row(children: Sequence[widgets.Widget]) -> widgets.HBox:

    """A row of widgets that wraps when the column is narrow (nothing cut)."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                        align_items="center"))

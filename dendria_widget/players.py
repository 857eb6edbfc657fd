"""Computer players: ``RandomPlayer``, ``GreedyPlayer`` and ``MCTSPlayer``.

One interface for every player and every ruleset, board and opening::

    >>> from dendria_widget import Game
    >>> from dendria_widget.players import MCTSPlayer
    >>> game = Game("dendria-classic", size=4)
    >>> turn = MCTSPlayer(iterations=50, seed=1).choose_turn(game)
    >>> game.play(*turn)            # the whole turn: e.g. plant, then end
    <Game ...>

``choose_turn(game)`` returns the steps of one whole turn (a plant with its
sprouts and end, a journey with its slides and conversions, a pass, a swap,
a komi or side choice) and never changes ``game``: a player explores a copy,
step by step, asking the engine for the legal steps (it never re-implements a
rule). Every player takes ``seed=``; with an iteration budget (or no budget,
for random and greedy) the same seed and the same game give the same turn.

Seats: the *first* player makes the game's first step (Dark's opening seed,
or the komi); the *second* answers. A pie swap exchanges the seats' colours,
and in a komi-pie game the second player chooses a side; :func:`seats` and
:func:`seat_to_move` follow this from the game's history.
"""

from __future__ import annotations

import inspect
import math
import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence, TypeVar

from . import checks, native
from .errors import DendriaError
from .game import SEATS, Game, seat_flip_after
from .notation import Step

#: the engines a player can search with: the native kernel (C++,
#: dendria_widget/native.py) or the Python engine; None: native where it is
#: built and holds the game, else Python
BACKENDS = ("native", "python")

# playout and ordering weights per verb: plants and conversions first
VERB_WEIGHTS = {"plant": 4.0, "place": 1.0, "move": 1.0, "slide": 1.0, "end": 1.0,
                "sprout": 5.0, "grow": 5.0, "capture": 8.0, "swap": 1.0, "side": 1.0,
                "pass": 0.02}


# ------------------------------------------------------------------ seats
_flip_after = seat_flip_after     # the seat flip after a step (the Game's rule)


class Stopper(Protocol):
    """What tells a thinking player to stop: anything with ``is_set()``
    (a ``threading.Event``)."""

    def is_set(self) -> bool: ...


#: one whole turn valued: (value, tie-break, steps)
Valued = tuple[float, float, list[Step]]


def seats(game: Game) -> dict[str, str]:
    """{"first": colour, "second": colour}: the colour each seat holds now
    (after any pie swap or komi-pie side choice): ``game.seats``."""
    return game.seats


def seat_to_move(game: Game) -> str:
    """'first' or 'second': the seat whose step comes next (``game.seat_to_move``)."""
    return game.seat_to_move


class Line:
    """A private copy of a game that a player explores step by step:
    ``legal()``, ``push(step)``, ``pop()`` (the game's fast unchecked path,
    for steps from ``legal()``), plus the seat to move and the outcome per
    seat. It asks its ``game`` (a :class:`~dendria_widget.game.Game`) for
    every fact, never the engine."""

    __slots__ = ("game", "colours", "hedu", "flip", "_flips", "_history")

    def __init__(self, game: Game) -> None:
        self.game = game.copy()
        variant = game.variant
        self.colours: tuple[str, ...] = variant.colours          # first colour first
        self.hedu = variant.family == "hedu"
        self.flip = game.seat_flip
        self._flips: list[int] = []
        self._history: tuple[str, list[tuple[str, ...]]] | None = None

    def history(self) -> tuple[str, list[tuple[str, ...]]]:
        """The game's rules and start (as text) and its turns (step
        strings) when the line was made (see :func:`_history`)."""
        if self._history is None:
            if self._flips:
                raise DendriaError("the line's history is read before its first step")
            self._history = _history(self.game)
        return self._history

    def legal(self) -> list[Step]:
        return self.game.legal_steps()

    def push(self, step: Step) -> None:
        self.game.push(step)
        self._flips.append(self.flip)
        self.flip = _flip_after(self.flip, step)

    def pop(self) -> None:
        self.game.pop()
        self.flip = self._flips.pop()

    @property
    def depth(self) -> int:
        return len(self._flips)

    @property
    def over(self) -> bool:
        return self.game.is_over

    def mover(self) -> int:
        """0 or 1: the colour index to move."""
        return self.colours.index(self.game.to_move)

    def seat(self) -> int:
        """0 (first) or 1 (second): the seat to move."""
        return self.mover() ^ self.flip

    def turn_open(self) -> bool:
        """Is a turn under way (its first step played, not yet ended)?"""
        return self.game.turn_under_way

    def colour_of(self, seat: int) -> int:
        """The colour index the seat holds now."""
        return seat ^ self.flip

    def result(self, seat: int) -> float:
        """1, 0.5 or 0 for ``seat``: the winner if the game is over, else
        the leader on the score now."""
        game = self.game
        colours = self.colours
        w = game.leader       # the winner, once the game is over
        if w == "draw":
            return 0.5
        return 1.0 if colours.index(w) == self.colour_of(seat) else 0.0


# ---------------------------------------------------------------- players
class Player:
    """Base class: a seeded computer player. Subclasses implement
    ``_choose(line, rng, stop)`` returning the steps of one turn (taken
    from the line's ``legal()``)."""

    #: the player's name (:func:`player_from_name` reads it back)
    label = "player"
    #: the search tree kept from the last turn (MCTS with ``reuse``)
    _kept: Any = None
    #: the game on the native kernel as it stood at the last turn
    _state: Any = None

    @property
    def name(self) -> str:
        """The player's name, e.g. 'greedy' or 'mcts:0.2'."""
        return self.label

    @property
    def words(self) -> str:
        """The player in words, as a learner reads it: 'the greedy player',
        'the MCTS player (30 tries a turn)'."""
        return f"the {self.label} player"

    def __init__(self, seed: int = 0, backend: str | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DendriaError(f"a player's seed is a whole number, not {seed!r}")
        if backend is not None and backend not in BACKENDS:
            raise DendriaError(f"a player's backend is 'native' or 'python', not {backend!r}")
        if backend == "native" and not native.available():
            raise DendriaError(f"backend 'native' asked, but {native.describe()}")
        self.seed = seed
        self.backend = backend
        #: the engine the last turn was searched with ('native' or 'python')
        self.last_backend: str | None = None
        #: the turns this player chose, and the search iterations they took in all
        self.turns_chosen = 0
        self.iterations_done = 0

    def _native_for(self, game: Game) -> bool:
        """Search this game on the native kernel? (asked, or by default,
        where it is built and holds the game; else the Python engine)"""
        use = self.backend != "python" and native.refusal(game) is None
        self.last_backend = "native" if use else "python"
        return use

    def _native_state(self, line: Line) -> native.State:
        """The game on the native kernel: the state kept from this player's
        last turn of the same game, played on by the turns since (each step
        judged by the kernel), else built from the game's start."""
        game = line.game
        head, turns = line.history()
        kept, self._state = self._state, None
        if kept is not None and kept[0] == head and turns[:len(kept[1])] == kept[1]:
            state = kept[2]
            for turn in turns[len(kept[1]):]:
                for step in turn:
                    state.play(step)
        else:
            state = native.State.from_game(game)
        self._state = (head, turns, state)     # the searches copy it: it stays as it is
        return state

    def __getstate__(self) -> dict[str, Any]:
        # a pickled player (sent to a worker) leaves its kept tree and its
        # native game behind: they hold the kernel's objects
        state = dict(self.__dict__)
        state.pop("_kept", None)
        state.pop("_state", None)
        return state

    def with_seed(self: _P, seed: int) -> _P:
        """The same player with another seed (a copy)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.seed = seed
        new._kept = new._state = None     # a copy keeps no search tree, counts afresh
        new.turns_chosen = new.iterations_done = 0
        return new

    def with_backend(self: _P, backend: str | None) -> _P:
        """The same player searching with another engine (a copy):
        'native', 'python' or None (native where it is built and holds the game)."""
        Player.__init__(object.__new__(type(self)), self.seed, backend)   # judges it
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.backend = backend
        new._kept = new._state = None
        return new

    def _choose(self, line: Line, rng: random.Random, stop: Stopper | None) -> Sequence[Step]:
        """The steps of one whole turn (a subclass's search)."""
        raise NotImplementedError

    def _rng(self, game: Game) -> random.Random:
        # a function of the seed and the position: the same game gives the
        # same turn whatever the player played before
        return random.Random(f"{self.seed}|{game.step_count}|{game.position_string()}")

    def choose_turn(self, game: Game, stop: Stopper | None = None) -> list[Step]:
        """The steps of one whole turn for the side to move (Step objects),
        without changing ``game``. ``stop``: an object with ``is_set()``
        (a ``threading.Event``); once set, the player stops thinking and
        returns the best turn it has so far."""
        if game.is_over:
            raise DendriaError("the game is over: there is no turn to choose")
        if game.turn_under_way:
            raise DendriaError("a turn is under way: a player chooses whole turns, "
                               "from the start of a turn")
        turn = list(self._choose(Line(game), self._rng(game), stop))
        self.turns_chosen += 1
        self.iterations_done += self.last_iterations
        return turn

    #: how many iterations the last turn's search did (0: a player that does not search)
    last_iterations = 0

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, seed={self.seed})"


_P = TypeVar("_P", bound=Player)


def _weighted(rng: random.Random, legal: Sequence[Step]) -> Step:
    """A step drawn with the playout weights (plants and conversions first)."""
    if len(legal) == 1:
        return legal[0]
    weights = [VERB_WEIGHTS.get(st[0], 1.0) if st[0] != "komi" else 1.0 / (1 + st[1])
               for st in legal]
    return rng.choices(legal, weights)[0]


#: the weighted random playouts that value each opening choice, and their step cap
OPENING_PLAYOUTS = 16
PLAYOUT_STEPS = 600


def opening_choice(line: Line, rng: random.Random, playouts: int = OPENING_PLAYOUTS,
                   stop: Stopper | None = None) -> Step | None:
    """The pie swap or the side choice, decided by an evaluation of each
    choice: the share of ``playouts`` weighted random playouts from it
    (steps drawn as MCTS's playouts draw them, ``VERB_WEIGHTS``) that the
    deciding seat wins, a draw or a game still going after
    ``PLAYOUT_STEPS`` steps counting as its result by the score then
    (:meth:`Line.result`); the static :func:`evaluate` breaks ties. The
    static evaluation alone cannot decide it: the opening seed is worth
    nothing to it on the board, its value is in the tempo. Playing on (when
    a swap is offered) wins a full tie. None when there is no such choice.
    The random and greedy players use it, so that "is the pie rule fair?"
    is asked of players who use the pie rule; MCTS searches the swap as one
    of its turns. Once ``stop`` is set it plays on (None) at once."""
    legal = line.legal()
    choices = [st for st in legal if st[0] in ("swap", "side")]
    if not choices:
        return None
    seat = line.seat()

    def value() -> tuple[float, float]:
        won = 0.0
        base = line.depth
        for _ in range(playouts):
            while not line.over and line.depth - base < PLAYOUT_STEPS:
                if stop is not None and stop.is_set():
                    break
                options = line.legal()
                plain = [st for st in options if st[0] not in ("swap", "side")]
                line.push(_weighted(rng, plain or options))
            won += line.result(seat)
            while line.depth > base:
                line.pop()
        return won / playouts, evaluate(line, seat)

    # (share won, evaluation, playing on wins a tie, tie-break, step)
    valued: list[tuple[float, float, int, float, Step | None]] = []
    if any(st[0] == "swap" for st in choices):
        valued.append((*value(), 1, rng.random(), None))     # play on
    for st in choices:
        line.push(st)
        valued.append((*value(), 0, rng.random(), st))
        line.pop()
    if stop is not None and stop.is_set():
        return None
    return max(valued, key=lambda t: t[:4])[4]


class RandomPlayer(Player):
    """Uniformly random legal steps, one at a time, until the turn ends; it
    passes only when no other step is legal. A pie swap or a side choice is
    decided by the evaluation (:func:`opening_choice`)."""

    label = "random"

    def _choose(self, line: Line, rng: random.Random, stop: Stopper | None) -> list[Step]:
        first = opening_choice(line, rng, stop=stop)
        if first is not None:
            line.push(first)
            if line.over or not line.turn_open():
                return [first]
            line.pop()
        turn = []
        while True:
            legal = line.legal()
            others = [st for st in legal if st[0] not in ("pass", "swap", "side")]
            st = rng.choice(others or legal)
            line.push(st)
            turn.append(st)
            if line.over or not line.turn_open():
                return turn


class GreedyPlayer(Player):
    """One turn ahead: looks at the whole turns it can make (a beam of the
    ``beam`` best partial turns for each first step) and keeps the one whose
    position it values most, by :func:`evaluate` (the score now, and what each
    side may grow or capture next). A pie swap or a side choice it decides
    by :func:`opening_choice`."""

    label = "greedy"

    def __init__(self, seed: int = 0, beam: int = 3, backend: str | None = None) -> None:
        super().__init__(seed, backend)
        self.beam = beam

    def _choose(self, line: Line, rng: random.Random, stop: Stopper | None) -> list[Step]:
        first = opening_choice(line, rng, stop=stop)
        if first is not None:          # a pie swap or a side choice, by the playouts
            line.push(first)
            closed = line.over or not line.turn_open()
            line.pop()
            if closed:
                return [first]
        if self._native_for(line.game):
            core = self._native_state(line)
            found, _ = core.whole_turns(line.flip, _search_params(self.beam), rng)
            kept = [t for t in found if first is not None or t[2][0].split()[0] != "swap"]
            return _steps_of(line, max(kept or found)[2])
        turns = [t for t in whole_turns(line, line.seat(), rng, self.beam, stop)
                 if first is not None or t[2][0][0] != "swap"] or whole_turns(
                     line, line.seat(), rng, self.beam, stop)
        return max(turns)[2]


def _search_params(beam: int, c: float = 0.4, widen: float = 2.0, scale: float = 2.0,
                   prior_visits: float = 2.0, centre: bool = True,
                   lazy: bool = False) -> dict[str, Any]:
    return {"beam": beam, "c": c, "widen": widen, "scale": scale, "prior_visits": prior_visits,
            "centre": centre, "lazy": lazy}


def _steps_of(line: Line, texts: Sequence[str]) -> list[Step]:
    """The Step objects of a turn the native kernel chose (step strings),
    played along the line's game (and taken back)."""
    out: list[Step] = []
    for text in texts:
        step = next(s for s in line.legal() if str(s) == text)
        line.push(step)
        out.append(step)
    for _ in out:
        line.pop()
    return out


def _next_layer(line: Line, seat: int, rng: random.Random, items: list[Valued],
                closed: list[Valued]) -> list[Valued]:
    """One step more of each unfinished turn in ``items``, each valued for
    ``seat`` with a tie-break drawn in the engine's order: the turns that end
    go to ``closed``, the others are returned."""
    nxt: list[Valued] = []
    for _v, _t, steps in items:
        for st in steps:
            line.push(st)
        for st in line.legal():
            line.push(st)
            item = (evaluate(line, seat), rng.random(), steps + [st])
            done = line.over or not line.turn_open()
            line.pop()
            (closed if done else nxt).append(item)
        for _ in steps:
            line.pop()
    return nxt


def whole_turns(line: Line, seat: int, rng: random.Random, beam: int,
                stop: Stopper | None = None) -> list[Valued]:
    """The whole turns the side to move may make, as found by a beam search:
    for each first step, the ``beam`` best partial turns (by :func:`evaluate`
    for ``seat``) are carried on step by step. Returns a list of (value,
    tie-break, steps) for every closed turn met (the value of the position
    after it, for ``seat``); ``line`` is left as it was. Once ``stop`` is set
    it returns what it has found so far (at least one turn)."""
    closed_turns: list[Valued] = []
    frontier: list[Valued] = []       # partial turns: (value, tie-break, steps)
    for st in line.legal():
        if stop is not None and stop.is_set() and (closed_turns or frontier):
            break             # stopped: within one step's look, whatever the board
        line.push(st)
        if line.over or not line.turn_open():
            closed_turns.append((evaluate(line, seat), rng.random(), [st]))
        else:           # alone in its beam: its value would never be compared
            frontier.append((0.0, rng.random(), [st]))
        line.pop()
    for item in frontier:
        items = [item]
        while items:
            if stop is not None and stop.is_set():
                return closed_turns or [_any_close(line, seat, rng, items[0][2])]
            nxt = _next_layer(line, seat, rng, items, closed_turns)
            nxt.sort(reverse=True)
            items = nxt[:beam]
    return closed_turns


def _any_close(line: Line, seat: int, rng: random.Random, steps: list[Step]) -> Valued:
    """A partial turn closed at once (its end when legal, else its first
    legal step, until the turn is over): what a stopped search still
    returns. ``line`` is left as it was."""
    steps = list(steps)
    for st in steps:
        line.push(st)
    while not line.over and line.turn_open():
        legal = line.legal()
        st = next((x for x in legal if x[0] == "end"), legal[0])
        line.push(st)
        steps.append(st)
    value = evaluate(line, seat)
    for _ in steps:
        line.pop()
    return (value, rng.random(), steps)


def evaluate(line: Line, seat: int) -> float:
    """How good the line's position is for ``seat`` (higher is better),
    from the engine's facts: the score margin now; in Dendria also what
    each side may grow or capture on this board (the side to move weighs
    more: it converts first) and a little for dendrids, which fertilize."""
    game = line.game
    me = line.colour_of(seat)
    mine, theirs = line.colours[me], line.colours[1 - me]
    score = game.score()
    margin = score[mine]["total"] - score[theirs]["total"]
    if game.is_over:
        return 1000.0 * ((margin > 0) - (margin < 0)) + margin
    if line.hedu:
        return margin
    grow, capture = game.conversion_counts(mine)
    gains_me = grow + 2 * capture
    grow, capture = game.conversion_counts(theirs)
    gains_them = grow + 2 * capture
    weight = (0.3, 0.6) if line.mover() != me else (0.6, 0.3)   # (mine, theirs)
    dendrids = game.piece_count(mine, "dendrid") - game.piece_count(theirs, "dendrid")
    return margin + weight[0] * gains_me - weight[1] * gains_them + 0.2 * dendrids


class _Node:
    __slots__ = ("turn", "seat", "children", "prior", "n", "w", "v", "t", "pending", "next",
                 "groups")

    def __init__(self, turn: Sequence[Step], seat: int | None, prior: float = 0.5,
                 v: float = 0.0, t: float = 0.0) -> None:
        self.turn = turn        # the whole turn (its steps) that led here
        self.seat = seat        # the seat that played it (its rewards count here)
        self.children: list[_Node] | None = None   # not expanded yet; then best prior first
        self.prior = prior      # the evaluation's value of the turn, for ``seat``
        self.n = 0
        self.w = 0.0
        self.v = v              # the evaluation's value (before the sigmoid) and its tie-break
        self.t = t
        # lazy expansion: the first steps not opened yet, best first, and how
        # many have been opened
        self.pending: list[Valued] = []
        self.next = 0
        self.groups = 0


def _chance(value: float, scale: float) -> float:
    """An evaluation as a chance of winning (a sigmoid, ``scale`` points a unit)."""
    e = value / scale
    if e < -30:
        return 0.0
    if e > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-e))


class MCTSPlayer(Player):
    """Monte Carlo tree search over whole turns, guided by the evaluation
    that :class:`GreedyPlayer` uses.

    Budget: ``iterations=N`` (reproducible with ``seed``) or ``seconds=T`` per
    turn (default 1 s). An edge of the tree is a whole turn. A node is
    expanded the first time the search reaches it: its whole turns are found
    step by step with the engine (:func:`whole_turns`, a beam of ``beam``
    partial turns per first step) and the position after each is valued by
    :func:`evaluate` turned into a chance of winning (a sigmoid, ``scale``
    points a unit, of its difference from the evaluation at the root or,
    with the other side to move, after the root's best turn: a dynamic komi,
    ``centre=True``). That value is the child's *prior*: children are opened
    best prior first (progressive widening, about ``widen * sqrt(visits)`` of
    them), and a child counts as ``prior_visits`` visits of its prior before
    its real visits (progressive bias). The new node's own value is its best
    child's, for the side to move there (one turn of look-ahead); with
    ``playout_turns > 0`` it is instead judged after that many more turns of
    a playout whose steps are drawn with weights that prefer plants and
    conversions (``VERB_WEIGHTS``). Selection is UCT with exploration ``c``.
    The turn played starts with the most visited first step. The visit
    shares of the first steps are kept in ``last_search`` (for the widget's
    heat map).

    ``lazy=True``: lazy expansion. A new node's first steps are each valued
    by the evaluation after that step alone (one tie-break drawn for each),
    best first, and only the best one's whole turns are found; the next
    first step's whole turns are found when widening asks for more
    children than the node has first steps opened (about ``widen *
    sqrt(visits)`` first steps). ``reuse=True``: the tree is kept between
    turns: the next search of the same game, played on by turns the tree
    holds, starts from that node with its statistics (the centre set anew
    from its position, the priors judged against it); otherwise it starts
    afresh. A kept tree makes the turn depend on the player's earlier
    searches in this game, as well as on the seed and the game.
    ``last_iterations`` is the number of iterations of the last search,
    ``iterations_done`` and ``turns_chosen`` count them over the player's
    turns."""

    label = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, playout_turns: int = 0, c: float = 0.4,
                 widen: float = 2.0, scale: float = 2.0, prior_visits: float = 2.0,
                 beam: int = 2, centre: bool = True, backend: str | None = None,
                 lazy: bool = False, reuse: bool = False) -> None:
        super().__init__(seed, backend)
        if iterations is not None and seconds is not None:
            raise DendriaError("give the MCTS player iterations or seconds, not both")
        if iterations is None and seconds is None:
            seconds = 1.0
        if iterations is not None and (isinstance(iterations, bool)
                                       or not isinstance(iterations, int) or iterations < 1):
            raise DendriaError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool)
                                    or not isinstance(seconds, (int, float))
                                    or not 0 < seconds < math.inf):
            raise DendriaError(f"seconds must be a finite number > 0, not {seconds!r}")
        for label, x, low in (("playout_turns", playout_turns, 0), ("beam", beam, 1)):
            if isinstance(x, bool) or not isinstance(x, int) or x < low:
                raise DendriaError(f"{label} must be a whole number >= {low}, not {x!r}")
        for label, y, zero in (("c", c, True), ("widen", widen, False),
                               ("scale", scale, False), ("prior_visits", prior_visits, False)):
            if isinstance(y, bool) or not isinstance(y, (int, float)) or not 0 <= y < math.inf or (
                    y == 0 and not zero):
                raise DendriaError(f"{label} must be a number {'>=' if zero else '>'} 0, "
                                   f"not {y!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.playout_turns = playout_turns
        self.c = c
        self.widen = widen
        self.scale = scale
        self.prior_visits = prior_visits
        self.beam = beam
        self.centre = bool(centre)
        self.lazy = bool(lazy)
        self.reuse = bool(reuse)
        # the tree kept from the last search (reuse): the game it searched
        # (its rules and start, its turns) and the root (or the native search)
        self._kept = None
        self._centre: list = [0, 0.0, None]
        self._stop: Stopper | None = None
        self.last_search: dict[str, Any] | None = None
        #: how many iterations the last search did
        self.last_iterations = 0

    @property
    def name(self) -> str:
        flags = "".join(f"+{f}" for f in SEARCH_FLAGS if getattr(self, f))
        if self.iterations is not None:
            return f"mcts:i{self.iterations}{flags}"
        return f"mcts:{self.seconds:g}{flags}"

    @property
    def words(self) -> str:
        if self.iterations is not None:
            tries = "1 try" if self.iterations == 1 else f"{self.iterations} tries"
            return f"the MCTS player ({tries} a turn)"
        return f"the MCTS player ({self.seconds:g} s a turn)"

    def _native_for(self, game: Game) -> bool:
        # the playouts' weighted steps are Python's only
        if self.playout_turns:
            self.last_backend = "python"
            return False
        return super()._native_for(game)

    def _choose(self, line: Line, rng: random.Random, stop: Stopper | None) -> Sequence[Step]:
        if self._native_for(line.game):
            return self._choose_native(line, rng, stop)
        root = self._reused(line) if self.reuse else None
        if root is None:
            root = _Node((), None)    # no turn led to the root (its turn is never read)
        # values are judged against the evaluation now (for positions with
        # this seat to move) and after its best turn by the evaluation (for
        # the other seat to move, set by the root's expansion): a dynamic
        # komi, so that a search far ahead or far behind still tells its
        # turns apart, and both sides of the evaluation's tempo weigh alike
        seat = line.seat()
        self._stop = stop          # an expansion stops within a step's look too
        self._centre = [seat, evaluate(line, seat) if self.centre else 0.0, None]
        if root.children is not None:     # a kept tree: its best turn sets the centre
            self._centre[2] = root.children[0].v if self.centre else 0.0
            self._reprior(root)
        if self.iterations is not None:
            done = self._search(line, root, rng, stop, iterations=self.iterations)
        else:
            done = self._search(line, root, rng, stop,
                                deadline=time.perf_counter() + (self.seconds or 0.0))
        self.last_iterations = done
        self.last_search = _shares(line, root)
        if self.reuse:
            self._kept = (*line.history(), root)
        # the most visited first step, then its most visited turn
        children = root.children
        if not children:
            raise DendriaError("the search found no turn to play")
        visits: dict[object, int] = {}
        for ch in children:
            visits[ch.turn[0]] = visits.get(ch.turn[0], 0) + ch.n
        return max(children, key=lambda ch: (visits[ch.turn[0]], ch.n, ch.prior)).turn

    def _reused(self, line: Line) -> Any:
        """The kept tree's node (or native search) for ``game``: the last
        search's root moved down the turns played since, when ``game`` is
        that game played on and every turn since is in the tree; else None
        (the tree is dropped)."""
        found = self._kept_since(line)
        if found is None:
            return None
        since, node = found
        if not isinstance(node, _Node):      # the native search's tree
            return None
        for turn in since:
            node = next((ch for ch in node.children or () if
                         tuple(str(st) for st in ch.turn) == turn), None)
            if node is None:
                return None
        if node.children is None:
            return None
        node.seat = None
        node.turn = ()
        return node

    def _kept_since(self, line: Line) -> tuple[list[tuple[str, ...]], Any] | None:
        """The turns played since the kept tree's search (step strings) and
        its root, when ``game`` is that game played on; the tree is no
        longer kept (a search keeps its own again)."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        head, turns, root = kept
        now_head, now = line.history()
        if now_head != head or now[:len(turns)] != turns or len(now) == len(turns):
            return None
        return now[len(turns):], root

    def _reprior(self, node: _Node) -> None:
        """Every child's prior judged anew against the centre (a kept tree)."""
        for ch in node.children or ():
            seat = ch.seat
            assert seat is not None         # a child's turn was played by a seat
            ch.prior = _chance(ch.v - self._shift(seat, 1 - seat), self.scale)
            if ch.children is not None:
                self._reprior(ch)

    #: the native search runs in slices of this many seconds, so that a stop
    #: takes effect within one slice
    SLICE = 0.05

    def _choose_native(self, line: Line, rng: random.Random,
                       stop: Stopper | None) -> Sequence[Step]:
        """The same search on the native kernel (dendria_widget/native.py),
        with this player's random source: the same seed and iteration
        budget choose the same turn."""
        search = None
        found = self._kept_since(line) if self.reuse else None
        if found is not None:
            since, kept = found
            if not isinstance(kept, _Node) and kept.advance([list(t) for t in since], list(rng.getstate()[1])):
                search = kept
        if search is None:
            core = self._native_state(line)
            search = core.search(line.flip, _search_params(
                self.beam, self.c, self.widen, self.scale, self.prior_visits, self.centre,
                self.lazy), rng)
        clock = time.perf_counter
        deadline = None if self.seconds is None else clock() + self.seconds
        target = self.iterations if self.iterations is not None else 1 << 62
        # a stop halts the kernel's loop from a watcher thread (within one
        # step of the search, not one iteration: a big board's expansion is long)
        done_watching = threading.Event()

        def watch() -> None:
            while stop is not None and not done_watching.wait(0.02):
                if stop.is_set():
                    search.halt()
                    return

        watcher = threading.Thread(target=watch, daemon=True) if stop is not None else None
        if watcher is not None:
            try:
                watcher.start()
            except RuntimeError:    # no thread can start here: the stop is read between slices
                watcher = None
        try:
            while search.iterations < target:
                if stop is not None and stop.is_set():
                    if search.iterations:
                        break
                    search.run(1, 0.0)     # a stop from the start: one iteration, as Python's
                    continue
                left = self.SLICE
                if deadline is not None:
                    left = min(left, deadline - clock())
                    if search.iterations and left <= 0:
                        break
                search.run(target, max(left, 0.0))
        finally:
            done_watching.set()
            if watcher is not None:
                watcher.join()
        self.last_iterations = search.iterations
        children = search.children()
        if not children:
            raise DendriaError("the search found no turn to play")
        self.last_search = native_shares(children, search.visits)
        if self.reuse:
            self._kept = (*line.history(), search)
        return _steps_of(line, search.best())

    def _expand_lazy(self, line: Line, node: _Node, rng: random.Random) -> float | None:
        """Open ``node`` lazily: every first step valued by :func:`evaluate`
        after it alone (a tie-break drawn for each, in the engine's order),
        best first; the whole turns of the best one become children. Returns
        the best child's value (None when a stop cut it short)."""
        seat = line.seat()
        stop = self._stop
        firsts: list[Valued] = []
        for st in line.legal():
            if firsts and stop is not None and stop.is_set() and node.seat is not None:
                return None
            line.push(st)
            v = evaluate(line, seat)
            line.pop()
            firsts.append((v, rng.random(), [st]))
        firsts.sort(key=lambda t: (t[0], t[1]), reverse=True)
        node.pending = firsts
        self._open_group(line, node, rng)
        assert node.children
        return node.children[0].prior

    def _open_group(self, line: Line, node: _Node, rng: random.Random) -> None:
        """Lazy expansion: the whole turns of ``node``'s next first step (a
        beam of ``beam`` partial turns, as :func:`whole_turns`) become
        children; the children stay best first."""
        first = node.pending[node.next]
        node.next += 1
        node.groups += 1
        seat = line.seat()
        step = first[2][0]
        line.push(step)
        closed = line.over or not line.turn_open()
        line.pop()
        turns: list[Valued] = []
        if closed:
            turns.append(first)
        else:
            items: list[Valued] = [(0.0, first[1], first[2])]
            while items:
                nxt = _next_layer(line, seat, rng, items, turns)
                nxt.sort(key=lambda t: (t[0], t[1]), reverse=True)
                items = nxt[:self.beam]
        turns.sort(key=lambda t: (t[0], t[1]), reverse=True)
        centre = self._centre
        if centre[2] is None:       # the root's first turns: their best sets the centre
            centre[2] = turns[0][0] if self.centre else 0.0
        shift = self._shift(seat, 1 - seat)
        children = node.children if node.children is not None else []
        children += [_Node(steps, seat, _chance(v - shift, self.scale), v, t)
                     for v, t, steps in turns]
        children.sort(key=lambda ch: (ch.v, ch.t), reverse=True)
        node.children = children

    def _expand(self, line: Line, node: _Node, rng: random.Random) -> float:
        """Open ``node``: a child for every whole turn found, valued for the
        seat that plays it, best first. Returns the best child's value."""
        seat = line.seat()
        scale = self.scale
        turns = whole_turns(line, seat, rng, self.beam, self._stop)
        turns.sort(key=lambda t: (t[0], t[1]), reverse=True)
        centre = self._centre
        if centre[2] is None:       # the root: its best turn sets the centre
            centre[2] = turns[0][0] if self.centre else 0.0
        shift = self._shift(seat, 1 - seat)
        node.children = [_Node(steps, seat, _chance(v - shift, scale), v, r)
                         for v, r, steps in turns]
        return node.children[0].prior

    def _shift(self, seat: int, to_move: int) -> float:
        """The evaluation for ``seat`` that counts as even in a position
        where ``to_move`` is the seat to move."""
        s0, now, after = self._centre
        e = now if to_move == s0 else after
        return e if seat == s0 else -e

    def _playout(self, line: Line, rng: random.Random, seat: int) -> float:
        """The value for ``seat`` after ``playout_turns`` more turns of
        weighted random steps (the playout's steps stay on the line)."""
        for _ in range(self.playout_turns):
            if line.over:
                break
            line.push(_weighted(rng, line.legal()))
            while not line.over and line.turn_open():
                line.push(_weighted(rng, line.legal()))
        if line.over:
            return line.result(seat)
        return _chance(evaluate(line, seat) - self._shift(seat, line.seat()), self.scale)

    def _search(self, line: Line, root: _Node, rng: random.Random, stop: Stopper | None,
                iterations: int | None = None, deadline: float | None = None) -> int:
        done = 0
        base = line.depth
        c = self.c
        widen = self.widen
        n0 = self.prior_visits
        lazy = self.lazy
        log = math.log
        sqrt = math.sqrt
        clock = time.perf_counter
        push = line.push
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done and clock() >= deadline:
                break
            if stop is not None and done and stop.is_set():
                break
            done += 1
            node = root
            path = [root]
            # selection, down to a node not expanded yet (or the game's end)
            while not line.over and node.children is not None:
                k = max(1, int(widen * sqrt(node.n + 1)))
                if lazy:
                    while node.groups < k and node.next < len(node.pending):
                        self._open_group(line, node, rng)
                opened = node.children[:k]
                lnn = log(node.n + 1)
                best = opened[0]
                bv = -1.0
                for ch in opened:
                    m = ch.n + n0
                    v = (ch.w + n0 * ch.prior) / m + c * sqrt(lnn / m)
                    if v > bv:
                        bv, best = v, ch
                for st in best.turn:
                    push(st)
                path.append(best)
                node = best
            # the new node's value, for the seat to move there
            if line.over:
                results = (line.result(0), line.result(1))
            else:
                seat = line.seat()
                if lazy:
                    got = self._expand_lazy(line, node, rng)
                    if got is None:      # stopped mid-expansion: this iteration is dropped
                        while line.depth > base:
                            line.pop()
                        done -= 1
                        break
                    v = got
                else:
                    v = self._expand(line, node, rng)
                if self.playout_turns:
                    v = self._playout(line, rng, seat)
                results = (v, 1.0 - v) if seat == 0 else (1.0 - v, v)
            while line.depth > base:
                line.pop()
            for nd in path:
                nd.n += 1
                if nd.seat is not None:
                    nd.w += results[nd.seat]
        return done


def _history(game: Game) -> tuple[str, list[tuple[str, ...]]]:
    """The game as the kept tree knows it: its rules and start (as text),
    and its turns (step strings)."""
    rec = game.to_record()
    head = checks.dumps([rec["rules"], rec["start"]])
    return head, [tuple(t["steps"]) for t in rec["turns"]]


def _shares(line: Line, root: _Node) -> dict[str, Any]:
    """The visit share of every first step the search looked at: {"cells":
    {cell name: share}, "others": {step text: share}, "visits": N, "turns":
    [[step texts of a whole turn, share], ...] (the five most visited turns,
    most visited first)}."""
    searched = [ch for ch in root.children or () if ch.n]
    total = sum(ch.n for ch in searched) or 1
    cells: dict[str, float] = {}
    others: dict[str, float] = {}
    name = line.game.board.name
    for ch in searched:
        step = ch.turn[0]
        verb, arg = step
        share = ch.n / total
        if isinstance(arg, int) and verb not in ("komi", "side"):
            key = name(arg)
            cells[key] = cells.get(key, 0.0) + share
        else:
            key = str(step)
            others[key] = others.get(key, 0.0) + share
    best = sorted(searched, key=lambda ch: (-ch.n, -ch.prior))[:5]
    turns = [[[str(st) for st in ch.turn], ch.n / total] for ch in best]
    return {"cells": cells, "others": others, "visits": root.n, "turns": turns}


def native_shares(children: Sequence[tuple[Sequence[str], int, float]],
                  visits: int) -> dict[str, Any]:
    """:func:`_shares` of a native search's root children (steps as
    strings, visits, prior)."""
    searched = [ch for ch in children if ch[1]]
    total = sum(ch[1] for ch in searched) or 1
    cells: dict[str, float] = {}
    others: dict[str, float] = {}
    for steps, n, _prior in searched:
        words = steps[0].split()
        share = n / total
        if len(words) == 2 and words[0] not in ("komi", "side"):
            cells[words[1]] = cells.get(words[1], 0.0) + share
        else:
            others[steps[0]] = others.get(steps[0], 0.0) + share
    best = sorted(searched, key=lambda ch: (-ch[1], -ch[2]))[:5]
    turns = [[list(ch[0]), ch[1] / total] for ch in best]
    return {"cells": cells, "others": others, "visits": visits, "turns": turns}


# ------------------------------------------------------------ the registry
@dataclass(frozen=True)
class PlayerKind:
    """One kind of computer player, as every part of the package lists it:
    ``name`` (what the lab and the command line read), ``title`` (the
    Players tab's menu), the class, how a budget is written after the name
    (``budgets``, "" for none) and a line about it."""

    name: str
    title: str
    cls: type[Player]
    budgets: str
    about: str

    def make(self, seed: int = 0, budget: str | None = None) -> Player:
        """A player of this kind; ``budget``: what follows 'name:' ('0.2',
        'i500'), for a kind that takes one."""
        if budget is None:
            return self.cls(seed=seed)
        if not self.budgets:
            raise DendriaError(f"the {self.name} player takes no budget: write "
                               f"'{self.name}', not '{self.name}:{budget}'")
        amount, *flags = budget.split("+")
        if any(f not in SEARCH_FLAGS for f in flags):
            raise DendriaError(f"unknown player '{self.name}:{budget}': {names_help()}")
        options: dict[str, Any] = {f: True for f in flags}
        try:
            if amount.startswith("i"):
                return self.cls(seed=seed, iterations=int(amount[1:]),  # type: ignore[call-arg]
                                **options)
            return self.cls(seed=seed, seconds=float(amount), **options)  # type: ignore[call-arg]
        except ValueError:
            raise DendriaError(f"unknown player '{self.name}:{budget}': {names_help()}") from None


#: what may follow an MCTS budget: 'mcts:i100+reuse' keeps its tree between
#: turns, 'mcts:i100+lazy' expands lazily
SEARCH_FLAGS = ("lazy", "reuse")


#: every computer player, in the order menus and help list them: the one
#: registry that the Players tab, the lab, the command line and the
#: benchmarks read
PLAYERS: tuple[PlayerKind, ...] = (
    PlayerKind("random", "Random", RandomPlayer, "",
               "uniformly random legal steps (a pie swap or side choice by the evaluation)"),
    PlayerKind("greedy", "Greedy", GreedyPlayer, "",
               "one turn ahead, by the evaluation"),
    PlayerKind("mcts", "MCTS", MCTSPlayer, "mcts (1 s a turn), mcts:0.2 (0.2 s a turn), "
               "mcts:i500 (500 iterations a turn: reproducible), mcts:i500+reuse (its tree "
               "kept between turns), mcts:i500+lazy (lazy expansion)",
               "Monte Carlo tree search over whole turns"),
)


def player_kind(name: str) -> PlayerKind:
    """The registry's entry of a player's name ('random', 'greedy', 'mcts')."""
    for kind in PLAYERS:
        if kind.name == name:
            return kind
    raise DendriaError(f"unknown player {name!r}: {names_help()}")


def names_help() -> str:
    """The players' names in words, for help texts and error messages."""
    parts = [k.budgets or k.name for k in PLAYERS]
    return "use " + ", ".join(parts)


def player_spec(player: Player) -> dict[str, Any]:
    """A player as plain data (its kind and every constructor argument but
    the seed), which :func:`player_from_spec` makes again: how a study file
    keeps its players."""
    kind = next((k for k in PLAYERS if type(player) is k.cls), None)
    if kind is None:
        raise DendriaError(f"{player!r} is not one of the registry's players "
                           f"({', '.join(k.name for k in PLAYERS)})")
    params = {}
    for name in inspect.signature(kind.cls.__init__).parameters:
        if name not in ("self", "seed") and hasattr(player, name):
            params[name] = getattr(player, name)
    return {"kind": kind.name, "params": params}


def player_from_spec(spec: dict[str, Any], seed: int = 0) -> Player:
    """The player a :func:`player_spec` describes."""
    try:
        kind = player_kind(spec["kind"])
        return kind.cls(seed=seed, **spec.get("params", {}))
    except (KeyError, TypeError) as e:
        raise DendriaError(f"this player description cannot be read: {e}") from None


def player_from_name(text: str | Player, seed: int = 0) -> Player:
    """A player from its name: ``"random"``, ``"greedy"``, ``"mcts"`` (1 s a
    turn), ``"mcts:0.2"`` (0.2 s a turn) or ``"mcts:i500"`` (500 iterations)."""
    if isinstance(text, Player):
        return text.with_seed(seed)
    if not isinstance(text, str):
        raise DendriaError(f"a player is a Player or a name like 'random', 'greedy', "
                           f"'mcts:0.2' or 'mcts:i500', not {text!r}")
    word, colon, budget = text.strip().lower().partition(":")
    if not any(k.name == word for k in PLAYERS):
        raise DendriaError(f"unknown player {text!r}: {names_help()}")
    return player_kind(word).make(seed, budget if colon else None)


def play_game(game: Game, first: Player, second: Player, max_steps: int | None = None,
              stop: Stopper | None = None,
              on_turn: Callable[[Game, list[Step]], object] | None = None) -> Game:

    """Play ``game`` to its end with two players by seat (``first`` makes the
    game's first step). Stops early when ``max_steps`` steps have been played
    (the step cap) or ``stop`` is set. ``on_turn(game, turn)`` is called after
    every turn. Returns the game."""
    players = (first, second)
    while not game.is_over:
        if max_steps is not None and game.step_count >= max_steps:
            break
        if stop is not None and stop.is_set():
            break
        player = players[SEATS.index(seat_to_move(game))]
        turn = player.choose_turn(game, stop)
        game.play(*turn)
        if on_turn is not None:
            on_turn(game, turn)
    return game

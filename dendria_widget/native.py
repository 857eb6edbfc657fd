"""The native kernel: a second implementation of the rules in C++17.

The Python engine (``dendria_widget/rules/``) is the reference, the
explainer and the classroom's engine; the native kernel
(``dendria_widget/_native_src/*.cpp``, built by the package's own build as
the optional extension ``dendria_widget._native`` where a C++ compiler and
pybind11 are there) plays the same games faster, for the computer players
and the lab. tests/test_native.py holds it to the Python engine step by
step. Without a compiler, with ``DENDRIA_WIDGET_PURE=1`` at install, or
under Pyodide, it is not built: :func:`available` says so and everything
runs on the Python engine.

    >>> from dendria_widget import native
    >>> if native.available():
    ...     st = native.State.from_position("dendria-classic h3 3/4/5/4/3 dark")
    ...     _ = st.play("plant c3").play("end")
    ...     assert st.position() == "dendria-classic h3 3/4/2s2/4/3 light"

What it holds: every option and every board of Dendria classic and sprites
(hexagons of any size, modular boards with lagoons) and of Hedu; a position
it does not hold is refused by :func:`refusal` (the players then play on
the Python engine).
"""

from __future__ import annotations

import importlib
import json
import os
import random
import warnings
from functools import lru_cache
from types import ModuleType
from typing import Any

from . import checks
from .errors import DendriaError, IllegalStep
from .game import Game
from .geometry import Board
from .native_sources import sources_hash
from .rules.outcome import Outcome, Termination

_TERMINATIONS = {1: Termination.PASSES, 2: Termination.MOVE_LIMIT, 3: Termination.NO_PLACEMENT}

#: a playout longer than this many steps is cut (as the bench's playouts)
STEP_CAP = 20000


#: why the kernel is not used here, when it is built but stale
_STALE = ""


def _load() -> ModuleType | None:
    global _STALE
    from . import accel
    if accel._pure_asked():
        return None
    try:
        module = importlib.import_module(f"{__package__}._native")
    except ImportError:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.join(here, "_native_src")
    try:
        with open(os.path.join(here, accel.MANIFEST), encoding="utf-8") as f:
            built_from = json.load(f).get("_native")
    except (OSError, ValueError, AttributeError):
        built_from = None
    if built_from is not None and os.path.isdir(src) and built_from != sources_hash(src):
        _STALE = ("the native kernel's C++ sources changed since it was built: reinstall "
                  "the package (pip install -e .) to build it again")
        warnings.warn(f"dendria_widget: {_STALE}; the players search on Python meanwhile",
                      RuntimeWarning, stacklevel=2)
        return None
    return module


_KERNEL: ModuleType | None = _load()


def available() -> bool:
    """Is the native kernel built and loadable here?"""
    return _KERNEL is not None


def describe() -> str:
    """One line: whether the native kernel runs here, for the bench and reports."""
    if _KERNEL is None:
        return _STALE or ("the native kernel is not built here (no C++ compiler or pybind11 "
                          "at install, DENDRIA_WIDGET_PURE set, or Pyodide): the Python "
                          "engine plays")
    return "the native kernel (C++17, pybind11)"


def _kernel() -> ModuleType:
    if _KERNEL is None:
        raise DendriaError("the native kernel is not built here: reinstall the package with a "
                           "C++ compiler (pip install -e .), or use backend='python'")
    return _KERNEL


def refusal(game: Game) -> str | None:
    """Why the native kernel cannot play this game, in words; None when it can."""
    if _KERNEL is None:
        return "the native kernel is not built here"
    family = game.variant.family
    if family == "hedu":
        if not hasattr(_KERNEL, "Hedu"):
            return "the native kernel does not hold Hedu"
        return None
    return None


@lru_cache(maxsize=64)
def _board(board: Board) -> Any:
    """The kernel's tables of a board: plots by index in name order."""
    index = {i: k for k, i in enumerate(board.plots)}
    nbr = [[index[j] if j >= 0 else -1 for j in board.nbr_dir[i]] for i in board.plots]
    rays = [[[index[j] for j in ray] for ray in board.rays[i]] for i in board.plots]
    power = [board.power[i] for i in board.plots]
    names = [board.name(i) for i in board.plots]
    rows = [[index[i] for i in row] for row in board.rows]
    return _kernel().Board(nbr, rays, power, names, rows)


def _dendria_options(game: Game) -> dict[str, Any]:
    o = game.options
    limit = o["dendrid_move_limit"]
    komi_max = o["komi_max"]
    return {"touching": o["edge_sight"] == "touching", "sow_apart": o["sowing"] == "non-touching",
            "grow_after_plant": o["grow_after_plant"] == "planted",
            "sprout_on_move": bool(o["sprout_on_move"]),
            "convert_at_start": bool(o["convert_at_start"]),
            "capture_unprotected": o["capture"] == "unprotected",
            "enclosed_sight": o["enclosed_groups"] == "sight",
            "sprite_capture": bool(o["sprite_capture"]), "power_rule": bool(o["power_rule"]),
            "superko": o["superko"] == "positional", "leafiness": o["scoring"] == "leafiness",
            "move_limit": -1 if limit is None else int(limit),
            "opening": ("pie", "komi-pie", "none").index(o["opening"]),
            "komi_max": len(game.board) if komi_max is None else int(komi_max)}


class State:
    """A game on the native kernel: ``legal()`` (step strings, as ``str()``
    of ``Game.legal_steps()`` writes them), ``play(step)``, ``position()``
    (as ``Game.position_string()`` writes it), ``is_over()``, ``outcome()``.
    Build one with :meth:`from_position` or :meth:`from_game`."""

    __slots__ = ("_core", "_colours", "_head", "_tail", "_hedu", "_komi_text", "_komi0")

    def __init__(self, core: Any, game: Game) -> None:
        self._core = core
        self._colours = game.variant.colours
        self._hedu = game.variant.family == "hedu"
        fields = game.position_string().split()
        self._head = " ".join(fields[:2])
        self._tail = [f for f in fields[4:] if not f.startswith(("komi=", "prisoners="))]
        komi = None if self._hedu else game.position().get("komi", 0)
        self._komi0 = komi
        # the komi as the start wrote it (a whole number, or 0.5...)
        self._komi_text = checks.dumps(komi) if komi else ""

    @classmethod
    def _make(cls, game: Game, fresh: bool) -> State:
        why = refusal(game)
        if why is not None:
            raise DendriaError(f"the native kernel cannot play this game: {why}")
        k = _kernel()
        board = game.board
        pieces = game.pieces
        colours = game.variant.colours
        to_move = colours.index(game.to_move)
        if game.variant.family == "hedu":
            codes = [0] * len(board)
            for n, name in enumerate(board.name(i) for i in board.plots):
                p = pieces.get(name)
                if p is not None:
                    codes[n] = (int(p.height or 0) << 1) | colours.index(p.colour)
            pr = game.position()["prisoners"]
            core = k.Hedu(_board(board), _hedu_options(game), codes, to_move,
                          [pr["black"], pr["white"]], fresh)
        else:
            letters = {"dark seed": 1, "dark tree": 2, "dark dendrid": 3, "light seed": 4,
                       "light tree": 5, "light dendrid": 6}
            codes = [letters[pieces[board.name(i)]] if board.name(i) in pieces else 0
                     for i in board.plots]
            core = k.Dendria(_board(board), _dendria_options(game), codes, to_move,
                             float(game.position().get("komi", 0)), fresh)
        return cls(core, game)

    @classmethod
    def from_position(cls, position: str, options: dict[str, Any] | None = None) -> State:
        """The game in normal play from a position string (what
        ``Game.position_string()`` writes) and the options (the dict
        ``Game.options`` gives; None: those the string names), as
        ``Game.from_position`` reads them."""
        return cls._make(Game.from_position(position, **(options or {})), fresh=False)

    @classmethod
    def from_game(cls, game: Game) -> State:
        """The very game: its start (a new game's opening included) and
        every step played since, so that the repetition rule knows every
        earlier board."""
        record = game.to_record()
        start = record["start"]
        first = game.copy()
        while first.pop() is not None:
            pass
        st = cls._make(first, fresh=start is None)
        for turn in game.history:
            for step in turn:
                st.play(str(step))
        return st

    def copy(self) -> State:
        """An independent copy."""
        new = object.__new__(State)
        for name in State.__slots__:
            setattr(new, name, getattr(self, name))
        new._core = self._core.copy()
        return new

    def legal(self) -> list[str]:
        """Every legal step now, as step strings."""
        return list(self._core.legal())

    def play(self, step: str) -> State:
        """Play one step (a step string); IllegalStep when it is not legal now."""
        if not isinstance(step, str):
            raise IllegalStep(f"a step is a string like 'plant g7', not {step!r}")
        try:
            self._core.play(step)
        except (ValueError, ArithmeticError) as e:
            raise IllegalStep(str(e)) from None
        return self

    def undo(self) -> bool:
        """Take back the last step; False when there is none."""
        return bool(self._core.undo())

    @property
    def to_move(self) -> str:
        return self._colours[self._core.to_move()]

    def turn_open(self) -> bool:
        """Is a turn under way?"""
        return bool(self._core.turn_open())

    def position(self) -> str:
        """The position string, as ``Game.position_string()`` writes it."""
        fields = [self._head, self._core.rows(), self.to_move]
        if self._hedu:
            b, w = self._core.prisoners()
            fields.append(f"prisoners={b},{w}")
        else:
            komi = self._core.komi()
            if komi:
                if komi == self._komi0:
                    fields.append(f"komi={self._komi_text}")
                else:
                    fields.append(f"komi={checks.dumps(int(komi) if float(komi).is_integer() else komi)}")
        return " ".join(fields + self._tail)

    def is_over(self) -> bool:
        return bool(self._core.is_over())

    def scores(self) -> dict[str, Any]:
        """Colour -> total, on the board now."""
        totals = self._core.score()
        return {c: _number(t) for c, t in zip(self._colours, totals)}

    def outcome(self) -> Outcome | None:
        """None while the game goes on, then an Outcome (termination,
        winner, scores, facts) as ``Game.outcome`` gives it."""
        if not self._core.is_over():
            return None
        scores = self.scores()
        a, b = (scores[c] for c in self._colours)
        winner = self._colours[0] if a > b else self._colours[1] if b > a else "draw"
        term = _TERMINATIONS[self._core.ending()]
        facts = {"turns": self._core.dmoves()} if term is Termination.MOVE_LIMIT else {}
        return Outcome(term, winner, scores, facts)

    # ------------------------------------------------ the players' search
    def whole_turns(self, flip: int, params: dict[str, Any],
                    rng: random.Random) -> tuple[list[tuple[float, float, list[str]]], None]:
        """players.py's ``whole_turns`` for the side to move (``flip``: the
        seat flip, ``params``: ``beam`` and the search's numbers), drawing
        its tie-breaks from ``rng``, which is moved on as Python's would be:
        [(value, tie-break, step strings)]."""
        version, words, gauss = rng.getstate()
        turns, after = self._core.whole_turns(flip, params, list(words), self._hedu)
        rng.setstate((version, tuple(after), gauss))
        return [(v, t, list(steps)) for v, t, steps in turns], None

    def search(self, flip: int, params: dict[str, Any], rng: random.Random) -> Any:
        """players.py's MCTS from here, on the kernel (its tree kept between
        ``run`` calls): ``run(target, seconds)``, ``iterations``, ``visits``,
        ``children()``, ``best()``. ``rng`` gives its random source."""
        words = rng.getstate()[1]
        k = _kernel()
        make = k.HeduSearch if self._hedu else k.DendriaSearch
        return make(self._core, flip, params, list(words), self._hedu)

    def drawable(self) -> list[str] | None:
        """The steps :meth:`random_playouts` may draw here without listing
        :meth:`legal` (it draws plots or a turn's candidate steps and keeps
        the first legal one): the legal steps less a pass and a swap, in any
        order; None where it lists :meth:`legal` instead. Tests hold the two
        to each other: the draw is uniform over exactly these."""
        out: list[str] | None = self._core.drawable()
        return out

    def random_playouts(self, games: int, seed: int) -> list[tuple[int, str]]:
        """``games`` random games to the end from here (uniform over the
        legal steps, a pass only when nothing else is drawn): per game
        (steps, winner: a colour or 'draw'). Most steps are drawn without
        listing every legal step (:meth:`drawable`), with the same
        distribution."""
        names = (self._colours[0], self._colours[1], "draw")
        return [(n, names[w]) for n, w in self._core.playouts(games, seed, STEP_CAP)]


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def _hedu_options(game: Game) -> dict[str, Any]:
    o = game.options
    return {"superko": o["superko"] == "positional", "opening": ("pie", "none").index(o["opening"]),
            "end_on_double_pass": bool(o["end_on_double_pass"])}


def random_playouts(position: str, options: dict[str, Any] | None, games: int,
                    seed: int) -> list[tuple[int, str]]:
    """``games`` seeded random games from a position string (see
    :meth:`State.random_playouts`)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise DendriaError(f"games is a whole number >= 0, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise DendriaError(f"seed is a whole number >= 0, not {seed!r}")
    return State.from_position(position, options).random_playouts(games, seed)

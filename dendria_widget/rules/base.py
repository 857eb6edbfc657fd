"""What every engine shares: steps, Zobrist keys, the repetition table.

An engine *state* (``DendriaState``, ``HeduState``) is mutable and fast:
steps are :class:`~dendria_widget.notation.Step` values, tuples ``(verb,
arg)`` where ``arg`` is a cell id, a whole number (komi) or a colour (the
engines also accept plain tuples), and every applied step pushes an undo record, so
``apply`` / ``undo`` never copy the board. The friendly, named API is
``dendria_widget.Game``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence, TypeVar, cast

from ..errors import IllegalStep
from ..geometry import iter_bits
from ..notation import Piece, Step
from .outcome import leader
from .refusal import Refusal

if TYPE_CHECKING:  # for the type hints only
    from ..geometry import Board
    from .options import Rules
    from .outcome import Termination

#: A step as the engines take it: a :class:`Step` or a plain ``(verb, arg)``
#: tuple, where ``arg`` is a cell id, a komi, a colour index or None (which
#: one the verb says: no tuple type can tie the two together).
EngineStep = tuple[str, Any]

_R = TypeVar("_R", bound="Repetitions")
_S = TypeVar("_S", bound="EngineState")

PASS = Step("pass")
END = Step("end")
SWAP = Step("swap")

#: How many passes in a row end a game (every edition; Hedu when its option
#: says so).
PASSES_TO_END = 2
#: What a classic score gives for each size of which a player has more
#: forests than the opponent.
MAJORITY_POINT = 1
#: The half point, for the larger forests (Hedu: the greater list of groups).
HALF_POINT = 0.5


def leafiness(size: int) -> int:
    """The sprites edition's worth of a forest of ``size`` trees:
    1 + 2 + ... + size."""
    return size * (size + 1) // 2


@lru_cache(maxsize=None)
def zobrist_table(area: int, codes: int) -> tuple[tuple[int, ...], ...]:
    """Seeded random 64-bit keys, one per (cell id, piece code)."""
    rng = random.Random(0x5EED ^ area ^ (codes << 20))
    return tuple(tuple(0 if c == 0 else rng.getrandbits(64) for c in range(codes))
                 for _ in range(area))


class StepsByCell:
    """The shared steps of one verb, one per cell id, and a fast way to list
    those of a bitboard: byte by byte, each byte's steps made once."""

    __slots__ = ("steps", "n_bytes", "rows")

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = steps
        self.n_bytes = (len(steps) + 7) // 8
        self.rows: list[list[tuple[Step, ...] | None]] = [[None] * 256 for _ in range(self.n_bytes)]

    def extend(self, out: list[Step], mask: int) -> list[Step]:
        """Append to ``out`` the steps of the cells of ``mask``, in id order."""
        rows = self.rows
        for k, byte in enumerate(mask.to_bytes(self.n_bytes, "little")):
            if byte:
                got = rows[k][byte]
                if got is None:
                    got = rows[k][byte] = tuple(self.steps[8 * k + b] for b in range(8)
                                                if byte >> b & 1)
                out.extend(got)
        return out


class Repetitions:
    """The boards seen at the start and at the end of every turn.

    Keyed by Zobrist hash; every hash keeps the exact boards (bytes) so that
    a hash collision can never refuse a legal step.
    """

    __slots__ = ("by_hash", "counts")

    def __init__(self) -> None:
        self.by_hash: dict[int, list[bytes]] = {}
        self.counts: dict[int, int] = {}  # piece count -> how many recorded boards have it

    def add(self, h: int, board_bytes: bytes, count: int) -> None:
        self.by_hash.setdefault(h, []).append(board_bytes)
        self.counts[count] = self.counts.get(count, 0) + 1

    def remove(self, h: int, board_bytes: bytes, count: int) -> None:
        boards = self.by_hash[h]
        boards.remove(board_bytes)
        if not boards:
            del self.by_hash[h]
        n = self.counts[count] - 1
        if n:
            self.counts[count] = n
        else:
            del self.counts[count]

    def copy(self: _R) -> _R:
        """An independent copy (for cloning a state)."""
        new = object.__new__(type(self))
        for name in _slots(type(self)):
            value = getattr(self, name)
            if name == "by_hash":
                value = {h: list(v) for h, v in value.items()}
            elif isinstance(value, dict):
                value = {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()}
            setattr(new, name, value)
        return new

    def maybe_seen(self, h: int) -> bool:
        return h in self.by_hash

    def seen(self, h: int, board_bytes: bytes) -> bool:
        boards = self.by_hash.get(h)
        return boards is not None and board_bytes in boards

    def has_count(self, count: int) -> bool:
        return count in self.counts


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        names.extend(getattr(klass, "__slots__", ()))
    return names


class EngineState:
    """The bookkeeping every engine state shares: a game in progress (see
    ``dendria_widget.Game`` for the friendly API). Steps are tuples ``(verb,
    arg)``; ``legal()`` lists them, ``refusal(step)`` says why one is illegal
    (or None), ``apply(step)`` plays one and ``undo()`` takes the last one
    back.

    A subclass sets ``COLOURS`` (two names, the first moves first), keeps
    ``_undo`` as a list of records ``(step, saved, ...)`` whose ``saved``
    tuple starts with ``to_move``, ``turns`` (finished turns, lists of
    steps) and ``current`` (the turn in progress), and implements
    ``_undo_one``, ``score`` (a dict per colour with a ``"total"``),
    ``piece_name``, ``code_name``, ``group_at``, ``refusal`` (the reason a
    step is illegal, or None), ``_do`` (apply unchecked), and for
    :meth:`last_changes` ``_changes_of(record)`` (of the latest record) and
    ``_cells_of(record)`` (of any record).
    """

    COLOURS: tuple[str, str] = ("", "")
    if TYPE_CHECKING:  # what every engine has (read here; set by the subclasses)
        board: Board
        rules: Rules
        occ: int
        to_move: int
        phase: str
        over: bool
        end_reason: Termination | None
        turns: list[list[EngineStep]]
        current: list[EngineStep]
        _undo: list[Any]     # each engine's records: (step, saved, ...)

        def refusal(self, step: EngineStep) -> Refusal | None: ...
        def _do(self, step: EngineStep) -> None: ...
        def _undo_one(self) -> EngineStep: ...
        def score(self) -> dict[str, dict[str, Any]]: ...
        def piece_name(self, i: int) -> Piece | None: ...
        def _changes_of(self, rec: tuple[Any, ...]) -> list[tuple[int, int, int]]: ...
        def _cells_of(self, rec: tuple[Any, ...]) -> list[int]: ...

    #: Bumped by every step played or taken back through apply, push and
    #: undo (not by the engine's own searches, which restore the state), so
    #: that a cache keyed by it (Game.legal_steps) holds for one position.
    version = 0

    def apply(self, step: EngineStep) -> None:
        """Play one step, or raise IllegalStep (the state is then unchanged)."""
        refused = self.refusal(step)
        if refused is not None:
            raise IllegalStep(refused, step)
        self.version += 1
        self._do(step)

    def _no(self, code: str, **facts: Any) -> Refusal:
        """A :class:`~.refusal.Refusal` (why a step is refused: ``code`` and
        facts) under these rules."""
        return Refusal(code, self.rules, **facts)

    def push(self, step: EngineStep) -> None:
        """Play one step without judging it (it must be legal: from legal())."""
        self.version += 1
        self._do(step)

    def clone(self: _S) -> _S:
        """An independent copy of this state, history and undo included,
        without replaying anything (for computer players that explore).
        Board tables and rules are shared; every mutable part is copied."""
        new = object.__new__(type(self))
        for name, value in self.__dict__.items():
            if isinstance(value, Repetitions):
                value = value.copy()
            elif isinstance(value, bytearray):
                value = bytearray(value)
            elif isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = dict(value)
            elif isinstance(value, set):
                value = set(value)
            new.__dict__[name] = value
        return new

    def _finish(self, termination: Termination) -> None:
        """End the game: ``termination`` is a :class:`~.outcome.Termination`."""
        self.over = True
        self.phase = "over"
        self.end_reason = termination

    def undo(self) -> EngineStep | None:
        """Take back the last step; returns it (None when there is none)."""
        if not self._undo:
            return None
        self.version += 1
        return self._undo_one()

    @property
    def step_count(self) -> int:
        return len(self._undo)

    def steps(self) -> list[EngineStep]:
        """Every step applied so far, in order."""
        return [u[0] for u in self._undo]

    def step_movers(self) -> list[int]:
        """The colour to move before each applied step: who played it."""
        return [u[1][0] for u in self._undo]

    def winner(self) -> str | None:
        """None while the game goes on; else a colour's name or 'draw'."""
        if not self.over:
            return None
        return self.leader()

    def leader(self) -> str:
        """Who leads on the score now: a colour's name, or 'draw' (the
        winner, once the game is over)."""
        score = self.score()
        return leader({c: score[c]["total"] for c in self.COLOURS}, self.COLOURS)

    def pieces(self) -> dict[str, Piece]:
        """Cell name -> piece string, in cell order (ids run in name order)."""
        name = self.board.name
        # an occupied plot's piece_name is a Piece (None is an empty plot's)
        return {name(i): cast(Piece, self.piece_name(i)) for i in iter_bits(self.occ)}

    def colour_name(self, colour: int) -> str:
        return self.COLOURS[colour]

    def fmt(self, step: EngineStep) -> str:
        """The docs/notation.md string of a step (a Step or a plain tuple)."""
        return str(step if isinstance(step, Step) else Step(step[0], step[1], self.board))

    # ------------------------------------------- what the last steps did
    def last_changes(self) -> list[tuple[int, int, int]]:
        """The pieces the last step changed, in the order the rules changed
        them: a list of (cell id, code before, code after), codes 0 for an
        empty plot; [] when no step was played or it changed no piece."""
        if not self._undo:
            return []
        return self._changes_of(self._undo[-1])

    def _last_turn_records(self) -> list[Any]:
        """The undo records of the last turn: the turn in progress if one
        has begun, else the last finished one."""
        n = len(self.current) or (len(self.turns[-1]) if self.turns else 0)
        return self._undo[len(self._undo) - n:] if n else []

    def last_turn_cells(self) -> list[int]:
        """Ids of the cells the last turn touched (the turn in progress if
        there is one), in order, each once: the cells its steps name and
        every piece they changed (whole groups, every stack a rule changed)."""
        seen: dict[int, None] = {}
        for rec in self._last_turn_records():
            for i in self._cells_of(rec):
                seen[i] = None
        return list(seen)

    def journey(self) -> tuple[int, int, int, int] | None:
        """(start, where it stands, direction or -1, slides) of the journey
        in progress, or None (engines without journeys)."""
        return None

"""The Hedu engine (docs/rules.md section 3).

Every rule of Hedu lives in this file. The widget, the explanations, the
tutorials, the computer players and ``analyze`` all ask this engine.

Representation: ``cells`` is a bytearray indexed by cell id holding a stack
code, 0 for an empty plot and ``(height << 1) | colour`` for a stack
(``height >= 1``). ``occ`` is the bitboard of stacks and ``ge[colour][k]``
the bitboard of that colour's stacks of height at least ``k`` (k = 1..4;
``ge[c][1]`` is every stack of colour c and ``ge[c][4]`` lumps heights 4 and
more, which no placement can produce but a given position may hold).

Regions (maximal 6-connected sets of empty plots) are kept as a list of
``(region, neighbourhood)`` bitboards, where the neighbourhood is the region
dilated by one step; it is cached by occupancy and updated locally by a
placement (the region of the new stack splits; a stack leaving merges the
regions around it), so a placement never floods the whole board.

A plot touches at most three distinct regions (its empty neighbours form at
most three runs around it, and neighbours next to each other share a region),
so region counts fit in two bit-planes: counting every stack's regions at
once is a few bitboard operations per region.

Steps: ``("place", id)``, ``("pass", None)``, ``("swap", None)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..checks import brief, whole_number_text
from ..errors import BadPosition, IllegalStep
from ..geometry import iter_bits
from ..notation import DENDRIA_VERBS, HEDU_VERBS, Piece, Step, parse_words
from .base import (HALF_POINT, PASS, PASSES_TO_END, SWAP, EngineState, EngineStep,
                   Repetitions, StepsByCell)
from .outcome import Termination

if TYPE_CHECKING:  # for the type hints only
    from ..geometry import Board
    from .options import Rules
    from .refusal import Refusal

BLACK, WHITE = 0, 1
COLOURS = ("black", "white")
# a stack can never grow past 3 in play (a plot touches at most three
# regions); given positions may hold up to 9, one digit in the position string
MAX_HEIGHT = 9

PLACE = "place"
# stages of a placement's effects, in order (docs/rules.md 3)
PLACED, REDUCE_ENEMY, REDUCE_FRIENDLY, INCREASE = 0, 1, 2, 3

_GE_LEVELS = tuple(tuple(range(1, min(h, 4) + 1)) for h in range(MAX_HEIGHT + 1))
#: A region and its neighbourhood (the region dilated by one step), as bitboards.
Region = tuple[int, int]
#: One effect of a placement: (cell id, old code, new code, stage).
Effect = tuple[int, int, int, int]
#: What :meth:`HeduState._revert` needs: the effects, the region cache and
#: the prisoners before.
PlaceUndo = tuple[list[Effect], tuple[int, list[Region]], tuple[int, int]]
#: A group: (colour, height, bitboard, size).
Group = tuple[int, int, int, int]
#: The undo record of a step: (step, (to_move, phase, passes, swapped, over,
#: end_reason) before, a placement's PlaceUndo or None, the board it recorded
#: or None).
Record = tuple[EngineStep, tuple[int, str, int, bool, bool, Termination | None],
               PlaceUndo | None, tuple[int, bytes, int] | None]

#: the Dendria verbs Hedu has not
DENDRIA_ONLY = tuple(v for v in DENDRIA_VERBS if v not in HEDU_VERBS)


def code_of(colour: int, height: int) -> int:
    """The cell code of a stack of ``height`` pieces of ``colour``."""
    return (height << 1) | colour


#: The Piece of every stack code (None for 0, and for code 1, no stack).
PIECES = (None, None) + tuple(Piece(COLOURS[c & 1], height=c >> 1)
                              for c in range(2, code_of(1, MAX_HEIGHT) + 1))


def piece_name(code: int) -> Piece | None:
    """The Piece ('black 2') of a stack code (None for 0)."""
    return PIECES[code]


def parse_piece(text: object) -> int:
    """'black 2' -> code. Raises BadPosition naming the bad piece."""
    if isinstance(text, str):
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] in COLOURS:
            w = words[1]
            if w.isascii() and w.isdigit():
                h = whole_number_text(w, MAX_HEIGHT)
                if h is not None and h >= 1:
                    return code_of(COLOURS.index(words[0]), h)
                raise BadPosition(f"bad stack {brief(text)}: a height is a whole number "
                                  f"from 1 to {MAX_HEIGHT}")
    raise BadPosition(f"unknown piece {brief(text)} (a Hedu piece is a stack like "
                      "'black 2' or 'white 1': colour and height)")


def _ring_runs(board: Board, i: int, pattern: int) -> tuple[int, ...]:
    """Runs of consecutive directions (around plot i) set in the 6-bit
    ``pattern``, as bitboards of the neighbouring plots."""
    nd = board.nbr_dir[i]
    if pattern == 63:
        m = 0
        for j in nd:
            m |= 1 << j
        return (m,)
    runs: list[int] = []
    # start just after an unset direction so that no run wraps
    start = next(d for d in range(6) if not pattern >> d & 1)
    cur = 0
    for k in range(1, 7):
        d = (start + k) % 6
        if pattern >> d & 1:
            cur |= 1 << nd[d]
        elif cur:
            runs.append(cur)
            cur = 0
    if cur:
        runs.append(cur)
    return tuple(runs)


class _Tables:
    """Per-board tables (computed once per board, shared by every state)."""

    _cache: dict[int, _Tables] = {}

    def __init__(self, board: Board) -> None:
        self.board = board
        self.nbr_pairs: list[tuple[tuple[int, int], ...]] = [()] * board.area
        for i in board.plots:
            self.nbr_pairs[i] = tuple((d, j) for d, j in enumerate(board.nbr_dir[i])
                                      if j >= 0)
        self.runs: dict[tuple[int, int], tuple[int, ...]] = {}   # (i, pattern) -> run bitboards
        self.place_steps = [Step(PLACE, i, board) for i in range(board.area)]
        self.places = StepsByCell(self.place_steps)

    @classmethod
    def of(cls, board: Board) -> _Tables:
        t = cls._cache.get(id(board))
        if t is None or t.board is not board:
            t = cls(board)
            cls._cache[id(board)] = t
        return t


class Boards(Repetitions):
    """The boards seen at the start and at every turn's end, keyed by their
    occupancy bitboard (the exact boards break ties), and indexed by the
    number of stacks so that the repetition rule can ask which earlier
    occupancies hold one stack more than now."""

    __slots__ = ("by_count", "version")

    def __init__(self) -> None:
        super().__init__()
        self.by_count: dict[int, dict[int, int]] = {}   # number of stacks -> {occupancy: boards}
        self.version = 0     # bumped by every change

    def add(self, h: int, board_bytes: bytes, count: int) -> None:
        super().add(h, board_bytes, count)
        self.version += 1
        d = self.by_count.setdefault(count, {})
        d[h] = d.get(h, 0) + 1

    def remove(self, h: int, board_bytes: bytes, count: int) -> None:
        super().remove(h, board_bytes, count)
        self.version += 1
        d = self.by_count[count]
        if d[h] == 1:
            del d[h]
            if not d:
                del self.by_count[count]
        else:
            d[h] -= 1


class HeduState(EngineState):
    """A Hedu game in progress: steps, ``legal()``, ``refusal()``,
    ``apply()`` and ``undo()`` as :class:`.base.EngineState` says."""

    COLOURS = COLOURS

    def __init__(self, rules: Rules, position: dict[str, Any] | None = None) -> None:
        self.rules = rules
        b = self.board = rules.board
        o = rules.options
        self.superko = o["superko"] == "positional"
        self.opening = o["opening"]
        self.end_on_double_pass = o["end_on_double_pass"]
        self._t = _Tables.of(b)
        s = b.stride
        self._sh = (1, s - 1, s)   # the three positive shifts (and their negatives)
        self._plots = b.plot_mask

        self.cells = bytearray(b.area)
        self.occ = 0
        self.ge = [[0] * 5, [0] * 5]
        self.prisoners = [0, 0]
        self.to_move = BLACK
        self.swapped = False      # pie swap: the players exchanged colours
        self.phase = "turn"
        self.passes = 0
        self.over = False
        self.end_reason = None
        self.turns = []           # finished turns, each a list of one step
        self.current = []         # always empty: a Hedu turn is one step
        self._undo: list[Record] = []
        self._rkey = -1
        self._rlist: list[Region] = []
        self._lkey = -1
        self._lplanes = (0, 0)
        self._ver = 0                 # bumped by every step and undo
        self._pcache: tuple[tuple[int, int, int, bool] | None, int] = (None, 0)      # legal placements, keyed by _ver
        self.reps = Boards()      # keyed by the occupancy bitboard
        if position is None:
            self.phase = "opening" if self.opening == "pie" else "turn"
        else:
            for i, c in position["cells"].items():
                if i not in b:
                    raise ValueError(f"{i!r} is not a plot of this board")
                if not isinstance(c, int) or c == 1 or not 0 <= c <= code_of(1, MAX_HEIGHT):
                    raise ValueError(f"bad stack code {c!r}")
                self._put(i, c)
            self.to_move = position.get("to_move", BLACK)
            self.prisoners = list(position.get("prisoners", (0, 0)))
        self.reps.add(self.occ, bytes(self.cells), self.occ.bit_count())
        if not self.placeable_mask():
            self._finish(Termination.NO_PLACEMENT)

    # ------------------------------------------------------------ board
    def _put(self, i: int, c: int) -> int:
        cells = self.cells
        old = cells[i]
        bit = 1 << i
        if old:
            g = self.ge[old & 1]
            for k in _GE_LEVELS[old >> 1]:
                g[k] ^= bit
            self.occ ^= bit
        if c:
            g = self.ge[c & 1]
            for k in _GE_LEVELS[c >> 1]:
                g[k] |= bit
            self.occ |= bit
        cells[i] = c
        return old

    def colour_mask(self, colour: int) -> int:
        return self.ge[colour][1]

    def height(self, i: int) -> int:
        return self.cells[i] >> 1


    def _components(self, members: int) -> list[Region]:
        out = []
        flood = self.board.group       # the geometry's flood and dilation
        dilate = self.board.dilate
        while members:
            g = flood(members & -members, members)
            out.append((g, dilate(g)))
            members ^= g
        return out

    # ---------------------------------------------------------- regions
    def region_list(self) -> list[Region]:
        """The regions of the board now, as (region, dilated region) bitboards
        (cached by occupancy; do not modify the list)."""
        if self._rkey != self.occ:
            self._rlist = self._components(self._plots & ~self.occ)
            self._rkey = self.occ
        return self._rlist

    def regions(self) -> list[int]:
        """Region bitboards, ordered by their first cell."""
        return sorted((r for r, _ in self.region_list()), key=lambda r: r & -r)

    @staticmethod
    def _count_planes(rlist: Iterable[Region], occ: int) -> tuple[int, int]:
        """Two bit-planes (c0, c1) holding, for every stack, how many regions
        it touches (0..3): count = c0 + 2 * c1."""
        c0 = c1 = 0
        for _, d in rlist:
            a = d & occ
            c1 |= c0 & a
            c0 ^= a
        return c0, c1

    def region_counts(self) -> tuple[int, int, int, int]:
        """Bitboards (k0, k1, k2, k3): the stacks touching 0, 1, 2, 3 regions."""
        c0, c1 = self._count_planes(self.region_list(), self.occ)
        occ = self.occ
        return (occ & ~(c0 | c1), c0 & ~c1, c1 & ~c0, c0 & c1)

    def adjacent_regions(self, i: int) -> int:
        """How many distinct regions touch the stack on plot i."""
        return sum(1 for r, d in self.region_list() if d >> i & 1 and not r >> i & 1)

    # ------------------------------------------------------- placements
    def placeable_mask(self) -> int:
        """Empty plots where a stack would touch at least one region: an empty
        plot with an empty neighbour. Same for both colours."""
        e = self._plots & ~self.occ
        return e & self.board.around(e)

    def _split(self, i: int, rest: int) -> list[Region]:
        """The regions that ``rest`` (the region of empty plot i, without i)
        falls into, as (region, dilated) pairs. Each touches i."""
        t = self._t
        pattern = 0
        for d, j in t.nbr_pairs[i]:
            if rest >> j & 1:
                pattern |= 1 << d
        if not pattern:
            return []
        key = (i, pattern)
        runs = t.runs.get(key)
        if runs is None:
            runs = t.runs[key] = _ring_runs(self.board, i, pattern)
        if len(runs) == 1:
            return [(rest, self.board.dilate(rest))]
        out: list[Region] = []
        pending = list(runs)
        rem = rest
        while pending:
            if len(pending) == 1:
                out.append((rem, self.board.dilate(rem)))
                break
            p = self.board.group(pending[0], rem)
            out.append((p, self.board.dilate(p)))
            rem ^= p
            pending = [r for r in pending[1:] if not r & p]
        return out

    def placement_height(self, i: int) -> int:
        """The height of a stack placed on empty plot i: the number of distinct
        regions touching i once the stack stands there (0 when none)."""
        if self.cells[i]:
            return 0
        bit = 1 << i
        for r, _ in self.region_list():
            if r & bit:
                return len(self._split(i, r ^ bit))
        return 0  # pragma: no cover - every empty plot is in a region

    def _merge(self, rlist: list[Region], gone: int) -> list[Region]:
        """Regions after the stacks on ``gone`` left the board."""
        keep = []
        merged = gone
        for r, d in rlist:
            if d & gone:
                merged |= r
            else:
                keep.append((r, d))
        return keep + self._components(merged)

    def _reduce(self, rlist: list[Region], planes: tuple[int, int], colour: int,
                log: list[Effect], stage: int) -> tuple[list[Region], tuple[int, int]]:
        """Set every stack of ``colour`` to its region count if lower; the
        pieces taken off are prisoners of the other colour. ``planes`` are
        the region counts of the board now. Returns the region list and the
        count planes of the board after (new ones when a stack left)."""
        occ = self.occ
        c0, c1 = planes
        ge = self.ge[colour]
        k0 = occ & ~(c0 | c1)
        cand = ((k0 & ge[1]) | (c0 & ~c1 & ge[2]) | (c1 & ~c0 & ge[3]) | (c0 & c1 & ge[4]))
        if not cand:
            return rlist, planes
        gone = k0 & ge[1]
        cells = self.cells
        taken = 0
        for j in iter_bits(cand):
            bit = 1 << j
            k = (1 if c0 & bit else 0) + (2 if c1 & bit else 0)
            old = cells[j]
            new = (k << 1) | colour if k else 0
            taken += (old >> 1) - k
            self._put(j, new)
            log.append((j, old, new, stage))
        gainer, n = self.prisoners_taken(colour, taken, 0)
        self.prisoners[gainer] += n
        if not gone:
            return rlist, planes
        rlist = self._merge(rlist, gone)
        return rlist, self._count_planes(rlist, self.occ)

    def _place(self, i: int, mover: int) -> PlaceUndo:
        """Put a new stack of ``mover`` on empty plot i and apply every
        automatic effect (docs/rules.md 3, (1) to (3)). Returns the undo
        information for :meth:`_revert`."""
        old_cache = (self._rkey, self._rlist)
        old_pr = (self.prisoners[0], self.prisoners[1])
        rlist = self.region_list()
        bit = 1 << i
        for idx, (r, _) in enumerate(rlist):
            if r & bit:
                break
        pieces = self._split(i, r ^ bit)
        rlist = rlist[:idx] + rlist[idx + 1:] + pieces
        h = len(pieces)
        code = (h << 1) | mover
        self._put(i, code)
        log = [(i, 0, code, PLACED)]
        planes = self._count_planes(rlist, self.occ)
        # (1) enemy stacks, (2) then friendly stacks, on the board (1) left
        rlist, planes = self._reduce(rlist, planes, 1 - mover, log, REDUCE_ENEMY)
        rlist, planes = self._reduce(rlist, planes, mover, log, REDUCE_FRIENDLY)
        # (3) every stack lower than its region count grows to it
        # (a stack touching one region has at least one piece already)
        c0, c1 = planes
        g0, g1 = self.ge
        k2, k3 = c1 & ~c0, c0 & c1
        cand = ((k2 & ~(g0[2] | g1[2])) | (k3 & ~(g0[3] | g1[3]))) & self.occ
        if cand:
            cells = self.cells
            for j in iter_bits(cand):
                k = 2 if k2 >> j & 1 else 3
                old = cells[j]
                new = (k << 1) | (old & 1)
                self._put(j, new)
                log.append((j, old, new, INCREASE))
        self._rkey = self.occ
        self._rlist = rlist
        return log, old_cache, old_pr

    def _revert(self, undo: PlaceUndo) -> None:
        log, old_cache, old_pr = undo
        put = self._put
        for j, old, _new, _stage in reversed(log):
            put(j, old)
        self._rkey, self._rlist = old_cache
        self.prisoners[0], self.prisoners[1] = old_pr

    def preview(self, i: int, mover: int | None = None) -> tuple[list[Effect], list[int]]:
        """What placing a stack of ``mover`` (default: the side to move) on
        empty plot i would do, computed by playing it and taking it back:
        ``(log, prisoners gained [black, white])``, where ``log`` lists
        ``(cell, old code, new code, stage)`` in the order the rules apply
        (stage: PLACED, REDUCE_ENEMY, REDUCE_FRIENDLY, INCREASE). Only the
        height rule is checked here (use :meth:`refusal` for legality)."""
        if mover is None:
            mover = self.to_move
        if self.cells[i] or not self.placeable_mask() >> i & 1:
            raise IllegalStep(self.placement_refusal(i, mover)
                              or self._no("no-region", cell=self.board.name(i)))
        undo = self._place(i, mover)
        gained = [self.prisoners[0] - undo[2][0], self.prisoners[1] - undo[2][1]]
        log = list(undo[0])
        self._revert(undo)
        return log, gained

    # ------------------------------------------------------- repetition
    def _liberty_planes(self) -> tuple[int, int]:
        """(stacks with exactly one empty neighbour, stacks with none),
        cached by occupancy."""
        occ = self.occ
        if self._lkey == occ:
            return self._lplanes
        e = self._plots & ~occ
        a, b, c = self._sh
        one = two = 0
        for s in (e << a, e >> a, e << b, e >> b, e << c, e >> c):
            two |= one & s
            one |= s
        self._lkey = occ
        self._lplanes = (occ & one & ~two, occ & ~one)
        return self._lplanes

    def _repeats(self, i: int, mover: int) -> bool:
        """Would placing on i end the turn on a board seen before? (played
        and taken back)"""
        undo = self._place(i, mover)
        seen = self.reps.seen(self.occ, bytes(self.cells))
        self._revert(undo)
        return seen

    def _superko_filter(self, m: int, mover: int) -> int:
        """The plots of ``m`` whose placement does not repeat a board.

        A placement can only repeat a board with the same occupancy, which
        is known without playing it: the new stack stays (it touches a
        region), and the only stacks that leave are those whose one empty
        neighbour was the plot: every such enemy stack, then every such
        friendly stack that no leaving enemy stack was next to (docs/rules.md 3
        (1), (2)). Only a placement whose occupancy was seen is played out."""
        reps = self.reps
        occ = self.occ
        single, dead = self._liberty_planes()
        if dead:
            # a given position may hold stacks with no empty neighbour: they
            # leave at the first placement; play every placement out
            for i in iter_bits(m):
                if self._repeats(i, mover):
                    m &= ~(1 << i)
            return m
        nbr = self.board.nbr_masks
        near = self.board.around
        enemy = self.ge[1 - mover][1]
        if not single:
            risky = 0
        elif m & (m - 1):
            risky = near(single) & m
        else:
            risky = m if single & nbr[m.bit_length() - 1] else 0
        maybe_seen = reps.maybe_seen
        check = 0
        for i in iter_bits(risky):
            s = single & nbr[i]
            gone_e = s & enemy
            gone = gone_e | (s & ~enemy & ~near(gone_e)) if gone_e else s
            if maybe_seen((occ | (1 << i)) & ~gone):
                check |= 1 << i
        more = reps.by_count.get(occ.bit_count() + 1)
        if more:
            # earlier boards with one stack more than now: the placements
            # (with no stack leaving) that would give their occupancy
            for o in more:
                if o & occ == occ:
                    check |= o & m & ~risky
        for i in iter_bits(check):
            if self._repeats(i, mover):
                m &= ~(1 << i)
        return m

    def legal_placements(self, mover: int | None = None) -> int:
        """Plots where ``mover`` could place if a turn of normal play began
        now (height rule and repetition rule)."""
        if mover is None:
            mover = self.to_move
        key = (self._ver, self.reps.version, mover, self.superko)
        if self._pcache[0] == key:
            return self._pcache[1]
        m = self.placeable_mask()
        if self.superko and m:
            m = self._superko_filter(m, mover)
        self._pcache = (key, m)
        return m

    def placement_heights(self, mover: int | None = None) -> dict[int, int]:
        """{plot id: height} for every legal placement of ``mover``."""
        return {i: self.placement_height(i) for i in iter_bits(self.legal_placements(mover))}

    # ------------------------------------------------------------ legal
    def legal(self) -> list[Step]:
        """Every legal step now, as (verb, arg) tuples."""
        if self.over:
            return []
        t = self._t
        out: list[Step] = []
        m = self.legal_placements(self.to_move)
        if m:
            t.places.extend(out, m)
        if self.phase != "opening":
            out.append(PASS)
        if self.phase == "swap":
            out.append(SWAP)
        return out

    def refusal(self, step: object) -> Refusal | None:
        """Why ``step`` is illegal now, a :class:`Refusal` (its ``code`` and
        facts; ``str()`` gives the words); None when it is legal."""
        no = self._no
        if not isinstance(step, tuple) or len(step) != 2:
            return no("not-a-step", given=repr(step))
        verb, arg = step
        if verb not in (PLACE, "pass", "swap"):
            return no("unknown-step", verb=verb)
        if verb == PLACE and arg not in self.board:
            return no("not-a-plot", given=repr(arg))
        if self.over:
            return no("game-over")
        ph = self.phase
        if verb == "swap":
            if ph != "swap":
                return no("swap-not-now")
            return None if arg is None else no("takes-nothing", verb=verb)
        if verb == "pass":
            if ph == "opening":
                return no("opening-no-pass")
            return None if arg is None else no("takes-nothing", verb=verb)
        return self.placement_refusal(arg, self.to_move)

    def placement_refusal(self, i: int, mover: int) -> Refusal | None:
        """Why ``mover`` may not place on plot i now: a :class:`Refusal`, or None."""
        b = self.board
        nm = b.name(i)
        c = self.cells[i]
        if c:
            return self._no("occupied", cell=nm, piece=piece_name(c))
        if not self.placeable_mask() >> i & 1:
            return self._no("no-region", cell=nm)
        if self.superko and not self.legal_placements(mover) >> i & 1:
            return self._no("place-repeats", cell=nm)
        return None

    # ------------------------------------------------------------ apply
    def _do(self, step: EngineStep) -> None:
        verb, arg = step
        self._ver += 1
        saved = (self.to_move, self.phase, self.passes, self.swapped, self.over,
                 self.end_reason)
        mover = self.to_move
        undo = rep = None
        if verb == PLACE:
            undo = self._place(arg, mover)
            rep = (self.occ, bytes(self.cells), self.occ.bit_count())
            self.reps.add(*rep)
            self.passes = 0
            self.phase = "swap" if self.phase == "opening" else "turn"
            self.to_move = 1 - mover
            if not self.placeable_mask():
                self._finish(Termination.NO_PLACEMENT)
        elif verb == "pass":
            self.passes += 1
            self.phase = "turn"
            self.to_move = 1 - mover
            if self.end_on_double_pass and self.passes >= PASSES_TO_END:
                self._finish(Termination.PASSES)
        elif verb == "swap":
            self.swapped = not self.swapped
            self.phase = "turn"
        else:  # pragma: no cover - refusal() screens verbs
            raise IllegalStep(f"unknown Hedu step {verb!r}", step)
        self.turns.append([step])
        self._undo.append((step, saved, undo, rep))

    def _undo_one(self) -> EngineStep:
        step, saved, undo, rep = self._undo.pop()
        self._ver += 1
        if undo is not None:
            self._revert(undo)
        if rep is not None:
            self.reps.remove(*rep)
        self.turns.pop()
        (self.to_move, self.phase, self.passes, self.swapped, self.over,
         self.end_reason) = saved
        return step

    def last_effects(self) -> list[Effect] | None:
        """The effects of the last step if it was a placement (the log of
        :meth:`preview`), else None."""
        if self._undo and self._undo[-1][2] is not None:
            return list(self._undo[-1][2][0])
        return None

    # ---------------------------------------------------- groups, control
    def groups(self) -> list[Group]:
        """Every group as (colour, height, bitboard, size), in plot order."""
        by_code: dict[int, int] = {}
        cells = self.cells
        for i in iter_bits(self.occ):
            c = cells[i]
            by_code[c] = by_code.get(c, 0) | (1 << i)
        out: list[tuple[int, int, int, int]] = []
        for c, m in by_code.items():
            for g, _ in self._components(m):
                out.append((c & 1, c >> 1, g, g.bit_count()))
        out.sort(key=lambda t: t[2] & -t[2])
        return out

    @staticmethod
    def group_key(pairs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
        """A list of (height, size) pairs sorted largest first."""
        return sorted(pairs, reverse=True)

    @staticmethod
    def deciding_entry(black: Sequence[tuple[int, int]], white: Sequence[tuple[int, int]]
                       ) -> tuple[int, int, tuple[int, int], tuple[int, int]] | None:
        """Where :meth:`compare` decides: ``(k, colour, black's entry k,
        white's entry k)`` for the first entry k where the two lists differ
        (a missing entry is (0, 0)), or None when they are identical."""
        winner = HeduState.compare(black, white)
        if winner is None:
            return None
        n = max(len(black), len(white))
        a = list(black) + [(0, 0)] * (n - len(black))
        b = list(white) + [(0, 0)] * (n - len(white))
        k = next(k for k in range(n) if a[k] != b[k])
        return k, winner, a[k], b[k]

    @staticmethod
    def prisoners_taken(colour: int, before: int, after: int) -> tuple[int, int]:
        """Who gains the pieces taken off a stack of ``colour`` reduced from
        height ``before`` to ``after`` (docs/rules.md 3: the other colour),
        and how many: ``(colour, n)``."""
        return 1 - colour, before - after

    @staticmethod
    def compare(black: Sequence[tuple[int, int]], white: Sequence[tuple[int, int]]) -> int | None:
        """Which of two (height, size) lists, sorted largest first, is
        greater (a missing entry counts as (0, 0)): 0, 1 or None if identical."""
        n = max(len(black), len(white))
        a = list(black) + [(0, 0)] * (n - len(black))
        b = list(white) + [(0, 0)] * (n - len(white))
        if a > b:
            return BLACK
        if b > a:
            return WHITE
        return None

    def control(self, groups: list[Group] | None = None) -> list[dict[str, Any]]:
        """Every region with its control: a list, ordered by first cell, of
        dicts {"region": bitboard, "lists": (black pairs, white pairs),
        "controller": 0, 1 or None, "value": int}. The value is the height of
        the controller's highest adjacent group (0 when nobody controls)."""
        if groups is None:
            groups = self.groups()
        out: list[dict[str, Any]] = []
        for r, d in sorted(self.region_list(), key=lambda t: t[0] & -t[0]):
            near = d & self.occ
            pairs: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
            for colour, h, g, size in groups:
                if g & near:
                    pairs[colour].append((h, size))
            lists = (self.group_key(pairs[0]), self.group_key(pairs[1]))
            ctrl = self.compare(*lists)
            value = lists[ctrl][0][0] if ctrl is not None else 0
            out.append({"region": r, "lists": lists, "controller": ctrl, "value": value})
        return out

    # ------------------------------------------------------------ score
    def score(self) -> dict[str, dict[str, Any]]:
        """The board scored as if the game ended now, with its breakdown."""
        groups = self.groups()
        ctl = self.control(groups)
        by_colour: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        for colour, h, _g, size in groups:
            by_colour[colour].append((h, size))
        all_pairs = (self.group_key(by_colour[0]), self.group_key(by_colour[1]))
        best = self.compare(*all_pairs)
        out: dict[str, dict[str, Any]] = {}
        for colour in (BLACK, WHITE):
            mine = [e for e in ctl if e["controller"] == colour]
            part: dict[str, Any] = {
                "regions": sum(e["value"] for e in mine),
                "controlled_regions": len(mine),
                "prisoners": self.prisoners[colour],
                "groups": all_pairs[colour],
                "largest_groups_bonus": HALF_POINT if best == colour else 0,
            }
            part["total"] = part["regions"] + part["prisoners"] + part["largest_groups_bonus"]
            out[COLOURS[colour]] = part
        return out

    # ------------------------------------------------------- notation
    def parse(self, text: str) -> Step:
        """A step from its docs/notation.md string; IllegalStep when unreadable."""
        words = parse_words(text)
        verb = words[0]
        if verb in ("plant", "sow"):
            raise IllegalStep(self._no("dendria-plant", verb=verb))
        if verb in DENDRIA_ONLY:
            raise IllegalStep(self._no("dendria-verb", verb=verb))
        if verb not in (PLACE, "pass", "swap"):
            raise IllegalStep(self._no("unknown-verb", verb=verb))
        step = Step.parse(text, self.board)
        return self._t.place_steps[step[1]] if step[0] == PLACE else step

    def piece_name(self, i: int) -> Piece | None:
        return piece_name(self.cells[i])

    @staticmethod
    def code_name(code: int) -> Piece | None:
        return piece_name(code)

    def group_at(self, i: int) -> int:
        """The group (bitboard: one colour, one height) holding the stack on
        i; 0 for an empty plot."""
        c = self.cells[i]
        if not c:
            return 0
        same = 0
        cells = self.cells
        for j in iter_bits(self.occ):
            if cells[j] == c:
                same |= 1 << j
        return self.board.group(1 << i, same)

    # ------------------------------------------- what the last steps did
    def _changes_of(self, rec: tuple[Any, ...]) -> list[tuple[int, int, int]]:
        return [] if rec[2] is None else [(j, old, new) for j, old, new, _ in rec[2][0]]

    def _cells_of(self, rec: tuple[Any, ...]) -> list[int]:
        return [j for j, _, _ in self._changes_of(rec)]


State = HeduState

"""The Dendria engine: classic and sprites editions, every option of docs/rules.md.

Every rule of Dendria lives in this file. The widget, the explanations, the
tutorials, the computer players and ``analyze`` all ask this engine.

Representation: ``cells`` is a bytearray indexed by cell id holding a piece
code (0 empty, ``1 + 3 * colour + kind``); ``bb[code]`` is the bitboard of
that piece; ``occ`` all pieces; ``z`` the Zobrist hash of the board.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable

from ..geometry import iter_bits
from .base import (END, HALF_POINT, MAJORITY_POINT, PASS, PASSES_TO_END, SWAP, EngineState,
                   EngineStep, Repetitions, StepsByCell, leafiness, zobrist_table)
from ..checks import brief
from ..errors import BadPosition, IllegalStep
from ..notation import DENDRIA_CELL_VERBS, DENDRIA_VERBS, Piece, Step, parse_words
from .outcome import Termination

if TYPE_CHECKING:  # for the type hints only
    from ..geometry import Board
    from .options import Rules
    from .refusal import Refusal

DARK, LIGHT = 0, 1
SEED, TREE, DENDRID = 0, 1, 2
COLOURS = ("dark", "light")
#: the smallest komi (RULES 2.4: a whole number of points ``0..komi_max``)
KOMI_MIN = 0
KINDS = ("seed", "tree", "dendrid")
GROUP_WORDS = ("seedbed", "forest", "host")

#: The board as the repetition table records it: (Zobrist key, cells, piece
#: count, ((colour, key without its dendrids) for dark and light)).
BoardRecord = tuple[int, bytes, int, tuple[tuple[int, int], tuple[int, int]]]
#: What a step changed: (cell id, code before) or (group, code before, code after).
Change = tuple[int, ...]
#: The state's scalars that a step may change (saved by every step for undo).
Scalars = tuple[int, str, int, bool, int | None, bool, int, bool, int, int, int, int, bool,
                int, int, int, bool, Termination | None]
#: The undo record of a step: (step, scalars before, changes, board recorded
#: by an end or None, whether the step closed a turn).
Record = tuple[EngineStep, Scalars, list[Change], BoardRecord | None, bool]
#: A turn in progress, as the dead-end memo knows it (see ``_can_finish``).
FinKey = tuple[bytes, str, int, int, int, bool, bool, int, int, int, bool, bool]


def code_of(colour: int, kind: int) -> int:
    return 1 + 3 * colour + kind


COLOUR_OF = (-1, 0, 0, 0, 1, 1, 1)
KIND_OF = (-1, 0, 1, 2, 0, 1, 2)
PIECE_NAMES = (None,) + tuple(Piece(c, k) for c in COLOURS for k in KINDS)  # by code
CELL_VERBS = DENDRIA_CELL_VERBS


def parse_piece(text: object) -> int:
    """'dark seed' -> code; 'sprite' is a synonym of 'dendrid'."""
    if isinstance(text, str):
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] in COLOURS:
            kind = "dendrid" if words[1] == "sprite" else words[1]
            if kind in KINDS:
                return code_of(COLOURS.index(words[0]), KINDS.index(kind))
    raise BadPosition(f"unknown piece {brief(text)} (a piece is like 'dark seed', "
                      "'light tree' or 'dark dendrid')")


@lru_cache(maxsize=None)
def _step_table(board: Board) -> dict[str, tuple[Step, ...]]:
    return {verb: tuple(Step(verb, i, board) for i in range(board.area)) for verb in CELL_VERBS}


@lru_cache(maxsize=None)
def _lister(board: Board, verb: str) -> StepsByCell:
    return StepsByCell(_step_table(board)[verb])


@lru_cache(maxsize=None)
def _sight_table(board: Board) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per direction d of the three-lane fill in ``DendriaState._sight``:
    (d, its shift, the hexes at the edge behind d raised to the hungry lane,
    the plots whose ray against d holds a plot, the hexes at the edge
    against d)."""
    top = 2 * board.lane_width
    out: list[tuple[int, int, int, int, int]] = []
    for d in range(6):
        od = (d + 3) % 6
        out.append((d, board.shifts[d], board.term_masks[od] << top,
                    board.ray_nonempty[od], board.term_masks[od]))
    return tuple(out)


class Boards(Repetitions):
    """The recorded boards, and of each the key it would have without the
    dark dendrids and without the light ones. A move that only slides the
    mover's dendrids keeps that key, so when no recorded board shares it,
    no such move can repeat a board (one look-up for every dendrid)."""

    __slots__ = ("without",)

    def __init__(self) -> None:
        super().__init__()
        self.without: dict[tuple[int, int], int] = {}   # (colour, key without its dendrids) -> how many boards

    def add(self, h: int, board_bytes: bytes, count: int,
            without: Iterable[tuple[int, int]] = ()) -> None:
        super().add(h, board_bytes, count)
        for k in without:
            self.without[k] = self.without.get(k, 0) + 1

    def remove(self, h: int, board_bytes: bytes, count: int,
               without: Iterable[tuple[int, int]] = ()) -> None:
        super().remove(h, board_bytes, count)
        for k in without:
            n = self.without[k] - 1
            if n:
                self.without[k] = n
            else:
                del self.without[k]


SIDE_STEPS = (Step("side", DARK), Step("side", LIGHT))


def step_table(board: Board) -> dict[str, tuple[Step, ...]]:
    """Shared step tuples per board and verb: ``table["plant"][i]``."""
    return _step_table(board)


class _Memo:
    """Facts that depend only on the board's occupancy (and the state's
    options): hungry plots by occupancy, fertilization by (occupancy,
    dendrids of a colour), the dendrids a group sees, and of a group its cell
    ids and the Zobrist change of converting it. Searches come back to the same boards again and
    again, so many are kept; clones share them (a fact never goes stale)."""

    SIZE = 20000
    __slots__ = ("hungry", "fert", "ids", "gz", "sight")

    def __init__(self) -> None:
        self.hungry: dict[int, int] = {}
        self.fert: dict[tuple[int, int], tuple[int, int]] = {}
        self.ids: dict[int, tuple[int, ...]] = {}   # group (bitboard) -> its cell ids
        self.gz: dict[tuple[int, int, int], int] = {}    # (group, old code, new code) -> the Zobrist change
        self.sight: dict[tuple[int, int, int, int], tuple[int, int]] = {}  # (group, occupancy, dark and light dendrids) -> dendrids seen


class DendriaState(EngineState):
    """A Dendria game in progress (both editions): steps, ``legal()``,
    ``refusal()``, ``apply()`` and ``undo()`` as :class:`.base.EngineState` says."""

    COLOURS = COLOURS

    def __init__(self, rules: Rules, position: dict[str, Any] | None = None) -> None:
        self.rules = rules
        b = self.board = rules.board
        o = rules.options
        self.touching = o["edge_sight"] == "touching"
        self.sow_apart = o["sowing"] == "non-touching"
        self.grow_after_plant = o["grow_after_plant"] == "planted"
        # the options' values as the rules checked them (bools, a whole number or None)
        self.sprout_on_move: bool = rules.sprout_on_move
        self.convert_at_start: bool = rules.convert_at_start
        self.capture_unprotected = o["capture"] == "unprotected"
        self.enclosed_sight = o["enclosed_groups"] == "sight"
        self.sprite_capture: bool = rules.sprite_capture
        self.power_rule: bool = rules.power_rule
        self.superko = o["superko"] == "positional"
        self.move_limit: int | None = rules.dendrid_move_limit
        self.opening: str = rules.opening
        self.komi_max: int = b.n_plots if o["komi_max"] is None else rules.komi_max
        self.leafiness = o["scoring"] == "leafiness"
        self.Z = zobrist_table(b.area, 7)
        self._steps = step_table(b)

        self.cells = bytearray(b.area)
        self.bb = [0] * 7
        self.occ = 0
        self.z = 0
        self.zd = [0, 0]    # the Zobrist part of each colour's dendrids
        self.to_move = DARK
        self.komi = 0
        self.swapped = False       # pie swap: the players exchanged colours
        self.second_side: int | None = None    # komi-pie: the colour the second player took
        self.phase = "turn"
        self.opening_turn = False
        self.planted = -1
        self.grew = False
        self.jid = -1
        self.jdir = -1
        self.jstart = -1
        self.slides = 0
        self.jcapt = False
        self.trees0 = 0
        self.passes = 0
        self.dmoves = 0
        self.over = False
        self.end_reason = None
        self.turns = []      # finished turns, each a list of steps
        self.current = []    # the steps of the turn in progress
        self._undo: list[Record] = []
        self._memo = _Memo()  # board facts by occupancy (shared by clones)
        self._tcache: tuple[int, int] = (-1, 0)
        self.reps = Boards()
        # turn states -> can the turn still end legally (exact memo); valid
        # for one set of recorded boards: an end records one, so the memo is
        # put aside, and given back when that end is taken back
        self._fin: dict[FinKey, bool] = {}
        self._fin_saved: list[dict[FinKey, bool]] = []   # the memos put aside, the latest last
        if position is None:
            self.phase = {"pie": "opening", "komi-pie": "komi", "none": "turn"}[self.opening]
        else:
            for i, c in position["cells"].items():
                self._put(i, c)
            self.to_move = position.get("to_move", DARK)
            self.komi = position.get("komi", 0)
        self.initial_turn = self.phase
        self.reps.add(*self._record())

    # ------------------------------------------------------------ board
    def _put(self, i: int, c: int) -> int:
        cells = self.cells
        old = cells[i]
        bit = 1 << i
        if old:
            self.bb[old] ^= bit
            self.occ ^= bit
            z = self.Z[i][old]
            self.z ^= z
            if old % 3 == 0:   # a dendrid (codes 3 and 6)
                self.zd[old // 6] ^= z
        if c:
            self.bb[c] |= bit
            self.occ |= bit
            z = self.Z[i][c]
            self.z ^= z
            if c % 3 == 0:
                self.zd[c // 6] ^= z
        cells[i] = c
        return old

    def _record(self) -> BoardRecord:
        """The board as the repetition table records it."""
        z, zd = self.z, self.zd
        return (z, bytes(self.cells), self.occ.bit_count(),
                ((DARK, z ^ zd[DARK]), (LIGHT, z ^ zd[LIGHT])))

    def _convert(self, g: int, old: int, new: int) -> None:
        """Turn every piece of group g (all of code ``old``) into ``new``."""
        self.bb[old] &= ~g
        self.bb[new] |= g
        self.z ^= self._group_z(g, old, new)
        cells = self.cells
        for i in self._group_ids(g):
            cells[i] = new

    def _group_ids(self, g: int) -> tuple[int, ...]:
        """The cell ids of a group (bitboard), memoized: groups recur."""
        memo = self._memo.ids
        got = memo.get(g)
        if got is None:
            if len(memo) > _Memo.SIZE:
                memo.clear()
            got = memo[g] = tuple(iter_bits(g))
        return got

    def _group_z(self, g: int, old: int, new: int) -> int:
        """The Zobrist change of turning group g from code ``old`` to ``new``."""
        key = (g, old, new)
        memo = self._memo.gz
        got = memo.get(key)
        if got is None:
            Z = self.Z
            got = 0
            for i in self._group_ids(g):
                got ^= Z[i][old] ^ Z[i][new]
            if len(memo) > _Memo.SIZE:
                memo.clear()
            memo[key] = got
        return got

    def pieces_of(self, colour: int, kind: int) -> int:
        return self.bb[code_of(colour, kind)]

    def colour_mask(self, colour: int) -> int:
        k = 1 + 3 * colour
        return self.bb[k] | self.bb[k + 1] | self.bb[k + 2]

    # ------------------------------------------------------------ sight
    def hungry_mask(self) -> int:
        """Plots (any occupancy) that would be hungry as seeds."""
        got = self._memo.hungry.get(self.occ)
        if got is None:
            got = self._sight()[0]
        return got

    def fertilized(self) -> tuple[int, int]:
        """(dark, light): bitboards of empty plots fertilized by each colour."""
        return (self.fertilized_by(DARK), self.fertilized_by(LIGHT))

    def fertilized_by(self, colour: int) -> int:
        """Empty plots seen by a dendrid of ``colour`` (cached per board)."""
        return self._fert(colour)[0]

    def _fert(self, colour: int) -> tuple[int, int]:
        """(soils fertilized by ``colour``, pieces touching an empty plot not
        fertilized by ``colour``), cached per occupancy and dendrids."""
        got = self._memo.fert.get((self.occ, self.bb[3 + 3 * colour]))
        if got is None:
            _, dark_facts, light_facts = self._sight()
            got = light_facts if colour else dark_facts
        return got

    def _sight(self) -> tuple[int, tuple[int, int], tuple[int, int]]:
        """What the lines of this board show, all at once: (hungry plots,
        _fert(DARK), _fert(LIGHT)), kept in the memos that hungry_mask() and
        _fert() read (they depend on the occupancy and the dendrids only).

        One bitboard fill per direction carries three lanes, the board's
        ``lane_width`` bits apart: light spreading from the dark dendrids, from the light
        ones, and back from the edge (a plot whose ray in the opposite
        direction is open to the edge would be a hungry seed)."""
        b = self.board
        occ = self.occ
        w = b.lane_width
        empty = b.plot_mask & ~occ
        open1 = empty | b.lagoon_mask
        open3 = open1 | open1 << w | open1 << (w + w)
        dark, light = self.bb[3], self.bb[6]
        dendrids = dark | light << w
        fill = b.fill
        seen = 0
        hungry = 0
        top = w + w   # the hungry lane
        for d, s, edge_hi, roots, edge in _sight_table(b):
            lit = fill((dendrids << s if s > 0 else dendrids >> -s) | edge_hi, open3, d)
            seen |= lit
            back = lit >> top   # the hungry lane, one step on: a ray open to the edge
            back = back << s if s > 0 else back >> -s
            if self.touching:
                hungry |= back | edge
            else:
                hungry |= back & roots
        hungry &= b.plot_mask
        f_dark = seen & empty
        f_light = seen >> w & empty
        # pieces next to a soil a colour does not fertilize: both colours in one dilation
        x = b.spread((empty & ~f_dark) | (empty & ~f_light) << w, occ | occ << w)
        dark_facts = (f_dark, x & occ)
        light_facts = (f_light, x >> w)
        memo = self._memo
        if len(memo.fert) > _Memo.SIZE:
            memo.fert.clear()
        if len(memo.hungry) > _Memo.SIZE:
            memo.hungry.clear()
        memo.hungry[occ] = hungry
        memo.fert[(occ, dark)] = dark_facts
        memo.fert[(occ, light)] = light_facts
        return hungry, dark_facts, light_facts

    def _fert_after_sprout(self, dendrids: int, s: int, colour: int) -> None:
        """After ``colour`` sprouted the seed on s (the occupancy is the
        same, one more dendrid), the colour's _fert facts follow from those
        of its ``dendrids`` before, when known: the new dendrid's light
        along its six rays to the first piece is added, and the pieces
        touching a soil still unfed are found again (no three-lane fill)."""
        memo = self._memo
        occ = self.occ
        before = memo.fert.get((occ, dendrids))
        if before is None:
            return
        b = self.board
        fed = before[0] | self.lit_by(s)
        x = b.dilate(b.plot_mask & ~occ & ~fed) & occ
        if len(memo.fert) > _Memo.SIZE:
            memo.fert.clear()
        memo.fert[(occ, self.bb[3 + 3 * colour])] = (fed, x)

    def lit_by(self, p: int) -> int:
        """The empty plots a dendrid on p fertilizes (a bitboard): along each
        of its six rays, every plot before the first piece."""
        cells = self.cells
        lit = 0
        for ray in self.board.rays[p]:
            for j in ray:
                if cells[j]:
                    break
                lit |= 1 << j
        return lit

    def touching_empty(self) -> int:
        """Pieces next to at least one empty plot (groups with fertile soil)."""
        occ = self.occ
        if self._tcache[0] != occ:
            b = self.board
            self._tcache = (occ, b.dilate(b.plot_mask & ~occ) & occ)
        return self._tcache[1]

    def nourishers(self, i: int) -> tuple[int, ...]:
        """Cells of the nourishers of (a seed on) plot i, one per root."""
        return self.board.first_pieces(i, self.occ)

    def roots(self, i: int) -> list[tuple[int, int, int]]:
        """Every root of plot i as (direction, nourisher or -1, empty plots between).

        Directions whose ray holds no plot are roots only under
        ``edge_sight "touching"`` (and then they see the edge)."""
        out: list[tuple[int, int, int]] = []
        b = self.board
        for d in range(6):
            ray = b.rays[i][d]
            if not ray and not self.touching:
                continue
            n = 0
            nour = -1
            for j in ray:
                if self.cells[j]:
                    nour = j
                    break
                n += 1
            out.append((d, nour, n))
        return out

    def is_hungry(self, i: int) -> bool:
        return bool(self.hungry_mask() >> i & 1)

    def sprout_counts(self, i: int, mover: int) -> tuple[int, int]:
        """(mover's nourishers, opponent's nourishers) of plot i."""
        seen = self.board.first_pieces_mask(i, self.occ)
        mine = (seen & self.colour_mask(mover)).bit_count()
        return mine, seen.bit_count() - mine

    def sprout_refusal(self, i: int, mover: int) -> Refusal | None:
        """Why ``mover`` could not sprout the piece on plot i on this board
        (judged as during a move), a :class:`Refusal`; None when it could."""
        nm = self.board.name(i)
        c = self.cells[i]
        if KIND_OF[c] != SEED:
            return self._no("no-seed-to-sprout", cell=nm, piece=PIECE_NAMES[c] if c else None)
        if self.hungry_mask() >> i & 1:
            return self._no("hungry", cell=nm)
        mine, theirs = self.sprout_counts(i, mover)
        if mine <= theirs:
            return self._no("outnumbered", cell=nm, colour=COLOURS[mover],
                            other=COLOURS[1 - mover], mine=mine, theirs=theirs)
        return None

    # ----------------------------------------------------------- groups
    def groups(self, colour: int, kind: int) -> tuple[int, ...]:
        return self.board.components(self.bb[code_of(colour, kind)])

    def fertile(self, group: int) -> int:
        """Empty plots adjacent to a group (its fertile soils / liberties)."""
        return self.board.dilate(group) & ~self.occ

    def group_sight(self, group: int) -> int:
        """Distinct pieces a group sees (docs/rules.md 2.2, enclosed groups):
        the first piece on each ray of each member, its own members left out
        (a bitboard)."""
        seen = 0
        occ = self.occ
        seen_by = self.board.first_pieces_mask
        for m in self._group_ids(group):
            seen |= seen_by(m, occ)
        return seen & ~group

    def seen_dendrids(self, group: int) -> tuple[int, int]:
        """(dark, light) counts of distinct dendrids the group sees
        (memoized by the group, the occupancy and the dendrids)."""
        d0, d1 = self.bb[3], self.bb[6]
        key = (group, self.occ, d0, d1)
        memo = self._memo.sight
        got = memo.get(key)
        if got is None:
            seen = self.group_sight(group)
            got = ((seen & d0).bit_count(), (seen & d1).bit_count())
            if len(memo) > _Memo.SIZE:
                memo.clear()
            memo[key] = got
        return got

    def _held(self, group: int, colour: int, enclosed_never: bool, te: int,
              unfed: int) -> bool:
        """docs/rules.md 2.2's test shared by growth and protection: every fertile
        soil of the group is fertilized by ``colour``; a group with no fertile
        soil sees strictly more of ``colour``'s dendrids than of the other's
        (``enclosed_groups "sight"``), else ``enclosed_never`` is the answer.
        ``te`` is :meth:`touching_empty`, ``unfed`` ``_fert(colour)[1]``
        (asked once by callers that test many groups)."""
        if group & te:
            return not group & unfed
        if not self.enclosed_sight:
            return enclosed_never
        seen = self.seen_dendrids(group)
        return seen[colour] > seen[1 - colour]

    def growable(self, group: int, mover: int) -> bool:
        """May ``mover`` grow this seedbed (docs/rules.md 2.2)?"""
        return self._held(group, mover, False, self.touching_empty(), self._fert(mover)[1])

    def protected(self, forest: int, owner: int) -> bool:
        """Is a forest protected (sprites capture rule)? Enclosed forests
        under ``enclosed_groups "never"`` count as protected: they never
        change hands."""
        return self._held(forest, owner, True, self.touching_empty(), self._fert(owner)[1])

    def capturable(self, forest: int, mover: int) -> bool:
        """May ``mover`` capture this enemy forest (option ``capture``)?"""
        return self._capturable(forest, mover, self.touching_empty(),
                                self._fert(mover)[1], self._fert(1 - mover)[1])

    def _capturable(self, forest: int, mover: int, te: int, unfed_mover: int,
                    unfed_owner: int) -> bool:
        """:meth:`capturable` with the board's masks given (see :meth:`_held`)."""
        if self.capture_unprotected:
            return not self._held(forest, 1 - mover, True, te, unfed_owner)
        return bool(forest & te) and not forest & unfed_mover and bool(forest & unfed_owner)

    # ------------------------------------------------------- placements
    def sowing_clash(self, i: int, mover: int) -> tuple[int, int] | None:
        """For sowing non-touching: a pair of touching friendly neighbours, or None."""
        b = self.board
        friends = b.nbr_masks[i] & self.colour_mask(mover)
        for f in iter_bits(friends):
            other = b.nbr_masks[f] & friends
            if other:
                return f, (other & -other).bit_length() - 1
        return None

    def placement_mask(self, mover: int) -> int:
        """Empty plots where ``mover`` may plant now (hungry, sowing rule),
        before the repetition check."""
        m = self.hungry_mask() & ~self.occ
        if self.sow_apart and m:
            b = self.board
            own = self.colour_mask(mover)
            for i in iter_bits(m):
                friends = b.nbr_masks[i] & own
                if friends & (friends - 1):
                    for f in iter_bits(friends):
                        if b.nbr_masks[f] & friends:
                            m &= ~(1 << i)
                            break
        return m

    def placement_refusal(self, i: int, mover: int) -> Refusal | None:
        """Why ``mover`` could not plant (sow) on plot i if a turn began now
        on this board, a :class:`Refusal`; None when it could."""
        b = self.board
        nm = b.name(i)
        c = self.cells[i]
        if c:
            return self._no("occupied", cell=nm, piece=PIECE_NAMES[c])
        if not self.hungry_mask() >> i & 1:
            return self._no("not-hungry", cell=nm, nourishers=tuple(b.names(self.nourishers(i))))
        if self.sow_apart:
            clash = self.sowing_clash(i, mover)
            if clash:
                return self._no("sowing-clash", cell=nm,
                                pair=(b.name(clash[0]), b.name(clash[1])))
        if self.superko and self.reps.has_count(self.occ.bit_count() + 1):
            if not self._plant_finishable(i, 1 + 3 * mover):
                return self._no("plant-repeats", cell=nm)
        return None

    def legal_placements(self, mover: int) -> int:
        """Plots where ``mover`` could plant if a turn began now (all rules)."""
        m = self.placement_mask(mover)
        if self.superko and self.reps.has_count(self.occ.bit_count() + 1):
            keep = 0
            c = 1 + 3 * mover
            for i in iter_bits(m):
                if self._plant_finishable(i, c):
                    keep |= 1 << i
            m = keep
        return m

    def _plant_finishable(self, i: int, c: int) -> bool:
        self._put(i, c)
        try:
            if not self.reps.seen(self.z, bytes(self.cells)):
                return True
        finally:
            self._put(i, 0)
        return self._finishable_after(self._steps["plant"][i])

    # ---------------------------------------------------------- journeys
    def stops(self, p: int, d: int, mover: int) -> list[tuple[int, bool]]:
        """Cells where a dendrid of ``mover`` on p may stop sliding in
        direction d, nearest first, as (cell, lands on an enemy dendrid).

        The line passes empty plots, seeds and the mover's dendrids (and
        lagoons); the first tree or enemy dendrid ends it, and an enemy
        dendrid there is a stop too under ``sprite_capture``. (A plain walk:
        rays are short, and it beats a bitboard version here.)"""
        out: list[tuple[int, bool]] = []
        cells = self.cells
        own_d = 3 + 3 * mover
        for j in self.board.rays[p][d]:
            c = cells[j]
            if not c:
                out.append((j, False))
            elif KIND_OF[c] == SEED or c == own_d:
                continue
            else:
                if KIND_OF[c] == DENDRID and self.sprite_capture:
                    out.append((j, True))
                break
        return out

    def slide_targets(self, p: int, mover: int, direction: int | None = None) -> dict[int, int]:
        """{cell: direction} one slide of the dendrid on p could reach."""
        dirs = range(6) if direction is None or direction < 0 else (direction,)
        return {j: d for d in dirs for j, _ in self.stops(p, d, mover)}

    def _mover_trees(self) -> int:
        return self.bb[2 + 3 * self.to_move].bit_count()

    def _moves_sure(self, dendrids: int) -> int:
        """The mover's dendrids (of bitboard ``dendrids``) that surely have a
        legal journey, by :meth:`_move_finishable`'s first test done for all
        at once: without the power rule, a slide to an empty neighbour ends
        the turn on a board not seen before (no board with as many pieces
        was seen, or its Zobrist key never was)."""
        if self.power_rule:
            return 0
        b = self.board
        near = dendrids & b.dilate(b.plot_mask & ~self.occ)
        if not self.superko or not near or not self.reps.has_count(self.occ.bit_count()):
            return near
        mover = self.to_move
        n = self.reps.without.get((mover, self.z ^ self.zd[mover]), 0)
        if n == 0 or n == 1 and self.reps.seen(self.z, bytes(self.cells)):
            # no recorded board but this one differs from it in the mover's
            # dendrids only: no slide without a capture repeats a board
            return near
        c = 3 + 3 * mover
        Z = self.Z
        z = self.z
        maybe_seen = self.reps.maybe_seen
        nbr = b.nbr_masks
        free = ~self.occ
        sure = 0
        m = near
        while m:
            low = m & -m
            p = low.bit_length() - 1
            z0 = z ^ Z[p][c]
            empty = nbr[p] & free
            while empty:
                e = empty & -empty
                if not maybe_seen(z0 ^ Z[e.bit_length() - 1][c]):
                    sure |= low
                    break
                empty ^= e
            m ^= low
        return sure

    def _moves_by_gain(self, dendrids: int) -> int:
        """The mover's dendrids (of bitboard ``dendrids``) that surely have a
        legal journey under the power rule when conversions are open from
        the start: move, a grow or capture (it gains a tree), one slide to
        a board not seen before, end. The move step changes nothing on the
        board, so the conversions open after it are the same whichever
        dendrid moves: they are listed once, each played once, and every
        dendrid's slides tried after it by Zobrist key."""
        move = self._steps["move"]
        self._do(move[(dendrids & -dendrids).bit_length() - 1])
        try:
            gains = self._mid_gains()
            if not gains:
                return 0
            mover = self.to_move
            c = 3 + 3 * mover
            Z = self.Z
            maybe_seen = self.reps.maybe_seen
            stops = self.stops
            found = 0
            for g in gains:
                self._do(g)
                try:
                    if self._mover_trees() <= self.trees0:
                        continue
                    z = self.z
                    rest = dendrids & ~found
                    while rest:
                        low = rest & -rest
                        p = low.bit_length() - 1
                        zp = z ^ Z[p][c]
                        for d in range(6):
                            for j, capt in stops(p, d, mover):
                                zj = zp ^ Z[j][c]
                                if capt:
                                    zj ^= Z[j][self.cells[j]]
                                if not maybe_seen(zj):
                                    found |= low
                                    break
                            if found & low:
                                break
                        rest ^= low
                finally:
                    self._undo_one()
                if found == dendrids:
                    break
            return found
        finally:
            self._undo_one()

    def _move_finishable(self, p: int) -> bool:
        mover = self.to_move
        c = 3 + 3 * mover
        Z = self.Z
        z0 = self.z ^ Z[p][c]
        power = self.board.power
        p0 = power[p]
        maybe_seen = self.reps.maybe_seen
        if not self.power_rule:
            # fast path: an empty neighbour is always a stop
            empty = self.board.nbr_masks[p] & ~self.occ
            while empty:
                low = empty & -empty
                if not self.superko or not maybe_seen(z0 ^ Z[low.bit_length() - 1][c]):
                    return True
                empty ^= low
        stuck = True
        for d in range(6):
            for j, capt in self.stops(p, d, mover):
                stuck = False
                if self.power_rule and power[j] >= p0:
                    continue
                z = z0 ^ Z[j][c]
                if capt:
                    z ^= Z[j][self.cells[j]]
                if not self.superko or not maybe_seen(z):
                    return True
        if stuck:
            # no slide at all: conversions never open one (see _hope)
            return False
        self._do(self._steps["move"][p])
        # no stop lowers the power here: the sound bound first, as many such
        # journeys can gain no tree either
        ok = self._hope() and self._can_finish()
        self._undo_one()
        return ok

    # ------------------------------------------------------ turn ending
    def repeated(self) -> bool:
        """Would ending the turn now repeat an earlier board?"""
        return (self.superko and self.reps.maybe_seen(self.z)
                and self.reps.seen(self.z, bytes(self.cells)))

    def power_ok(self) -> bool:
        if not self.power_rule or self.jid < 0:
            return True
        power = self.board.power
        return power[self.jid] < power[self.jstart] or self._mover_trees() > self.trees0

    def end_refusal(self) -> Refusal | None:
        if self.phase == "move":
            if self.slides == 0:
                return self._no("no-slide-yet")
            if not self.power_ok():
                b = self.board
                return self._no("power-rule", start=b.name(self.jstart),
                                start_power=b.power[self.jstart], at=b.name(self.jid),
                                power=b.power[self.jid])
        elif self.phase != "plant":
            return self._no("no-turn-to-end")
        if self.repeated():
            return self._no("repeats-board")
        return None

    def _end_ok(self) -> bool:
        ph = self.phase
        if ph == "move":
            if self.slides == 0 or not self.power_ok():
                return False
        elif ph != "plant":
            return False
        return not self.repeated()

    def conversions_open(self) -> bool:
        return self.phase == "move" and (self.slides > 0 or self.convert_at_start)

    def _raw_mid(self) -> list[Step]:
        """Mid-turn steps other than end, before the no-dead-end rule:
        slides, then sprouts, grows and captures."""
        if self.phase == "plant":
            if self.opening_turn:
                return []
            return self._mid_sprouts() + self._mid_gains()
        if self.phase != "move":
            return []
        return self._mid_slides() + self._mid_sprouts() + self._mid_gains()

    def _mid_slides(self) -> list[Step]:
        if self.phase != "move" or self.jcapt:
            return []
        slide = self._steps["slide"]
        dirs = range(6) if self.jdir < 0 else (self.jdir,)
        return [slide[j] for d in dirs for j, _ in self.stops(self.jid, d, self.to_move)]

    def _mid_sprouts(self) -> list[Step]:
        if self.phase == "move" and not (self.sprout_on_move and self.conversions_open()):
            return []
        sprout = self._steps["sprout"]
        return [sprout[s] for s in self._sprout_cells(self.to_move)]

    def _mid_gains(self) -> list[Step]:
        """Grow and capture steps open now (they gain the mover trees)."""
        mover = self.to_move
        out: list[Step] = []
        if self.phase == "plant":
            if self.grow_after_plant and not self.grew and self.planted >= 0:
                c = self.cells[self.planted]
                if KIND_OF[c] == SEED:
                    g = self.group_of(self.planted)
                    if self.growable(g, mover):
                        out.append(self._steps["grow"][self.planted])
            return out
        if not self.conversions_open():
            return out
        grow, capture = self._steps["grow"], self._steps["capture"]
        # Cheap necessary conditions first (the full test follows): a seedbed
        # with a fertile soil grows only if it has a piece touching an empty
        # plot and none touching one the mover does not fertilize, an enclosed
        # one only under enclosed_groups "sight"; a forest is taken only if a
        # piece touches a soil its owner does not fertilize (or, sprites
        # capture rule, it is enclosed under "sight").
        te = self.touching_empty()
        enclosed = ~te if self.enclosed_sight else 0
        unfed_mover = self._fert(mover)[1]
        may_grow = (te & ~unfed_mover) | enclosed
        components = self.board.components
        held = self._held
        for colour in (DARK, LIGHT):
            seeds = self.bb[1 + 3 * colour]
            if seeds & may_grow:
                for g in components(seeds):
                    if g & may_grow and held(g, mover, False, te, unfed_mover):
                        out.append(grow[(g & -g).bit_length() - 1])
        forests = self.bb[2 + 3 * (1 - mover)]
        unfed_owner = self._fert(1 - mover)[1]
        may_fall = (te & unfed_owner) | (enclosed if self.capture_unprotected else 0)
        if forests & may_fall:
            capturable = self._capturable
            for g in components(forests):
                if g & may_fall and capturable(g, mover, te, unfed_mover, unfed_owner):
                    out.append(capture[(g & -g).bit_length() - 1])
        return out

    def _sprout_cells(self, mover: int) -> list[int]:
        """The seeds ``mover`` may sprout on this board: the batch form of
        :meth:`sprout_refusal` (nourished, strictly more of the mover's
        nourishers), inlined because every journey step asks it."""
        seeds = (self.bb[1] | self.bb[4]) & ~self.hungry_mask()
        out: list[int] = []
        if not seeds:
            return out
        own = self.colour_mask(mover)
        occ = self.occ
        seen_by = self.board.first_pieces_mask
        while seeds:
            low = seeds & -seeds
            s = low.bit_length() - 1
            seen = seen_by(s, occ)
            if 2 * (seen & own).bit_count() > seen.bit_count():   # mine > theirs
                out.append(s)
            seeds ^= low
        return out

    def _can_finish(self) -> bool:
        """Can the turn in progress still reach a legal end? An exact search
        over the steps of this turn, with cheap answers first: a step after
        which the turn can end at once, then tree-gaining steps, slides and
        sprouts; and a sound bound (``_hope``) that cuts hopeless branches."""
        if self._end_ok():
            return True
        key: FinKey = (bytes(self.cells), self.phase, self.to_move, self.jid, self.jdir, self.jcapt,
               self.slides > 0, self.jstart, self.trees0, self.planted, self.grew,
               self.opening_turn)
        memo = self._fin
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) > 200000:
            memo.clear()
        memo[key] = ok = self._search_finish()
        return ok

    def _search_finish(self) -> bool:
        # cheapest first: a slide after which the turn can end at once
        slides = self._mid_slides()
        for st in slides:
            if self._ends_right_after(st):
                return True
        gains = self._mid_gains()
        for st in gains:
            if self._ends_right_after(st):
                return True
        sprouts = self._mid_sprouts()
        for st in sprouts:
            if self._ends_right_after(st):
                return True
        # the bound only prunes the deeper search (it costs more than the
        # one-step tests above, which often answer first); with a gain at
        # hand it would seldom prune, and the gain is tried first
        if not gains and not self._hope():
            return False
        for st in gains + slides:
            self._do(st)
            ok = self._can_finish()
            self._undo_one()
            if ok:
                return True
        if not sprouts:
            return False
        if (self.phase == "move" and self.power_rule
                and self._mover_trees() <= self.trees0):
            # sprouts can only help by leading to a grow or capture: decide
            # that directly rather than trying every set of sprouts
            decided = self._decide_gain()
            if decided is not None:
                return decided
        for st in sprouts:
            self._do(st)
            ok = self._can_finish()
            self._undo_one()
            if ok:
                return True
        return False

    def _decide_gain(self) -> bool | None:
        """Decide, without trying every set of sprouts, whether a journey
        that must still gain a tree (power rule, no lower-power stop ahead)
        can end legally. True/False, or None to leave it to the full search.

        Why it is exact: sprouting only adds the mover's dendrids (more
        fertilized soils, more of the mover's nourishers, more of the mover's
        dendrids seen), so a seed once able to sprout stays able and the most
        sprouting reachable is unique. Captures of forests with fertile soils
        do not depend on sprouts. A seedbed with a fertile soil that could
        grow holds a seed u with an empty neighbour; sprouting all that can be
        sprouted but u leaves u's seedbed as small and the mover's
        fertilization as large as they can be, so if any seedbed holding u can
        grow, that one can. An enclosed seedbed G (enclosed_groups "sight")
        sees the same pieces whatever else sprouts, so sprouting all but G is
        its best chance; such G are tried one by one while they are few.
        Every witness is checked by playing it."""
        mover = self.to_move
        power = self.board.power
        p0 = power[self.jstart]
        paths: list[tuple[int, ...]] = []
        if self.jcapt:
            paths.append(())
        else:
            for d in (range(6) if self.jdir < 0 else (self.jdir,)):
                path = tuple(j for j, _ in self.stops(self.jid, d, mover))
                if any(power[j] < p0 for j in path):
                    return None
                paths.append(path)
        if not paths:
            paths.append(())
        undecided = False
        for path in paths:
            found, sprouted, enclosed = self._gain_on_path(path, 0)
            if found:
                return True
            undecided |= found is None
            keep = [1 << u for u in sorted(sprouted)]
            if enclosed:
                sets = self._connected_subsets(enclosed, limit=64)
                if sets is None:
                    undecided = True
                else:
                    keep += sets
            for g in keep:
                found, _, _ = self._gain_on_path(path, g)
                if found:
                    return True
                undecided |= found is None
        return None if undecided else False

    def _connected_subsets(self, members: int, limit: int) -> list[int] | None:
        """Every connected same-colour set of seeds within ``members``
        (a bitboard), or None when there are more than ``limit``."""
        nbr = self.board.nbr_masks
        cells = self.cells
        out: set[int] = set()
        todo = [1 << i for i in iter_bits(members)]
        while todo:
            g = todo.pop()
            if g in out:
                continue
            out.add(g)
            if len(out) > limit:
                return None
            colour = cells[(g & -g).bit_length() - 1]
            around = 0
            for i in iter_bits(g):
                around |= nbr[i]
            for j in iter_bits(around & members & ~g):
                if cells[j] == colour:
                    todo.append(g | 1 << j)
        return sorted(out)

    def _gain_on_path(self, path: tuple[int, ...], keep: int) -> tuple[bool | None, set[int], int]:
        """Slide along ``path``; at every stop sprout all that can be sprouted
        except the seeds of bitboard ``keep``, and look for a grow or capture
        after which the turn can end. Returns (True, or False, or None when
        unsure; the cells sprouted; the seeds found with no empty neighbour
        at some stop, when enclosed seedbeds may grow)."""
        mover = self.to_move
        slide, sprout = self._steps["slide"], self._steps["sprout"]
        done = 0
        result: bool | None = False
        sprouted: set[int] = set()
        enclosed = 0
        try:
            for y in (None,) + path:
                if y is not None:
                    self._do(slide[y])
                    done += 1
                if not self.conversions_open():
                    continue
                if self.enclosed_sight:
                    enclosed |= (self.bb[1] | self.bb[4]) & ~self.touching_empty()
                if self.sprout_on_move:
                    while True:
                        fresh = [c for c in self._sprout_cells(mover) if not keep >> c & 1]
                        if not fresh:
                            break
                        for c in fresh:
                            self._do(sprout[c])
                            done += 1
                            sprouted.add(c)
                gains = self._mid_gains()
                for g in gains:
                    self._do(g)
                    ok = self._can_finish()
                    self._undo_one()
                    if ok:
                        return True, sprouted, enclosed
                if gains:
                    result = None
        finally:
            for _ in range(done):
                self._undo_one()
        return result, sprouted, enclosed

    def _hope(self) -> bool:
        """False only when no legal end can follow (a sound over-approximation
        of the power rule): during a journey that must still gain a tree,
        neither a lower-power stop nor any grow or capture is within reach."""
        if self.phase != "move":
            return True
        if self.slides == 0 and not any(self.stops(self.jid, d, self.to_move)
                                        for d in range(6)):
            # conversions never empty a plot nor remove a tree or an enemy
            # dendrid, so no slide will ever open up: a move needs one
            return False
        if not self.power_rule or self._mover_trees() > self.trees0:
            return True
        b = self.board
        power = b.power
        p0 = power[self.jstart]
        mover = self.to_move
        var = 1 << self.jid
        capt = 0
        if not self.jcapt:
            dirs = range(6) if self.jdir < 0 else (self.jdir,)
            for d in dirs:
                for y, c in self.stops(self.jid, d, mover):
                    if power[y] < p0:
                        return True
                    var |= 1 << y
                    if c:
                        capt |= 1 << y
        # cells whose emptiness this journey may change: where the dendrid is, and its stops
        empty = b.plot_mask & ~self.occ
        empty_max = empty | var
        empty_min = empty & ~var
        dilate, fill, shift = b.dilate, b.fill, b.shift
        # the most the mover could fertilize: every seed sprouted, the dendrid anywhere
        seeds = self.bb[1] | self.bb[4]
        open_max = empty_max | b.lagoon_mask
        src = self.bb[3 + 3 * mover] | seeds | var
        f_max = 0
        for d in range(6):
            f_max |= fill(shift(src, d) & open_max, open_max, d)
        f_max &= empty_max
        good = seeds & ~(dilate(empty_min & ~f_max))
        if good & dilate(empty_max) or (self.enclosed_sight and good):
            return True
        # the least the owner could fertilize, for captures
        owner = 1 - mover
        forests = self.bb[2 + 3 * owner]
        if not forests:
            return False
        open_min = empty_min | b.lagoon_mask
        dsrc = self.bb[3 + 3 * owner] & ~capt
        f_min = 0
        if dsrc:
            for d in range(6):
                f_min |= fill(shift(dsrc, d) & open_min, open_min, d)
        f_min &= empty_min
        if self.capture_unprotected:
            if dilate(empty_max & ~f_min) & forests:
                return True
            return bool(self.enclosed_sight and forests & ~dilate(empty_max))
        for g in b.components(forests):
            near = dilate(g)
            if near & empty_max and not (near & empty_min & ~f_max) and near & empty_max & ~f_min:
                return True
        return False

    def group_of(self, i: int) -> int:
        """The group (bitboard) holding the piece on i; 0 for an empty plot."""
        c = self.cells[i]
        if not c:
            return 0
        b = self.board
        members = self.bb[c]
        split = b._components.get(members)   # already split: look it up
        if split is not None:
            for g in split:
                if g >> i & 1:
                    return g
        return b.group(1 << i, members)

    group_at = group_of

    def _ends_right_after(self, step: EngineStep) -> bool:
        """Fast sufficient test: could the turn end legally right after this
        mid-turn step? (Zobrist look-up; no board change.) False means
        'not sure', and the full search decides."""
        verb, arg = step
        Z = self.Z
        z = self.z
        mover = self.to_move
        if self.phase == "move":
            if verb == "slide":
                if self.power_rule:
                    power = self.board.power
                    if (power[arg] >= power[self.jstart]
                            and self.bb[2 + 3 * mover].bit_count() <= self.trees0):
                        return False
                if not self.superko:
                    return True
                p = self.jid
                c = self.cells[p]
                z ^= Z[p][c] ^ Z[arg][c]
                old = self.cells[arg]
                if old:
                    z ^= Z[arg][old]
                return not self.reps.maybe_seen(z)
            if self.slides == 0:
                return False
        gained = 0
        if verb == "sprout":
            z ^= Z[arg][self.cells[arg]] ^ Z[arg][3 + 3 * mover]
        else:  # grow, capture
            new = 2 + 3 * mover
            g = self.group_of(arg)
            gained = g.bit_count()
            z ^= self._group_z(g, self.cells[arg], new)
        if self.phase == "move" and self.power_rule:
            power = self.board.power
            if (power[self.jid] >= power[self.jstart]
                    and self.bb[2 + 3 * mover].bit_count() + gained <= self.trees0):
                return False
        return not self.superko or not self.reps.maybe_seen(z)

    def _slides_then_capture(self, steps: list[Step]) -> set[Step] | tuple[()]:
        """The slides of ``steps`` (the mid-turn steps open now) that surely
        can be followed by a legal end, found together (power rule,
        capture "unprotected"): slide, capture a forest open to capture now,
        end (the capture gains a tree). The slide moves one of the mover's
        dendrids: the owner's light only gains where the vacated cell opens a
        line, so a soil of the forest the owner does not fertilize now, off
        the lines through the dendrid and not the slide's stop, is still
        unfed after the slide, and the forest still open to capture (asked
        of _capturable on those facts). Each end is checked by Zobrist key."""
        caps = [st for st in steps if st[0] == "capture"]
        if not caps:
            return ()
        mover = self.to_move
        b = self.board
        p = self.jid
        off = b.plot_mask & ~self.occ & ~self._fert(1 - mover)[0] & ~b.line_masks[p]
        new = 2 + 3 * mover
        cells = self.cells
        witnesses: list[tuple[int, int, int]] = []   # (soils unfed after any slide but onto them, Zobrist change of the capture)
        for st in caps:
            f = self.group_of(st[1])
            unfed = b.dilate(f) & off
            if unfed:
                witnesses.append((f, unfed, self._group_z(f, cells[st[1]], new)))
        if not witnesses:
            return ()
        Z = self.Z
        c = cells[p]
        z0 = self.z ^ Z[p][c]
        maybe_seen = self.reps.maybe_seen
        dilate = b.dilate
        sure: set[Step] = set()
        for st in steps:
            if st[0] != "slide":
                continue
            j = st[1]
            z = z0 ^ Z[j][c]
            if cells[j]:
                z ^= Z[j][cells[j]]
            for f, unfed, zf in witnesses:
                soils = unfed & ~(1 << j)
                if soils and not maybe_seen(z ^ zf):
                    near = dilate(soils) & f
                    if self._capturable(f, mover, near, 0, near):
                        sure.add(st)
                        break
        return sure

    def _finishable_after(self, step: EngineStep) -> bool:
        self._do(step)
        ok = self._can_finish()
        self._undo_one()
        return ok

    # ------------------------------------------------------------ legal
    def legal(self) -> list[Step]:
        """Every legal step now, as (verb, arg) tuples."""
        if self.over:
            return []
        ph = self.phase
        mover = self.to_move
        if ph in ("turn", "swap"):
            b = self.board
            out = _lister(b, "plant").extend([], self.legal_placements(mover))
            m = self.bb[3 + 3 * mover]
            if m:
                ok = self._moves_sure(m)
                rest = m & ~ok
                if rest and self.power_rule and self.convert_at_start:
                    ok |= self._moves_by_gain(rest)
                    rest &= ~ok
                while rest:
                    low = rest & -rest
                    if self._move_finishable(low.bit_length() - 1):
                        ok |= low
                    rest ^= low
                _lister(b, "move").extend(out, ok)
            out.append(PASS)
            if ph == "swap":
                out.append(SWAP)
            return out
        if ph == "plant" or ph == "move":
            raw = self._raw_mid()
            sure = (self._slides_then_capture(raw)
                    if ph == "move" and self.power_rule and self.capture_unprotected else ())
            out = [st for st in raw
                   if self._ends_right_after(st) or st in sure or self._finishable_after(st)]
            if self._end_ok():
                out.append(END)
            return out
        if ph == "opening":
            empty = self.board.plot_mask & ~self.occ
            plant = self._steps["plant"]
            return [plant[i] for i in iter_bits(empty)]
        if ph == "komi":
            return [Step("komi", k) for k in range(KOMI_MIN, self.komi_max + 1)]
        if ph == "side":
            return list(SIDE_STEPS)
        return []

    # ---------------------------------------------------------- refusal
    def refusal(self, step: EngineStep) -> Refusal | None:
        """Why ``step`` is illegal now, a :class:`Refusal` (its ``code`` and
        facts; ``str()`` gives the edition's words); None when it is legal."""
        verb, arg = step
        b = self.board
        mover = self.to_move
        me = COLOURS[mover]
        ph = self.phase
        no = self._no
        if self.over:
            return no("game-over")
        if verb in CELL_VERBS and arg not in b:
            return no("not-a-plot", given=repr(arg))
        nm = b.name(arg) if verb in CELL_VERBS else None
        if ph == "komi" and verb != "komi":
            return no("komi-first", komi_min=KOMI_MIN, komi_max=self.komi_max)
        if ph == "side" and verb != "side":
            return no("side-now")
        if verb == "komi":
            if ph != "komi":
                return no("komi-not-now")
            if not (isinstance(arg, int) and KOMI_MIN <= arg <= self.komi_max):
                return no("bad-komi", komi_min=KOMI_MIN, komi_max=self.komi_max)
            return None
        if verb == "side":
            if ph != "side":
                return no("side-not-now")
            return None if arg in (DARK, LIGHT) else no("bad-side")
        if verb == "swap":
            if ph != "swap":
                return no("swap-not-now")
            return None
        if ph == "opening" and verb != "plant":
            return no("opening-plant")
        if verb == "pass":
            if ph in ("turn", "swap"):
                return None
            if ph == "opening":
                return no("opening-no-pass")
            return no("pass-mid-turn")
        if verb == "plant":
            if ph not in ("turn", "swap", "opening"):
                return no("plant-not-first")
            if ph == "opening":
                c = self.cells[arg]
                return no("occupied", cell=nm, piece=PIECE_NAMES[c]) if c else None
            return self.placement_refusal(arg, mover)
        if verb == "move":
            if ph not in ("turn", "swap"):
                return no("move-not-first")
            c = self.cells[arg]
            if c != 3 + 3 * mover:
                return no("no-own-dendrid", cell=nm, colour=me,
                          piece=PIECE_NAMES[c] if c else None)
            if not any(self.stops(arg, d, mover) for d in range(6)):
                return no("stuck", cell=nm)
            if not self._move_finishable(arg):
                return no("no-journey-power" if self.power_rule else "no-journey-superko",
                          cell=nm)
            return None
        if verb == "end":
            return self.end_refusal()
        if ph not in ("plant", "move"):
            return no("not-in-turn", verb=verb)
        if self.opening_turn:
            return no("opening-one-seed")
        if verb == "slide":
            if ph != "move":
                return no("slide-no-journey")
            if self.jcapt:
                return no("slide-after-capture")
            targets = self.slide_targets(self.jid, mover, self.jdir)
            if arg not in targets:
                here = b.name(self.jid)
                if self.jdir >= 0 and b.line_direction(self.jid, arg) != self.jdir:
                    return no("off-line", cell=nm, at=here, direction=_DIR_WORDS[self.jdir])
                return self._slide_refusal(self.jid, arg, nm)
            return self._dead_end(step, nm)
        if verb == "sprout":
            if ph == "move" and not self.sprout_on_move:
                return no("no-sprout-on-move")
            if ph == "move" and not self.conversions_open():
                return no("conversions-later")
            return self.sprout_refusal(arg, mover) or self._dead_end(step, nm)
        if verb == "grow":
            c = self.cells[arg]
            if KIND_OF[c] != SEED:
                return no("no-seedbed", cell=nm)
            g = self.board.group(1 << arg, self.bb[c])
            if ph == "plant":
                if not self.grow_after_plant:
                    return no("no-grow-after-plant")
                if self.grew:
                    return no("one-grow")
                if self.planted < 0 or not g >> self.planted & 1:
                    return no("grow-other-seedbed")
            elif not self.conversions_open():
                return no("conversions-later")
            if not self.growable(g, mover):
                return self.grow_refusal(g, mover, nm)
            return self._dead_end(step, nm)
        if verb == "capture":
            if ph != "move":
                return no("capture-not-now")
            if not self.conversions_open():
                return no("conversions-later")
            c = self.cells[arg]
            if c != code_of(1 - mover, TREE):
                return no("no-enemy-tree", cell=nm)
            g = self.board.group(1 << arg, self.bb[c])
            if not self.capturable(g, mover):
                return self.capture_refusal(g, mover, nm)
            return self._dead_end(step, nm)
        return no("unknown-step", verb=verb)

    def _dead_end(self, step: EngineStep, nm: str | None) -> Refusal | None:
        if self._finishable_after(step):
            return None
        return self._no("dead-end", verb=step[0], cell=nm)

    def _slide_refusal(self, p: int, target: int, nm: str | None) -> Refusal:
        b = self.board
        at = b.name(p)
        line = b.line_direction(p, target)
        if line is None:
            return self._no("not-straight", cell=nm, at=at)
        c = self.cells[target]
        if c and not (KIND_OF[c] == DENDRID and COLOUR_OF[c] != self.to_move):
            return self._no("stop-not-empty", cell=nm, piece=PIECE_NAMES[c])
        for j in b.rays[p][line]:
            if j == target:
                break
            cj = self.cells[j]
            if cj and (KIND_OF[cj] == TREE or
                       (KIND_OF[cj] == DENDRID and COLOUR_OF[cj] != self.to_move)):
                return self._no("way-blocked", cell=nm, blocker=b.name(j),
                                piece=PIECE_NAMES[cj])
        if c:
            return self._no("no-sprite-capture", cell=nm)
        return self._no("unreachable", cell=nm, at=at)

    def grow_refusal(self, g: int, mover: int, nm: str | None) -> Refusal:
        """Why ``mover`` may not grow the seedbed g (named by its cell nm): a
        :class:`Refusal`."""
        fert = self.fertile(g)
        if not fert:
            if not self.enclosed_sight:
                return self._no("enclosed-never", cell=nm, kind="seed")
            seen = self.seen_dendrids(g)
            return self._no("enclosed-outseen", cell=nm, kind="seed",
                            mine=seen[mover], theirs=seen[1 - mover])
        missing = fert & ~self.fertilized()[mover]
        return self._no("unfertilized", cell=nm, kind="seed",
                        soils=tuple(self.board.names(missing)))

    def capture_refusal(self, g: int, mover: int, nm: str | None) -> Refusal:
        """Why ``mover`` may not capture the enemy forest g (named by its cell
        nm): a :class:`Refusal`."""
        fert = self.fertile(g)
        if self.capture_unprotected:
            if not fert:
                if not self.enclosed_sight:
                    return self._no("enclosed-never", cell=nm, kind="tree")
                seen = self.seen_dendrids(g)
                return self._no("protected-enclosed", cell=nm, mine=seen[mover],
                                theirs=seen[1 - mover])
            return self._no("protected", cell=nm)
        if not fert:
            return self._no("enclosed-safe", cell=nm)
        missing = fert & ~self.fertilized()[mover]
        if missing:
            return self._no("unfertilized", cell=nm, kind="tree",
                            soils=tuple(self.board.names(missing)))
        return self._no("owner-fertilizes", cell=nm)

    # ------------------------------------------------------------ apply
    def _scalars(self) -> Scalars:
        return (self.to_move, self.phase, self.komi, self.swapped, self.second_side,
                self.opening_turn, self.planted, self.grew, self.jid, self.jdir,
                self.jstart, self.slides, self.jcapt, self.trees0, self.passes,
                self.dmoves, self.over, self.end_reason)

    def _do(self, step: EngineStep) -> None:
        verb, arg = step
        saved = self._scalars()
        changes: list[Change] = []
        rep: BoardRecord | None = None
        closed = False
        mover = self.to_move
        put = self._put
        if verb == "plant":
            changes.append((arg, put(arg, 1 + 3 * mover)))
            self.opening_turn = self.phase == "opening"
            self.phase = "plant"
            self.planted = arg
            self.grew = False
            self.trees0 = self._mover_trees()
            self.current.append(step)
        elif verb == "move":
            self.phase = "move"
            self.jid = self.jstart = arg
            self.jdir = -1
            self.slides = 0
            self.jcapt = False
            self.trees0 = self._mover_trees()
            self.current.append(step)
        elif verb == "slide":
            p = self.jid
            c = self.cells[p]
            d = self.jdir
            if d < 0:
                d = self.board.line_direction(p, arg)  # type: ignore[assignment]  # a slide's stop is on a line
            changes.append((p, put(p, 0)))
            old = put(arg, c)
            changes.append((arg, old))
            if old:
                self.jcapt = True
            self.jid = arg
            self.jdir = d
            self.slides += 1
            self.current.append(step)
        elif verb == "sprout":
            dendrids = self.bb[3 + 3 * mover]
            changes.append((arg, put(arg, 3 + 3 * mover)))
            self._fert_after_sprout(dendrids, arg, mover)
            self.current.append(step)
        elif verb == "grow" or verb == "capture":
            g = self.group_of(arg)
            old = self.cells[arg]
            self._convert(g, old, 2 + 3 * mover)
            changes.append((g, old, 2 + 3 * mover))
            if self.phase == "plant":
                self.grew = True
            self.current.append(step)
        elif verb == "end":
            was_move = self.phase == "move"
            self.current.append(step)
            self.turns.append(self.current)
            self.current = []
            closed = True
            rep = self._record()
            self.reps.add(*rep)
            self._set_aside_memo()
            self.passes = 0
            # the dendrid move limit counts the turns without a plant
            self.dmoves = self.dmoves + 1 if was_move else 0
            self.phase = "swap" if self.opening_turn else "turn"
            self._reset_turn()
            self.to_move = 1 - mover
            self._check_move_limit()
        elif verb == "pass":
            self.turns.append([step])
            closed = True
            self.passes += 1
            self.dmoves += 1   # a pass is a turn without a plant: it keeps the count
            self.phase = "turn"
            self.to_move = 1 - mover
            if self.passes >= PASSES_TO_END:
                self._finish(Termination.PASSES)
            else:
                self._check_move_limit()
        elif verb == "swap":
            self.turns.append([step])
            closed = True
            self.swapped = not self.swapped
            self.phase = "turn"
        elif verb == "komi":
            self.turns.append([step])
            closed = True
            self.komi = arg
            self.phase = "side"
            self.to_move = LIGHT
        elif verb == "side":
            self.turns.append([step])
            closed = True
            self.second_side = arg
            self.phase = "turn"
            self.to_move = DARK
        else:  # pragma: no cover - refusal() screens verbs
            raise IllegalStep(f"unknown step {verb!r}", step)
        self._undo.append((step, saved, changes, rep, closed))

    #: memos kept aside for the latest ends (older ones are dropped: an
    #: empty memo is always right, only slower)
    MEMOS_KEPT = 8

    def _set_aside_memo(self) -> None:
        """An end records a board: the dead-end memo of the turn, exact for
        the boards recorded before it, waits until that end is taken back
        (players that look ahead push and pop ends all the time)."""
        saved = self._fin_saved
        saved.append(self._fin)
        if len(saved) > self.MEMOS_KEPT:
            del saved[0]
        self._fin = {}

    def _check_move_limit(self) -> None:
        """docs/rules.md 2.3: 2 x L turns in a row without a plant (dendrid moves
        and passes) end the game as if both players had passed."""
        if self.move_limit is not None and self.dmoves >= 2 * self.move_limit:
            self._finish(Termination.MOVE_LIMIT)

    def _reset_turn(self) -> None:
        self.opening_turn = False
        self.planted = -1
        self.grew = False
        self.jid = self.jdir = self.jstart = -1
        self.slides = 0
        self.jcapt = False

    def _undo_one(self) -> EngineStep:
        step, saved, changes, rep, closed = self._undo.pop()
        for ch in reversed(changes):
            if len(ch) == 2:
                self._put(*ch)
            else:
                self._convert(ch[0], ch[2], ch[1])
        if rep is not None:
            self.reps.remove(*rep)
            self._fin = self._fin_saved.pop() if self._fin_saved else {}
        if closed:
            last = self.turns.pop()
            self.current = last[:-1] if last[-1] == END else []
        else:
            self.current.pop()
        (self.to_move, self.phase, self.komi, self.swapped, self.second_side,
         self.opening_turn, self.planted, self.grew, self.jid, self.jdir,
         self.jstart, self.slides, self.jcapt, self.trees0, self.passes,
         self.dmoves, self.over, self.end_reason) = saved
        return step

    # ------------------------------------------------------------ score
    def forest_sizes(self, colour: int) -> list[int]:
        return sorted((g.bit_count() for g in self.groups(colour, TREE)), reverse=True)

    def score(self) -> dict[str, dict[str, Any]]:
        """The board scored as if the game ended now, with its breakdown."""
        sizes = [self.forest_sizes(DARK), self.forest_sizes(LIGHT)]
        out: dict[str, dict[str, Any]] = {}
        for colour in (DARK, LIGHT):
            mine, theirs = sizes[colour], sizes[1 - colour]
            part: dict[str, Any] = {"forests": mine}
            if self.leafiness:
                part["leafiness"] = sum(leafiness(s) for s in mine)
                base = part["leafiness"]
            else:
                distinct = sorted(set(mine), reverse=True)
                part["distinct_sizes"] = sum(distinct)
                majority = [s for s in distinct if mine.count(s) > theirs.count(s)]
                part["majorities"] = majority
                base = part["distinct_sizes"] + MAJORITY_POINT * len(majority)
            n = max(len(mine), len(theirs))
            a = mine + [0] * (n - len(mine))
            bb = theirs + [0] * (n - len(theirs))
            part["largest_forests_bonus"] = HALF_POINT if a > bb else 0
            part["komi"] = self.komi if colour == LIGHT else 0
            part["total"] = base + part["largest_forests_bonus"] + part["komi"]
            out[COLOURS[colour]] = part
        return out

    # ------------------------------------------------------- notation
    def parse(self, text: str) -> Step:
        """A step from its docs/notation.md string; IllegalStep when unreadable."""
        words = parse_words(text)
        verb = words[0]
        if verb == "place":
            raise IllegalStep(self._no("hedu-verb", verb=verb))
        if verb not in DENDRIA_VERBS:
            raise IllegalStep(self._no("unknown-verb", verb=verb))
        step = Step.parse(text, self.board)
        verb, arg = step
        if verb in CELL_VERBS:
            return self._steps[verb][arg]   # the shared step: no new object
        return step

    def piece_name(self, i: int) -> Piece | None:
        c = self.cells[i]
        return PIECE_NAMES[c] if c else None

    @staticmethod
    def code_name(code: int) -> Piece | None:
        return PIECE_NAMES[code]

    # ------------------------------------------- what the last steps did
    def _changes_of(self, rec: tuple[Any, ...]) -> list[tuple[int, int, int]]:
        cells = self.cells
        out: list[tuple[int, int, int]] = []
        for ch in rec[2]:
            if len(ch) == 2:
                out.append((ch[0], ch[1], cells[ch[0]]))
            else:
                g, old, new = ch
                out.extend((i, old, new) for i in iter_bits(g))
        return out

    def _cells_of(self, rec: tuple[Any, ...]) -> list[int]:
        verb, arg = rec[0]
        out = [arg] if verb in CELL_VERBS else []
        for ch in rec[2]:
            if len(ch) == 2:
                out.append(ch[0])
            else:
                out.extend(iter_bits(ch[0]))
        return out

    def journey(self) -> tuple[int, int, int, int] | None:
        """(start, where the dendrid stands, direction or -1 before the
        first slide, slides so far) of the journey in progress, or None."""
        if self.phase != "move":
            return None
        return self.jstart, self.jid, self.jdir, self.slides


_DIR_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")

State = DendriaState

"""Hex boards: axial coordinates, plots, lagoons, names, rays and bitboards.

Conventions (docs/rules.md section 1): pointy-top hexes in horizontal rows, axial
coordinates ``(q, r)`` with q growing east and r growing south.

Every cell of the bounding box of a board gets an integer *id*, its bit in a
padded row-major grid (one spare column per row so that bit shifts never wrap
from one row into the next). Plots, lagoons and outside hexes all have ids;
sets of cells are Python ints used as bitboards. All tables (neighbours, rays,
ray masks, power, names) are computed once per board and shared: boards are
immutable and cached, so ``Board.hexagon(7) is Board.hexagon(7)``.
"""

from __future__ import annotations

import math
import numbers
import random as _random
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from .checks import brief, brief_first
from .errors import BadBoard, UnknownCell

# The six directions, counter-clockwise from east. Opposite of d is (d + 3) % 6.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: The short names of DIRECTIONS, in the same order (docs/rules.md 1).
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")

MODULE_OFFSETS = ((0, 0),) + DIRECTIONS
#: The largest hexagon side anything accepts (the API, records, the Rules
#: tab, the command line): chosen from measurements (README, "How large a
#: board"): at side 26 (1951 plots) a game is set up in about a second and its
#: picture saved in about ten seconds with half a gigabyte; beyond, the time
#: and memory grow about as the plots squared, to minutes and gigabytes at 60.
MAX_SIZE = 26
#: How many modules a modular board has, at least and at most.
MIN_MODULES, MAX_MODULES = 7, 19
#: Two modules are linked when at least this many cells of one touch the other.
MODULE_LINK = 2
#: How far from (0, 0) a module centre may lie, in q and in r (a modular
#: board has at most 19 modules, so a real one lies well inside).
MODULE_REACH = 1000


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of steps between two axial hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def iter_bits(bb: int) -> Iterator[int]:
    """Yield the ids of the set bits of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def row_letters(i: int) -> str:
    """Row name of row index i: a..z, then aa, ab, ..."""
    letters = ""
    i += 1
    while i > 0:
        i, rem = divmod(i - 1, 26)
        letters = chr(97 + rem) + letters
    return letters


class Board:
    """An immutable set of plots with every table the engines need.

    Build with :meth:`Board.hexagon` or :meth:`Board.modular`, or
    :meth:`Board.from_spec` with a docs/notation.md board dict.

    Useful attributes: ``plots`` (ids in name order: by row, then index),
    ``plot_mask`` (bitboard of plots), ``lagoon_mask``, ``neighbours[id]``
    (tuple of neighbouring plot ids), ``rays[id][d]`` (plot ids met walking
    from id in direction d, passing lagoons), ``ray_masks[id][d]``,
    ``power[id]``, ``nbr_masks[id]``.
    """

    def __init__(self, plots: Iterable[tuple[int, int]], spec: dict[str, Any]) -> None:
        cells = set(plots)
        if not cells:
            raise BadBoard("a board needs at least one plot")
        self.spec = spec
        self._components: dict[int, tuple[int, ...]] = {}
        qs = [q for q, _ in cells]
        rs = [r for _, r in cells]
        # one hex of margin all round, so that the outside surrounds the plots
        self.qmin, self.qmax = min(qs) - 1, max(qs) + 1
        self.rmin, self.rmax = min(rs) - 1, max(rs) + 1
        self.width = self.qmax - self.qmin + 1
        self.stride = self.width + 1  # spare column: shifts never wrap
        self.height = self.rmax - self.rmin + 1
        self.area = self.stride * self.height
        self.shifts = tuple(dq + dr * self.stride for dq, dr in DIRECTIONS)
        #: per direction: do its steps raise cell ids (a ray's nearest cell is then its lowest bit)
        self.positive = tuple(x > 0 for x in self.shifts)

        def hid(q: int, r: int) -> int:
            return (r - self.rmin) * self.stride + (q - self.qmin)

        # lagoons: non-plot hexes of the box that cannot reach the margin
        outside: set[tuple[int, int]] = set()
        frontier = [(q, r) for q in range(self.qmin, self.qmax + 1)
                    for r in (self.rmin, self.rmax)]
        frontier += [(q, r) for r in range(self.rmin, self.rmax + 1)
                     for q in (self.qmin, self.qmax)]
        while frontier:
            h = frontier.pop()
            if h in outside or h in cells:
                continue
            if not (self.qmin <= h[0] <= self.qmax and self.rmin <= h[1] <= self.rmax):
                continue
            outside.add(h)
            for dq, dr in DIRECTIONS:
                frontier.append((h[0] + dq, h[1] + dr))
        lagoons = {(q, r) for q in range(self.qmin, self.qmax + 1)
                   for r in range(self.rmin, self.rmax + 1)
                   if (q, r) not in cells and (q, r) not in outside}

        ordered = sorted(cells, key=lambda h: (h[1], h[0]))
        self.plots = tuple(hid(q, r) for q, r in ordered)
        self.lagoons = tuple(sorted(hid(q, r) for q, r in lagoons))
        self.n_plots = len(self.plots)
        self._axial = {hid(q, r): (q, r) for q, r in cells | lagoons}
        self._id_of = {h: i for i, h in self._axial.items()}
        self.plot_mask = 0
        for i in self.plots:
            self.plot_mask |= 1 << i
        self.lagoon_mask = 0
        for i in self.lagoons:
            self.lagoon_mask |= 1 << i
        self.is_plot = bytearray(self.area)
        for i in self.plots:
            self.is_plot[i] = 1

        # names: rows are the r values that hold a plot
        self._names: dict[int, str] = {}
        self._by_name: dict[str, int] = {}
        self.rows: list[tuple[int, ...]] = []
        row_keys = sorted({r for _, r in cells})
        for ri, r in enumerate(row_keys):
            letters = row_letters(ri)
            row = [hid(q, r) for q, rr in ordered if rr == r]
            self.rows.append(tuple(row))
            for k, i in enumerate(row, start=1):
                name = f"{letters}{k}"
                self._names[i] = name
                self._by_name[name] = i
        self.order = {i: k for k, i in enumerate(self.plots)}

        # neighbours and rays
        n = self.area
        self.neighbours: list[tuple[int, ...]] = [()] * n
        self.nbr_dir: list[tuple[int, ...]] = [(-1,) * 6] * n
        self.nbr_masks = [0] * n
        self.rays: list[tuple[tuple[int, ...], ...]] = [((),) * 6] * n
        self.ray_masks: list[tuple[int, ...]] = [(0,) * 6] * n
        self.power = [0] * n
        for i in self.plots:
            q, r = self._axial[i]
            nd: list[int] = []
            rays: list[tuple[int, ...]] = []
            masks: list[int] = []
            for dq, dr in DIRECTIONS:
                h = (q + dq, r + dr)
                nd.append(self._id_of[h] if h in cells else -1)
                ray: list[int] = []
                while h in cells or h in lagoons:
                    if h in cells:
                        ray.append(self._id_of[h])
                    h = (h[0] + dq, h[1] + dr)
                rays.append(tuple(ray))
                m = 0
                for j in ray:
                    m |= 1 << j
                masks.append(m)
            self.nbr_dir[i] = tuple(nd)
            self.neighbours[i] = tuple(j for j in nd if j >= 0)
            m = 0
            for j in self.neighbours[i]:
                m |= 1 << j
            self.nbr_masks[i] = m
            self.rays[i] = tuple(rays)
            self.ray_masks[i] = tuple(masks)
            self.power[i] = min(len(ray) for ray in rays)
        # direction masks: hexes (plots or lagoons) whose next hex in d is
        # outside; and plots whose ray in d holds at least one plot
        self.term_masks: list[int] = []
        self.ray_nonempty: list[int] = []
        for d, (dq, dr) in enumerate(DIRECTIONS):
            term = 0
            nonempty = 0
            for i, (q, r) in self._axial.items():
                h = (q + dq, r + dr)
                if h not in cells and h not in lagoons:
                    term |= 1 << i
                if i in self.order and self.rays[i][d]:
                    nonempty |= 1 << i
            self.term_masks.append(term)
            self.ray_nonempty.append(nonempty)
        # every plot on the six lines through a plot (the union of its rays)
        self.line_masks = [0] * n
        for i in self.plots:
            m = 0
            for x in self.ray_masks[i]:
                m |= x
            self.line_masks[i] = m
        self._seen: dict[tuple[int, int], tuple[int, ...]] = {}
        self._seen_mask: dict[tuple[int, int], int] = {}
        self._directions: dict[tuple[int, int], int | None] = {}
        # Lanes: several bitboards packed in one int, ``lane_width`` bits
        # apart, go through fill/dilate together. The gap above each lane
        # is wider than any shift fill() makes (its doubling stops once a
        # shift passes the longest line), so no bit crosses into a lane.
        # fill()'s k-th round shifts by 2**k steps, and it only runs while
        # some line holds 2**k open hexes in a row (no line inside the margin
        # is longer than the box is wide or high)
        longest = max(self.width, self.height) - 2
        doubled = 1
        while doubled + doubled <= longest:
            doubled += doubled
        self.lane_width = self.area + doubled * max(abs(x) for x in self.shifts)

    # ----------------------------------------------------------- builders
    @staticmethod
    def hexagon(size: int) -> Board:
        """The hexagon board of side ``size`` (>= 2): 3N(N-1)+1 plots."""
        if isinstance(size, bool) or not isinstance(size, int):
            raise BadBoard(f"board size must be a whole number, not {brief(size)}")
        if size < 2:
            raise BadBoard(f"board size must be at least 2, not {brief(size)}")
        if size > MAX_SIZE:
            raise BadBoard(f"board size must be at most {MAX_SIZE}, not {brief(size)}: a "
                           "larger board takes too long to set up and to draw")
        return _hexagon(size)

    @staticmethod
    def modular(centres: Sequence[Sequence[int]]) -> Board:
        """A modular board from a list of module centres ``[[q, r], ...]``.

        Raises :class:`BadBoard` naming the problem: wrong module count,
        overlapping modules, modules linked by fewer than two adjacent plots,
        or a link graph that is not connected.
        """
        if not isinstance(centres, (list, tuple)):
            raise BadBoard("modules must be a list of [q, r] pairs of whole numbers, "
                           f"not {brief(centres)}")
        key: list[tuple[int, int]] = []
        for c in centres:
            if (not isinstance(c, (list, tuple)) or len(c) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) for x in c)):
                raise BadBoard(f"a module centre is a [q, r] pair of whole numbers, not {brief(c)}")
            if not all(-MODULE_REACH <= x <= MODULE_REACH for x in c):
                raise BadBoard(f"a module centre's q and r lie from -{MODULE_REACH} to "
                               f"{MODULE_REACH}, not {brief(c)}")
            key.append((c[0], c[1]))
        return _modular(tuple(sorted(key)))

    @staticmethod
    def from_spec(spec: Board | dict[str, Any]) -> Board:
        """A board from a docs/notation.md dict: hexagon with size, or modular."""
        if isinstance(spec, Board):
            return spec
        if not isinstance(spec, dict):
            raise BadBoard(f"a board must be a dict like {{'shape': 'hexagon', 'size': 7}}, not {brief(spec)}")
        shape = spec.get("shape")
        if shape == "hexagon":
            extra = set(spec) - {"shape", "size"}
            if extra:
                raise BadBoard(f"unknown key {brief_first(extra)} in a hexagon board")
            if "size" not in spec:
                raise BadBoard("a hexagon board needs a 'size'")
            return Board.hexagon(spec["size"])
        if shape == "modular":
            extra = set(spec) - {"shape", "modules"}
            if extra:
                raise BadBoard(f"unknown key {brief_first(extra)} in a modular board")
            if "modules" not in spec or not isinstance(spec["modules"], (list, tuple)):
                raise BadBoard("a modular board needs 'modules', a list of [q, r] centres")
            return Board.modular(spec["modules"])
        raise BadBoard(f"unknown board shape {brief(shape)} (use 'hexagon' or 'modular')")

    # ------------------------------------------------------------- naming
    def name(self, i: int) -> str:
        """The docs/notation.md name of plot id ``i`` (e.g. 'g7')."""
        try:
            return self._names[i]
        except KeyError:
            raise UnknownCell(f"{brief(i)} is not a plot of this board") from None

    def cell(self, name: str) -> int:
        """The id of the plot called ``name``; raises UnknownCell naming it."""
        if isinstance(name, str):
            i = self._by_name.get(name.strip().lower())
            if i is not None:
                return i
            raise UnknownCell(f"there is no cell {brief(name)} on this board "
                              f"(cells run from {self.name(self.plots[0])} to "
                              f"{self.name(self.plots[-1])})")
        raise UnknownCell(f"a cell name must be a string like 'g7', not {brief(name)}")

    def has_name(self, name: object) -> bool:
        return isinstance(name, str) and name.strip().lower() in self._by_name

    def names(self, bb_or_ids: int | Iterable[int]) -> list[str]:
        """Sorted names (by row, then index) of a bitboard or iterable of ids."""
        ids = iter_bits(bb_or_ids) if isinstance(bb_or_ids, int) else bb_or_ids
        return [self._names[i] for i in sorted(ids, key=self.order.__getitem__)]

    def sort_key(self, i: int) -> int:
        return self.order[i]

    def axial(self, i: int) -> tuple[int, int]:
        """Axial (q, r) of a plot or lagoon id."""
        return self._axial[i]

    def id_at(self, q: int, r: int) -> int | None:
        """Id of the plot at axial (q, r), or None when it is not a plot."""
        i = self._id_of.get((q, r))
        return i if i is not None and self.is_plot[i] else None

    def __contains__(self, i: object) -> bool:
        return isinstance(i, int) and 0 <= i < self.area and bool(self.is_plot[i])

    def __len__(self) -> int:
        return self.n_plots

    def __repr__(self) -> str:
        if self.spec.get("shape") == "hexagon":
            return f"Board.hexagon({self.spec['size']})"
        return f"Board.modular({self.spec['modules']!r})"

    def first_pieces(self, i: int, occ: int) -> tuple[int, ...]:
        """The first occupied plot on each ray from plot i (the pieces it
        sees), in direction order, skipping rays with no piece. Memoized by
        the occupancy of the six lines through i."""
        key = (i, occ & self.line_masks[i])
        got = self._seen.get(key)
        if got is None:
            out: list[int] = []
            for d, m in enumerate(self.ray_masks[i]):
                m &= occ
                if m:
                    out.append((m & -m).bit_length() - 1 if self.shifts[d] > 0
                               else m.bit_length() - 1)
            if len(self._seen) > 200000:
                self._seen.clear()
            got = self._seen[key] = tuple(out)
        return got

    def first_pieces_mask(self, i: int, occ: int) -> int:
        """:meth:`first_pieces` as a bitboard (memoized likewise)."""
        key = (i, occ & self.line_masks[i])
        got = self._seen_mask.get(key)
        if got is None:
            got = 0
            for j in self.first_pieces(i, occ):
                got |= 1 << j
            if len(self._seen_mask) > 200000:
                self._seen_mask.clear()
            self._seen_mask[key] = got
        return got

    def line_direction(self, a: int, b: int) -> int | None:
        """The direction d such that b lies on the straight line from a (b
        != a), or None. Memoized."""
        key = (a, b)
        got = self._directions.get(key, -1)
        if got == -1:
            qa, ra = self.axial(a)
            qb, rb = self.axial(b)
            dq, dr = qb - qa, rb - ra
            k = max(abs(dq), abs(dr), abs(dq + dr))
            got = None
            for d, (x, y) in enumerate(DIRECTIONS):
                if k and (dq, dr) == (x * k, y * k):
                    got = d
                    break
            self._directions[key] = got
        return got

    # ---------------------------------------------------------- bitboards
    def shift(self, bb: int, d: int) -> int:
        """Move every hex of ``bb`` one step in direction d (unmasked)."""
        s = self.shifts[d]
        return bb << s if s > 0 else bb >> -s

    def dilate(self, bb: int) -> int:
        """Plots adjacent to (or in) ``bb`` (the six shifts written out:
        E/W 1, SW/NE stride - 1, SE/NW stride). :meth:`spread` with the
        plots as the mask, unrolled here as the engines call it most."""
        s = self.stride
        t = s - 1
        return (bb | bb << 1 | bb >> 1 | bb << t | bb >> t | bb << s | bb >> s) & self.plot_mask

    def spread(self, bb: int, mask: int) -> int:
        """``bb`` and every hex next to it, kept where ``mask`` has them.
        ``bb`` may hold several copies of the board side by side, each
        ``lane_width`` bits apart (the engines' lanes): each spreads alone."""
        s = self.stride
        t = s - 1
        return (bb | bb << 1 | bb >> 1 | bb << t | bb >> t | bb << s | bb >> s) & mask

    def around(self, bb: int) -> int:
        """Plots next to a hex of ``bb`` (a hex of ``bb`` itself only when
        it is next to another one)."""
        s = self.stride
        t = s - 1
        return (bb << 1 | bb >> 1 | bb << t | bb >> t | bb << s | bb >> s) & self.plot_mask

    def fill(self, gen: int, open_: int, d: int) -> int:
        """Hexes of ``open_`` reached from ``gen`` by repeated steps in d
        through ``open_`` (``gen`` itself included when in ``open_``).
        Kogge-Stone doubling: about log2(diameter) rounds."""
        s = self.shifts[d]
        gen &= open_
        pro = open_
        if s > 0:
            while pro:
                new = gen | (pro & (gen << s))
                if new == gen:
                    break
                gen = new
                pro &= pro << s
                s += s
        else:
            s = -s
            while pro:
                new = gen | (pro & (gen >> s))
                if new == gen:
                    break
                gen = new
                pro &= pro >> s
                s += s
        return gen

    def group(self, start_bb: int, members: int) -> int:
        """The 6-connected component(s) of ``members`` touching ``start_bb``."""
        g = start_bb & members
        s = self.stride
        t = s - 1
        while True:
            grown = (g | g << 1 | g >> 1 | g << t | g >> t | g << s | g >> s) & members
            if grown == g:
                return g
            g = grown

    def components(self, members: int) -> tuple[int, ...]:
        """Split a bitboard into its 6-connected groups (lowest id first).
        Memoized per board: the same set of pieces recurs constantly."""
        cache = self._components
        got = cache.get(members)
        if got is not None:
            return got
        out: list[int] = []
        rest = members
        while rest:
            low = rest & -rest
            g = self.group(low, members)
            out.append(g)
            rest &= ~g
        if len(cache) > 50000:
            cache.clear()
        got = cache[members] = tuple(out)
        return got


@lru_cache(maxsize=None)
def _hexagon(size: int) -> Board:
    n = size - 1
    plots = [(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1)
             if abs(q + r) <= n]
    return Board(plots, {"shape": "hexagon", "size": size})


@lru_cache(maxsize=256)
def _modular(centres: tuple[tuple[int, int], ...]) -> Board:
    count = len(centres)
    if not MIN_MODULES <= count <= MAX_MODULES:
        raise BadBoard(f"a modular board needs {MIN_MODULES} to {MAX_MODULES} modules, "
                       f"not {count}")
    if len(set(centres)) != count:
        dup = next(c for c in centres if centres.count(c) > 1)
        raise BadBoard(f"two modules have the same centre {list(dup)}: modules may not overlap")
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for c in centres:
        for dq, dr in MODULE_OFFSETS:
            h = (c[0] + dq, c[1] + dr)
            if h in cells:
                other = cells[h]
                raise BadBoard(f"modules at {list(other)} and {list(c)} overlap "
                               f"(both hold the hex {list(h)}): modules may not overlap")
            cells[h] = c
    # links: at least two cells of one adjacent to cells of the other
    links: dict[tuple[int, int], set[tuple[int, int]]] = {c: set() for c in centres}
    weak: list[tuple[tuple[int, int], tuple[int, int]]] = []  # pairs of modules that touch along one plot only
    for a in centres:
        for b in centres:
            if a >= b or hex_distance(a, b) > 5:
                continue
            touch = max(_touching(a, b, cells), _touching(b, a, cells))
            if touch >= MODULE_LINK:
                links[a].add(b)
                links[b].add(a)
            elif touch == 1:
                weak.append((a, b))
    seen = {centres[0]}
    stack = [centres[0]]
    while stack:
        for nb in links[stack.pop()]:
            if nb not in seen:
                seen.add(nb)
                stack.append(nb)
    if len(seen) != count:
        lost = sorted(set(centres) - seen)[0]
        for a, b in weak:
            if (a in seen) != (b in seen):
                raise BadBoard(f"the modules at {list(a)} and {list(b)} touch along only one "
                               "plot: linked modules need at least two adjacent plots, so the "
                               "modules are not all connected")
        if not links[lost]:
            raise BadBoard(f"the module at {list(lost)} touches no other module: the modules "
                           "must all be connected by links of at least two adjacent plots")
        raise BadBoard(f"the modules are not all connected: the module at {list(lost)} "
                       "cannot be reached through links of two or more adjacent plots")
    return Board(list(cells), {"shape": "modular",
                               "modules": [list(c) for c in centres]})


def _touching(a: tuple[int, int], b: tuple[int, int],
              cells: dict[tuple[int, int], tuple[int, int]]) -> int:
    """How many cells of module a are adjacent to a cell of module b."""
    count = 0
    for dq, dr in MODULE_OFFSETS:
        h = (a[0] + dq, a[1] + dr)
        if any(cells.get((h[0] + eq, h[1] + er)) == b for eq, er in DIRECTIONS):
            count += 1
    return count


def random_modular(count: int, seed: int = 0) -> Board:
    """A random valid modular board of ``count`` modules (seeded).

    Grown from a module at (0, 0): each new module takes a free place linked
    to a module already laid (centres three steps apart, off the straight
    lines, touch along two plots), drawn at random with weight 4 ** (number
    of modules it touches), so boards come out compact; holes left between
    modules are lagoons."""
    if isinstance(count, bool) or not isinstance(count, int) or not 7 <= count <= 19:
        raise BadBoard(f"a modular board needs 7 to 19 modules, not {brief(count)}")
    rng = _random.Random(seed)
    centres = [(0, 0)]
    used = set(MODULE_OFFSETS)
    while len(centres) < count:
        contacts: dict[tuple[int, int], int] = {}
        for c in centres:
            for dq, dr in _LINK_OFFSETS:
                n = (c[0] + dq, c[1] + dr)
                if n in contacts:
                    contacts[n] += 1
                elif not any((n[0] + a, n[1] + b) in used for a, b in MODULE_OFFSETS):
                    contacts[n] = 1
        places = sorted(contacts)
        n = rng.choices(places, [4 ** contacts[p] for p in places])[0]
        centres.append(n)
        used.update((n[0] + a, n[1] + b) for a, b in MODULE_OFFSETS)
    return Board.modular([list(c) for c in centres])


# offsets between module centres that make modules touch along two plots:
# distance 3, off the six straight lines
_LINK_OFFSETS = tuple(
    (q, r) for q in range(-3, 4) for r in range(-3, 4)
    if hex_distance((0, 0), (q, r)) == 3 and 0 not in (q, r, q + r))


class Layout:
    """Pixel layout of a board: pointy-top hexes of circumradius ``radius``.

    ``center(i)`` gives the pixel centre of a cell id; ``cell_at(x, y)``
    the plot under a pixel (or None), by cube rounding.
    """

    SQRT3 = math.sqrt(3.0)

    def __init__(self, board: Board, radius: float = 20.0, margin: float | None = None) -> None:
        self.board = board
        self.radius = float(radius)
        self.margin = self.radius * 1.6 if margin is None else float(margin)
        xs: list[float] = []
        ys: list[float] = []
        for i in board.plots:
            x, y = self._raw(*board.axial(i))
            xs.append(x)
            ys.append(y)
        half_w = self.SQRT3 / 2 * self.radius
        self.ox = self.margin + half_w - min(xs)
        self.oy = self.margin + self.radius - min(ys)
        self.width = max(xs) - min(xs) + 2 * half_w + 2 * self.margin
        self.height = max(ys) - min(ys) + 2 * self.radius + 2 * self.margin

    def _raw(self, q: float, r: float) -> tuple[float, float]:
        return self.radius * self.SQRT3 * (q + r / 2.0), self.radius * 1.5 * r

    def hex_to_pixel(self, q: float, r: float) -> tuple[float, float]:
        x, y = self._raw(q, r)
        return x + self.ox, y + self.oy

    def center(self, i: int) -> tuple[float, float]:
        return self.hex_to_pixel(*self.board.axial(i))

    def corners(self, i: int, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.center(i)
        rad = self.radius * scale
        return [(cx + rad * math.cos(math.radians(60 * k - 30)),
                 cy + rad * math.sin(math.radians(60 * k - 30))) for k in range(6)]

    def pixel_to_hex(self, x: float, y: float) -> tuple[int, int]:
        """Axial (q, r) of the hex under pixel (x, y), by cube rounding.

        Raises UnknownCell when (x, y) is not a point (NaN, infinite or
        too large coordinates, or not numbers)."""
        try:
            if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in (x, y)):
                raise TypeError
            fx = (float(x) - self.ox) / self.radius
            fy = (float(y) - self.oy) / self.radius
        except (TypeError, ValueError, OverflowError):
            fx = fy = math.nan
        fq = self.SQRT3 / 3 * fx - fy / 3
        fr = 2.0 / 3 * fy
        fs = -fq - fr
        if not (math.isfinite(fq) and math.isfinite(fr) and math.isfinite(fs)):
            raise UnknownCell(f"the pixel ({brief(x)}, {brief(y)}) is not a point of the "
                              "board's picture: a pixel is two finite numbers")
        q, r, s = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
        if dq > dr and dq > ds:
            q = -r - s
        elif dr > ds:
            r = -q - s
        return q, r

    def cell_at(self, x: float, y: float) -> int | None:
        """Plot id under pixel (x, y), or None off the board (a pixel that is
        not a point, e.g. NaN, is off the board too)."""
        try:
            q, r = self.pixel_to_hex(x, y)
        except UnknownCell:
            return None
        return self.board.id_at(q, r)

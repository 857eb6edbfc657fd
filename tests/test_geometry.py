"""Hex geometry (docs/rules.md section 1, docs/notation.md cells)."""

import math
import random

import pytest

from dendria_widget import BadBoard, Board, UnknownCell
from dendria_widget.geometry import DIRECTIONS, Layout, iter_bits

SIZES = range(2, 10)
# docs/rules.md 1: E, W, NE, NW, SE, SW as axial steps
E, W, NE, NW, SE, SW = (1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)


def hand_axial(n, name):
    """Axial (q, r) of a docs/notation.md name on the hexagon of side n, worked
    out independently: row letter k (a = 0) is r = k - (n - 1); a row starts
    at q = max(-(n-1), -(n-1) - r); the index counts from 1."""
    letter, index = name[0], int(name[1:])
    r = ord(letter) - ord("a") - (n - 1)
    qmin = max(-(n - 1), -(n - 1) - r)
    return qmin + index - 1, r


def test_plot_counts():
    for n in SIZES:
        assert len(Board.hexagon(n).plots) == 3 * n * (n - 1) + 1
    # the counts docs/rules.md lists
    assert [len(Board.hexagon(n)) for n in (5, 6, 7, 8, 9)] == [61, 91, 127, 169, 217]


def test_boards_are_shared_and_sizes_checked():
    assert Board.hexagon(7) is Board.hexagon(7)
    for bad in (1, 0, -3, 2.5, "7", True):
        with pytest.raises(BadBoard):
            Board.hexagon(bad)


def test_cells_are_exactly_the_hexagon():
    for n in SIZES:
        b = Board.hexagon(n)
        got = {b.axial(i) for i in b.plots}
        want = {(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1)
                if max(abs(q), abs(r), abs(q + r)) <= n - 1}
        assert got == want


def test_names_side_7():
    b = Board.hexagon(7)
    row_a = [b.name(i) for i in b.rows[0]]
    assert row_a == [f"a{k}" for k in range(1, 8)]
    row_g = [b.name(i) for i in b.rows[6]]
    assert row_g == [f"g{k}" for k in range(1, 14)]
    assert b.axial(b.cell("g7")) == (0, 0)          # the centre
    assert b.axial(b.cell("a1")) == (0, -6)         # top-left corner
    assert b.axial(b.cell("a7")) == (6, -6)         # top-right corner
    assert b.axial(b.cell("g1")) == (-6, 0)
    assert b.axial(b.cell("m1")) == (-6, 6)         # bottom row is m (13 rows)
    assert b.axial(b.cell("m7")) == (0, 6)
    assert len(b.rows) == 13
    # plots are in name order: by row, then index
    assert b.name(b.plots[0]) == "a1" and b.name(b.plots[-1]) == "m7"
    assert b.name(b.plots[7]) == "b1"


def test_names_both_ways_every_size():
    for n in SIZES:
        b = Board.hexagon(n)
        names = [b.name(i) for i in b.plots]
        assert len(set(names)) == len(names)
        for i, nm in zip(b.plots, names):
            assert b.cell(nm) == i
            assert b.axial(i) == hand_axial(n, nm)
        centre = f"{chr(ord('a') + n - 1)}{n}"
        assert b.axial(b.cell(centre)) == (0, 0)
    # names are read case-insensitively with spaces around
    b = Board.hexagon(7)
    assert b.cell(" G7 ") == b.cell("g7")


def test_row_letters_after_z():
    b = Board.hexagon(16)   # 31 rows: a..z then aa..ae
    assert [b.name(r[0])[:-1] for r in b.rows][-5:] == ["aa", "ab", "ac", "ad", "ae"]
    assert b.axial(b.cell("ae1")) == (-15, 15)


@pytest.mark.parametrize("name", ["a8", "g14", "g0", "n1", "z9", "7g", "", "aa1", "g"])
def test_unknown_names(name):
    b = Board.hexagon(7)
    with pytest.raises(UnknownCell) as e:
        b.cell(name)
    assert repr(name) in str(e.value)
    assert not b.has_name(name)


def test_unknown_ids_and_non_strings():
    b = Board.hexagon(4)
    with pytest.raises(UnknownCell):
        b.cell(7)
    with pytest.raises(UnknownCell):
        b.name(-1)
    outside = next(i for i in range(b.area) if i not in b)
    with pytest.raises(UnknownCell):
        b.name(outside)


def test_neighbours_by_hand():
    b = Board.hexagon(4)
    nb = lambda nm: {b.name(j) for j in b.neighbours[b.cell(nm)]}  # noqa: E731
    assert nb("d4") == {"c3", "c4", "d3", "d5", "e3", "e4"}
    assert nb("a1") == {"a2", "b1", "b2"}
    assert nb("a2") == {"a1", "a3", "b2", "b3"}
    assert nb("g4") == {"g3", "f4", "f5"}
    assert nb("d7") == {"c6", "d6", "e6"}
    assert nb("e1") == {"d1", "d2", "e2", "f1"}


def test_neighbours_every_size():
    for n in SIZES:
        b = Board.hexagon(n)
        counts = {3: 0, 4: 0, 6: 0}
        for i in b.plots:
            q, r = b.axial(i)
            want = {b.id_at(q + dq, r + dr) for dq, dr in DIRECTIONS} - {None}
            assert set(b.neighbours[i]) == want
            assert b.nbr_masks[i] == sum(1 << j for j in want)
            counts[len(want)] += 1
        assert counts[3] == 6                     # the corners
        assert counts[4] == 6 * (n - 2)           # the rest of the edge
        assert counts[6] == 3 * (n - 1) * (n - 2) + 1   # the hexagon of side n-1


def test_direction_order():
    # the engine's direction order: E, NE, NW, W, SW, SE; opposite is d + 3
    assert DIRECTIONS == (E, NE, NW, W, SW, SE)
    for d in range(6):
        a, b = DIRECTIONS[d], DIRECTIONS[(d + 3) % 6]
        assert (a[0] + b[0], a[1] + b[1]) == (0, 0)


def test_rays_by_hand():
    b = Board.hexagon(4)
    ray = lambda nm, d: [b.name(j) for j in b.rays[b.cell(nm)][DIRECTIONS.index(d)]]  # noqa
    assert ray("d4", E) == ["d5", "d6", "d7"]
    assert ray("d4", W) == ["d3", "d2", "d1"]
    assert ray("d4", NE) == ["c4", "b4", "a4"]
    assert ray("d4", NW) == ["c3", "b2", "a1"]
    assert ray("d4", SE) == ["e4", "f4", "g4"]
    assert ray("d4", SW) == ["e3", "f2", "g1"]
    assert ray("a1", E) == ["a2", "a3", "a4"]
    assert ray("a1", SW) == ["b1", "c1", "d1"]
    assert ray("a1", SE) == ["b2", "c3", "d4", "e4", "f4", "g4"]
    # the corner a1 looks outwards three ways: empty rays
    assert ray("a1", W) == ray("a1", NE) == ray("a1", NW) == []
    assert ray("a2", SE) == ["b3", "c4", "d5", "e5", "f5"]


def test_rays_every_size():
    for n in SIZES:
        b = Board.hexagon(n)
        for i in b.plots:
            q, r = b.axial(i)
            empty = 0
            for d, (dq, dr) in enumerate(DIRECTIONS):
                ray = b.rays[i][d]
                # the ray is the walk in direction d, in order, up to the edge
                want = []
                k = 1
                while b.id_at(q + k * dq, r + k * dr) is not None:
                    want.append(b.id_at(q + k * dq, r + k * dr))
                    k += 1
                assert list(ray) == want
                assert b.ray_masks[i][d] == sum(1 << j for j in ray)
                # length: steps until max(|q|,|r|,|q+r|) would exceed n-1
                assert len(ray) == sum(
                    1 for k in range(1, 2 * n)
                    if max(abs(q + k * dq), abs(r + k * dr),
                           abs(q + r + k * (dq + dr))) <= n - 1)
                empty += not ray
            on_edge = max(abs(q), abs(r), abs(q + r)) == n - 1
            assert (empty > 0) == on_edge     # edge cells, and only they, look outwards
            if on_edge:
                corner = sorted((abs(q), abs(r), abs(q + r))).count(n - 1) == 2
                assert empty == (3 if corner else 2)


def test_power_formula():
    for n in SIZES:
        b = Board.hexagon(n)
        for i in b.plots:
            q, r = b.axial(i)
            assert b.power[i] == n - 1 - max(abs(q), abs(r), abs(q + r))
            assert b.power[i] == min(len(ray) for ray in b.rays[i])
    b = Board.hexagon(7)
    assert b.power[b.cell("g7")] == 6
    assert b.power[b.cell("a1")] == 0
    assert b.power[b.cell("f6")] == 5


@pytest.mark.parametrize("radius", [5, 13.5, 20, 37])
def test_layout_round_trip(radius):
    for n in (2, 4, 7, 9):
        b = Board.hexagon(n)
        lay = Layout(b, radius=radius)
        apothem = radius * 3 ** 0.5 / 2
        for i in b.plots:
            x, y = lay.center(i)
            assert 0 < x < lay.width and 0 < y < lay.height
            assert lay.pixel_to_hex(x, y) == b.axial(i)
            assert lay.cell_at(x, y) == i
            # points well inside the hexagon belong to it too
            for k in range(6):
                a = math.radians(60 * k)
                px, py = x + 0.9 * apothem * math.cos(a), y + 0.9 * apothem * math.sin(a)
                assert lay.cell_at(px, py) == i
        # next to the board, no cell
        assert lay.cell_at(1, 1) is None
        assert lay.cell_at(-100, -100) is None


def test_layout_neighbours_are_one_hex_apart():
    b = Board.hexagon(4)
    lay = Layout(b, radius=10)
    x0, y0 = lay.center(b.cell("d4"))
    x1, y1 = lay.center(b.cell("d5"))     # east: same row, to the right
    assert y1 == pytest.approx(y0) and x1 - x0 == pytest.approx(10 * 3 ** 0.5)
    x2, y2 = lay.center(b.cell("e4"))     # south-east: one row down, half a hex right
    assert y2 - y0 == pytest.approx(15) and x2 - x0 == pytest.approx(5 * 3 ** 0.5)


def test_fill_agrees_with_rays():
    rng = random.Random(1234)
    for n in (2, 4, 6):
        b = Board.hexagon(n)
        for _ in range(20):
            open_ = 0
            for i in b.plots:
                if rng.random() < 0.6:
                    open_ |= 1 << i
            for i in b.plots:
                for d in range(6):
                    # from i's neighbour in d, through open plots, in d
                    got = b.fill(b.shift(1 << i, d) & b.plot_mask, open_, d)
                    want = 0
                    for j in b.rays[i][d]:
                        if not open_ >> j & 1:
                            break
                        want |= 1 << j
                    assert got == want
                    # a full fill is the whole ray
                    assert b.fill(b.shift(1 << i, d), b.plot_mask, d) == b.ray_masks[i][d]


def test_dilate_group_components():
    b = Board.hexagon(4)
    ids = lambda *names: sum(1 << b.cell(x) for x in names)  # noqa: E731
    assert b.dilate(ids("a1")) == ids("a1", "a2", "b1", "b2")
    members = ids("a1", "a2", "b3", "d4", "d5", "g1")
    comps = b.components(members)
    assert list(comps) == [ids("a1", "a2", "b3"), ids("d4", "d5"), ids("g1")]
    assert b.group(ids("a2"), members) == ids("a1", "a2", "b3")
    assert sorted(iter_bits(ids("a1", "d4"))) == sorted([b.cell("a1"), b.cell("d4")])
    assert b.names(ids("d4", "a1", "g1")) == ["a1", "d4", "g1"]

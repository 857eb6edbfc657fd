"""Modular boards (docs/rules.md section 1; docs/notation.md cells): presets, module
validation, lagoons, rays and power through lagoons, names on irregular rows,
and games played on them.

Facts below are worked out by hand from the module centres (a module is its
centre c and the six hexes c + E, NE, NW, W, SW, SE); the comments show the
working.
"""

import pytest

from dendria_widget import BadBoard, Board, Game
from dendria_widget.boards import (DESCRIPTIONS, PRESETS, RECOMMENDED, describe, preset,
                                   preset_names, random_board)
from dendria_widget.geometry import DIRECTIONS

from conftest import refused

E, NE, NW, W, SW, SE = range(6)  # index of each direction in geometry.DIRECTIONS
OFFSETS = ((0, 0),) + tuple(DIRECTIONS)


def module(c):
    return {(c[0] + dq, c[1] + dr) for dq, dr in OFFSETS}


def hand_plots(centres):
    out = set()
    for c in centres:
        out |= module(c)
    return out


def hand_lagoons(plots):
    """Non-plot hexes that cannot reach far away through non-plot hexes:
    flood the non-plot hexes from a frame well outside the plots."""
    qs = [q for q, _ in plots]
    rs = [r for _, r in plots]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 3, max(qs) + 3, min(rs) - 3, max(rs) + 3
    box = {(q, r) for q in range(lo_q, hi_q + 1) for r in range(lo_r, hi_r + 1)}
    outside = set()
    todo = [h for h in box if h[0] in (lo_q, hi_q) or h[1] in (lo_r, hi_r)]
    while todo:
        h = todo.pop()
        if h in outside or h in plots or h not in box:
            continue
        outside.add(h)
        todo += [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]
    return box - plots - outside


def lagoon_groups(board):
    """Sizes of the 6-connected lagoons of a board, sorted."""
    left = {board.axial(i) for i in board.lagoons}
    sizes = []
    while left:
        todo = [left.pop()]
        n = 0
        while todo:
            h = todo.pop()
            n += 1
            for dq, dr in DIRECTIONS:
                x = (h[0] + dq, h[1] + dr)
                if x in left:
                    left.remove(x)
                    todo.append(x)
        sizes.append(n)
    return sorted(sizes)


def ray_names(board, name, d):
    return [board.name(j) for j in board.rays[board.cell(name)][d]]


# ------------------------------------------------------------------ presets
def test_preset_names_and_descriptions():
    names = preset_names()
    assert names == list(PRESETS) == list(DESCRIPTIONS)
    assert RECOMMENDED == "flower-13" and RECOMMENDED in names
    counts = {len(PRESETS[n]) for n in names}
    assert counts == {7, 13, 19}
    for n in names:
        # the description starts with the module count and the plot count
        k = len(PRESETS[n])
        assert describe(n).startswith(f"{k} modules, {7 * k} plots")
    assert "seed 5" in describe("random-13-seed-5")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_valid_and_as_described(name):
    centres = PRESETS[name]
    b = preset(name)
    assert b is preset(name.upper())  # names are case-blind, boards cached
    assert b.spec == {"shape": "modular", "modules": sorted(centres)}
    # 7 plots per module, no overlap
    plots = hand_plots(centres)
    assert len(plots) == 7 * len(centres) == b.n_plots
    assert {b.axial(i) for i in b.plots} == plots
    # the lagoons are exactly the enclosed non-plot hexes
    assert {b.axial(i) for i in b.lagoons} == hand_lagoons(plots)
    # compact: every plot within 8 steps of the middle module (0, 0)-ish
    assert max(max(abs(q), abs(r), abs(q + r)) for q, r in plots) <= 8
    # the same board from a list of centres and from a docs/notation.md dict
    assert Board.modular(centres) is b
    assert Board.from_spec({"shape": "modular", "modules": centres}) is b


def test_lagoons_of_the_presets():
    # what the descriptions promise
    assert lagoon_groups(preset("flower-7")) == []
    assert lagoon_groups(preset("flower-13")) == []
    assert lagoon_groups(preset("flower-19")) == []
    assert lagoon_groups(preset("atoll-7")) == [7]
    assert lagoon_groups(preset("lakes-13")) == [3, 3, 3]
    assert lagoon_groups(preset("fjords-13")) == [6, 6, 6]
    assert lagoon_groups(preset("ponds-19")) == [1] * 6
    # atoll-7: the six modules around (0, 0) enclose exactly the missing
    # centre module
    b = preset("atoll-7")
    assert {b.axial(i) for i in b.lagoons} == module((0, 0))


def test_flower_13_is_the_hexagon_of_side_6_in_plots():
    # docs/rules.md: sprites recommends side 6 or 13 modules; both have 91 plots
    assert preset("flower-13").n_plots == Board.hexagon(6).n_plots == 91


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(BadBoard) as e:
        preset("flower-12")
    msg = str(e.value)
    assert "flower-12" in msg
    for n in preset_names():
        assert n in msg
    assert "random-N-seed-S" in msg
    with pytest.raises(BadBoard):
        preset(13)
    with pytest.raises(BadBoard):
        describe("nowhere")


# ------------------------------------------------------------ random boards
def test_random_boards_are_seeded_and_valid():
    for n in (7, 13, 19):
        for seed in range(4):
            b = random_board(n, seed)
            assert b is random_board(n, seed)           # same seed, same board
            assert preset(f"random-{n}-seed-{seed}") is b
            assert len(b.spec["modules"]) == n and b.n_plots == 7 * n
            plots = {b.axial(i) for i in b.plots}
            assert {b.axial(i) for i in b.lagoons} == hand_lagoons(plots)
    assert len({repr(random_board(13, s)) for s in range(6)}) > 1
    for bad in (6, 20, 0):
        with pytest.raises(BadBoard, match="7 to 19"):
            random_board(bad, 1)
    with pytest.raises(BadBoard):
        random_board(13, "five")


# ------------------------------------------------------------- validation
FLOWER7 = [[0, 0], [2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2]]


def bad(centres):
    with pytest.raises(BadBoard) as e:
        Board.modular(centres)
    return str(e.value)


def test_module_count():
    assert "7 to 19" in bad(FLOWER7[:6]) and "not 6" in bad(FLOWER7[:6])
    twenty = preset("flower-19").spec["modules"] + [[7, -2]]
    assert "not 20" in bad(twenty)
    Board.modular(FLOWER7)  # 7 is fine
    Board.modular(preset("flower-19").spec["modules"])  # 19 is fine


def test_overlapping_modules():
    # [1, 1] is two steps from [0, 0]: both modules hold the hex [1, 0]
    msg = bad(FLOWER7[:6] + [[1, 1]])
    assert "overlap" in msg and "[0, 0]" in msg and "[1, 1]" in msg
    msg = bad(FLOWER7[:6] + [[0, 0]])
    assert "same centre [0, 0]" in msg


def test_weak_link_is_named():
    # [5, -2] is three steps from [2, 1] on a straight line (NE x3): the
    # modules touch along one plot only, [3, 0] next to [4, -1] (the other
    # hexes of the two modules are two or more steps apart), and [5, -2]
    # touches no other module.
    msg = bad(FLOWER7[:6] + [[5, -2]])
    assert "[2, 1]" in msg and "[5, -2]" in msg
    assert "only one plot" in msg and "two adjacent plots" in msg


def test_lonely_and_disconnected_modules():
    msg = bad(FLOWER7[:6] + [[20, 20]])
    assert "[20, 20]" in msg and "touches no other module" in msg
    # two flowers of 7 far apart: every module is linked, but not all connected
    far = [[q + 30, r] for q, r in FLOWER7]
    msg = bad(FLOWER7 + far)
    assert "not all connected" in msg and "[27, 2]" in msg


def test_bad_centres():
    assert "whole numbers" in bad(FLOWER7[:6] + [[1.5, 2]])
    assert "whole numbers" in bad(FLOWER7[:6] + [[1, 2, 3]])
    assert "whole numbers" in bad(FLOWER7[:6] + [[True, 2]])
    assert "whole numbers" in bad("flower")
    assert "whole numbers" in bad(FLOWER7[:6] + ["12"])


def test_a_bay_is_not_a_lagoon():
    # The ring of six modules around [0, 0] without [2, 1]: the hole of the
    # missing centre module opens to the outside where [2, 1] would be, so
    # it is outside, not a lagoon. Two more modules keep the count at 7.
    ring = [[-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2]]
    b = Board.modular(ring + [[-4, 5], [-5, 1]])
    assert b.lagoons == ()
    assert b.id_at(0, 0) is None
    # the full ring plus one encloses the centre module (atoll-7)
    assert len(Board.modular(ring + [[2, 1], [1, 4]]).lagoons) == 7


# ---------------------------------------------- names, rays, power (atoll-7)
#
# atoll-7 = the ring [2,1] [-1,3] [-3,2] [-2,-1] [1,-3] [3,-2] plus [1,4];
# the hole is the module of [0, 0]. Its plots row by row (r, then q):
#   r=-4  a: q 1 2                  r=1  f: q -3 -2 | 1 2 3    (lagoon -1, 0)
#   r=-3  b: q 0..4                 r=2  g: q -4..2
#   r=-2  c: q -2..4                r=3  h: q -4..2
#   r=-1  d: q -3 -2 -1 | 2 3       r=4  i: q -2..2
#   r=0   e: q -3 -2 | 2 3          r=5  j: q 0 1
# ("|" marks the lagoon hexes, which the index skips.)

def test_names_on_irregular_rows():
    b = preset("atoll-7")
    assert [len(row) for row in b.rows] == [2, 5, 7, 5, 4, 5, 7, 7, 5, 2]
    at = {name: b.axial(b.cell(name)) for name in
          ("a1", "a2", "d3", "d4", "e1", "e2", "e3", "e4", "f2", "f3", "j2")}
    assert at == {"a1": (1, -4), "a2": (2, -4), "d3": (-1, -1), "d4": (2, -1),
                  "e1": (-3, 0), "e2": (-2, 0), "e3": (2, 0), "e4": (3, 0),
                  "f2": (-2, 1), "f3": (1, 1), "j2": (1, 5)}
    assert not b.has_name("e5") and not b.has_name("k1")
    # lakes-13, row g is r = 0 (row a is r = -6): plots at q = -6..1, then
    # the lagoon hexes (2, 0) and (3, 0), then q = 4, 5. So the centre (0, 0)
    # is g7 and (4, 0) is g9.
    lk = preset("lakes-13")
    assert lk.axial(lk.cell("g7")) == (0, 0)
    assert lk.axial(lk.cell("g8")) == (1, 0)
    assert lk.axial(lk.cell("g9")) == (4, 0)
    assert len(lk.rows[6]) == 10


def test_rays_pass_lagoons_and_stop_outside():
    b = preset("atoll-7")
    # e2 = (-2,0) east: lagoons (-1,0) (0,0) (1,0), then e3 (2,0), e4 (3,0),
    # then (4,0) is outside
    assert ray_names(b, "e2", E) == ["e3", "e4"]
    assert ray_names(b, "e3", W) == ["e2", "e1"]
    # d3 = (-1,-1) south-east: lagoons (-1,0) (-1,1), then (-1,2) g4,
    # (-1,3) h4, (-1,4) i2, then (-1,5) outside
    assert ray_names(b, "d3", SE) == ["g4", "h4", "i2"]
    # f3 = (1,1) north-west: lagoons (1,0) (1,-1), then c4 b2 a1
    assert ray_names(b, "f3", NW) == ["c4", "b2", "a1"]
    # an edge cell looking outwards has an empty ray: e1 = (-3,0) west
    assert ray_names(b, "e1", W) == []


def test_power_counts_plots_not_lagoons():
    b = preset("atoll-7")
    # f3 = (1,1): E [f4 f5] 2, W [f2 f1] 2 (four hexes with the lagoons),
    # NE [e3 d5 c7] 3, NW [c4 b2 a1] 3, SW [g5 h4 i1] 3, SE [g6 h6 i4 j2] 4
    assert b.power[b.cell("f3")] == 2
    assert b.power[b.cell("e1")] == 0
    lk = preset("lakes-13")
    # lakes-13 centre g7 = (0,0): east (1,0) plot, (2,0) (3,0) lagoons,
    # (4,0) (5,0) plots, (6,0) outside: 3 plots (5 hexes). The board is
    # three-fold symmetric, so NW and SW look the same; W, NE and SE hold
    # 6 plots (W: (-1,0) ... (-6,0)). Power 3, not 5.
    assert ray_names(lk, "g7", E) == ["g8", "g9", "g10"]
    assert len(lk.rays[lk.cell("g7")][W]) == 6
    assert lk.power[lk.cell("g7")] == 3


# --------------------------------------------------------- games on them
def sprites_on(board, pieces, to_move="dark", **options):
    rules = {"ruleset": "dendria-sprites", "board": board, "options": options}
    return Game.from_position({"to_move": to_move, "pieces": pieces}, rules=rules)


def test_games_on_modular_boards_start():
    g = Game("dendria-sprites", board="flower-13")
    assert g.board is preset("flower-13") and g.phase == "komi"
    # komi_max null = the number of plots
    assert [str(s) for s in g.legal_steps()] == [f"komi {k}" for k in range(92)]
    g2 = Game("dendria-sprites", board=FLOWER7)
    assert g2.board is preset("flower-7")
    g3 = Game("dendria-sprites", board={"shape": "modular", "modules": FLOWER7})
    assert g3.board is g2.board
    g4 = Game("dendria-classic", board="lakes-13")  # any edition, any board
    assert g4.phase == "opening" and len(g4.legal_steps()) == 91
    with pytest.raises(BadBoard, match="flower-13"):
        Game("dendria-sprites", board="flower-14")
    with pytest.raises(BadBoard, match="overlap"):
        Game("dendria-sprites", board=FLOWER7[:6] + [[1, 1]])


def test_nourishers_across_a_lagoon():
    # atoll-7, f3 = (1,1) has plot neighbours f4 e3 g5 g6 only; west and
    # north-west it faces the lagoon. Light seeds on the first plot of every
    # ray: f4 (E), e3 (NE), c4 (NW, across the lagoon), f2 (W, across the
    # lagoon), g5 (SW), g6 (SE): f3 is nourished, Dark may not sow there.
    pieces = {n: "light seed" for n in ("f4", "e3", "c4", "f2", "g5", "g6")}
    g = sprites_on("atoll-7", pieces)
    reason = refused(g, "sow f3", "nourished")
    assert "c4" in reason and "f2" in reason
    # without the seed on f2 the west ray [f2 f1] is empty: f3 sees the
    # edge across the lagoon and is hungry
    del pieces["f2"]
    g = sprites_on("atoll-7", pieces)
    g.play("sow f3", "end")
    assert g.pieces["f3"] == "dark seed"


def test_journeys_jump_lagoons():
    # dark dendrid f3 (power 2) west: over the lagoon, f2 (power 1), f1
    # (power 0). A light seed on f2 is jumped; a dendrid never stops on a
    # lagoon (it has no name at all).
    g = sprites_on("atoll-7", {"f3": "dark dendrid", "f2": "light seed"})
    g.play("move f3")
    refused(g, "slide f2", "holds a light seed")
    g.play("slide f1", "end")
    assert g.pieces == {"f1": "dark dendrid", "f2": "light seed"}
    g = sprites_on("atoll-7", {"f3": "dark dendrid"})
    g.play("move f3", "slide f2", "end")
    assert g.pieces == {"f2": "dark dendrid"}


def test_fertilized_across_a_lagoon():
    # light seed e4 = (3,0): plot neighbours d5 (NW), e3 (W), f4 (SW), f5
    # (SE). Dark trees on d5 f4 f5 leave one fertile soil, e3. The dark
    # dendrid on e2 sees e3 across the lagoon (e2 east: lagoon x3, e3), so
    # the seedbed may grow into a dark forest at the start of its journey.
    pieces = {"e4": "light seed", "d5": "dark tree", "f4": "dark tree",
              "f5": "dark tree", "e2": "dark dendrid"}
    g = sprites_on("atoll-7", pieces)
    g.play("move e2", "grow e4")
    assert g.pieces["e4"] == "dark tree"
    # a dark dendrid on g4 = (-1,2) instead: its north-east ray crosses the
    # lagoon ((0,1), (1,0)) to d4 = (2,-1); it does not see e3, nothing does
    pieces["g4"] = pieces.pop("e2")
    g = sprites_on("atoll-7", pieces)
    g.play("move g4")
    refused(g, "grow e4", "e3", "not fertilized")


def test_position_strings_on_modular_boards():
    g = sprites_on("atoll-7", {"f3": "dark dendrid", "e4": "light seed", "a1": "light tree"},
                   to_move="light", superko="off")
    s = g.position_string()
    # m followed by the sorted centres q,r joined by ';'; rows a..j
    assert s.startswith("dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2 ")
    rows = s.split()[2].split("/")
    assert rows == ["T1", "5", "7", "5", "3S", "2d2", "7", "7", "5", "2"]
    assert s.split()[3:] == ["light", "superko=off"]
    h = Game.from_position(s)
    assert h.board is g.board and h.pieces == g.pieces and h.to_move == "light"
    assert h.position_string() == s
    assert h.options["superko"] == "off"

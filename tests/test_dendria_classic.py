"""Every Dendria rule of docs/rules.md section 2, on small hand-made positions.

Most positions are on the hexagon of side 4 (37 plots). Its rows, with the
six directions (E/W along a row, NE/NW one row up, SE/SW one row down)::

          a1 a2 a3 a4
         b1 b2 b3 b4 b5
        c1 c2 c3 c4 c5 c6
       d1 d2 d3 d4 d5 d6 d7
        e1 e2 e3 e4 e5 e6
         f1 f2 f3 f4 f5
          g1 g2 g3 g4

Rays used below (worked out on this picture):
  d4: E d5 d6 d7 | NE c4 b4 a4 | NW c3 b2 a1 | W d3 d2 d1 | SW e3 f2 g1 | SE e4 f4 g4
  a1: E a2 a3 a4 | SW b1 c1 d1 | SE b2 c3 d4 e4 f4 g4 | W, NE, NW: empty
  a2: E a3 a4 | W a1 | SW b2 c2 d2 e1 | SE b3 c4 d5 e5 f5 | NE, NW: empty
  c2: NE b2 a2 | NW b1 | E c3 .. c6 | W c1 | SW d2 e1 | SE d3 e3 f3 g3
  d1: E d2 .. d7 | NE c1 b1 a1 | SE e1 f1 g1 | W, NW, SW: empty
  g3: NW f3 e3 d3 c2 b1
Power on side 4 is 3 - (distance from d4): d4 3, c3/c4 2, c2/c5/d2 1, edge 0.
"""

import pytest

from dendria_widget import Game, IllegalStep
from dendria_widget.geometry import DIRECTIONS

from conftest import classic, legal, refused, snapshot

E, NE, NW, W, SW, SE = range(6)
assert DIRECTIONS[E] == (1, 0) and DIRECTIONS[SE] == (0, 1)


def hungry(game, name):
    return game.state.is_hungry(game.board.cell(name))


def nourishers(game, name):
    st = game.state
    return sorted(game.board.name(j) for j in st.nourishers(game.board.cell(name)))


def roots(game, name):
    """{direction: (nourisher name or None, empty plots between)}."""
    b = game.board
    return {d: (b.name(j) if j >= 0 else None, n)
            for d, j, n in game.state.roots(b.cell(name))}


# --------------------------------------------------------------- 2.1 roots
def test_roots_and_nourishers_with_empty_plots_between():
    g = classic({"d4": "dark seed", "d6": "light tree", "b2": "dark dendrid",
                 "e3": "light seed"})
    # E: d5 empty, then the tree on d6; NW: c3 empty, then b2; SW: e3 at once;
    # NE, W, SE: nothing at all on the ray, the seed sees the edge that way
    assert roots(g, "d4") == {E: ("d6", 1), NE: (None, 3), NW: ("b2", 1),
                              W: (None, 3), SW: ("e3", 0), SE: (None, 3)}
    assert nourishers(g, "d4") == ["b2", "d6", "e3"]
    assert hungry(g, "d4")
    # close the three open roots, far away: a4 (c4, b4 empty between),
    # d1 (d3, d2 between), g4 (e4, f4 between)
    g = classic({"d4": "dark seed", "d6": "light tree", "b2": "dark dendrid",
                 "e3": "light seed", "a4": "dark tree", "d1": "light dendrid",
                 "g4": "dark seed"})
    assert roots(g, "d4") == {E: ("d6", 1), NE: ("a4", 2), NW: ("b2", 1),
                              W: ("d1", 2), SW: ("e3", 0), SE: ("g4", 2)}
    assert not hungry(g, "d4")
    # an empty plot is judged as if a seed stood there: d5 sees d6 east and
    # d1 west (d4 is a piece: d5's west nourisher is d4), c5 north-east empty
    assert roots(g, "d5")[W] == ("d4", 0)
    assert hungry(g, "d5")


def test_edge_cells_literal_vs_touching():
    pieces = {"a4": "light tree", "d1": "dark tree", "g4": "light seed"}
    lit = classic(pieces)
    # literal: a1 has three roots (E, SW, SE), each ends on a piece, with
    # 2, 2 and 5 empty plots between: nourished
    assert roots(lit, "a1") == {E: ("a4", 2), SW: ("d1", 2), SE: ("g4", 5)}
    assert not hungry(lit, "a1")
    refused(lit, "plant a1", "a1", "hungry")
    # touching: its three outward rays are empty roots that see the edge
    tou = classic(pieces, edge_sight="touching")
    assert roots(tou, "a1") == {E: ("a4", 2), SW: ("d1", 2), SE: ("g4", 5),
                                W: (None, 0), NE: (None, 0), NW: (None, 0)}
    assert hungry(tou, "a1")
    assert "plant a1" in legal(tou)
    tou.play("plant a1", "end")
    assert tou.pieces["a1"] == "dark seed"


def test_touching_every_edge_cell_is_hungry():
    b = Game("dendria-classic", size=4).board
    edge = [b.name(i) for i in b.plots if b.power[i] == 0]
    assert len(edge) == 18
    # every plot occupied but d1: d1's three rays (E d2, NE c1, SE e1) all
    # end on a piece at once. Literal: nourished. Touching: its three
    # outward rays see the edge, hungry.
    full = {b.name(i): "light tree" for i in b.plots if b.power[i] > 0}
    full.update({x: "dark seed" for x in edge if x != "d1"})
    assert not hungry(classic(full), "d1")
    assert hungry(classic(full, edge_sight="touching"), "d1")
    # touching: with every plot full, every edge cell is still hungry, and
    # no inner one is
    tou = classic({b.name(i): "dark tree" for i in b.plots}, edge_sight="touching")
    assert {b.name(i) for i in b.plots if tou.state.is_hungry(i)} == set(edge)
    lit = classic({b.name(i): "dark tree" for i in b.plots})
    assert not any(lit.state.is_hungry(i) for i in b.plots)


# ------------------------------------------------------------- planting
def test_plant_only_where_hungry():
    g = classic({"d6": "light tree", "b2": "dark dendrid", "e3": "light seed",
                 "a4": "dark tree", "d1": "light dendrid", "g4": "dark seed"})
    # every root of d4 ends on a piece (see the roots test): nourished
    reason = refused(g, "plant d4", "d4", "hungry")
    assert "nourished" in reason
    refused(g, "plant d6", "d6", "not empty")
    # d5 looks north-east along c5, b5: empty, so it is hungry
    assert "plant d5" in legal(g)
    g.play("plant d5", "end")
    assert g.pieces["d5"] == "dark seed" and g.to_move == "light"


def test_sowing_any_vs_non_touching():
    # own pieces d5 and c4 both touch d4 and touch each other
    pieces = {"d5": "dark seed", "c4": "dark tree"}
    assert hungry(classic(pieces), "d4")              # W, NW, SW, SE are empty
    assert "plant d4" in legal(classic(pieces))       # sowing "any" (classic)
    g = classic(pieces, sowing="non-touching")
    r = refused(g, "plant d4", "d4", "c4", "d5")
    assert "touch" in r
    # the same shape with one enemy piece is fine
    assert "plant d4" in legal(classic({"d5": "dark seed", "c4": "light tree"},
                                       sowing="non-touching"))
    # three own neighbours, pairwise apart (d5, c3, e3): fine
    g = classic({"d5": "dark seed", "c3": "dark tree", "e3": "dark dendrid"},
                sowing="non-touching")
    assert hungry(g, "d4")
    g.play("plant d4", "end")


# --------------------------------------------------------------- sprout
SPROUT_A1 = {"a1": "light seed", "a3": "dark tree", "d1": "dark dendrid",
             "g4": "light tree"}


def test_sprout_after_plant_either_colour():
    # a1's roots: E -> a3 (dark), SW -> d1 (dark), SE -> g4 (light): 2 > 1
    for seed in ("light seed", "dark seed"):
        g = classic({**SPROUT_A1, "a1": seed})
        assert not hungry(g, "a1")
        # d7 looks NW along c6 b5 a4, all empty: plantable
        g.play("plant d7")
        assert "sprout a1" in legal(g)
        g.play("sprout a1", "end")
        assert g.pieces["a1"] == "dark dendrid"
        assert g.pieces["d7"] == "dark seed"


def test_sprout_needs_majority_of_the_mover():
    g = classic(SPROUT_A1, to_move="light")
    g.play("plant d7")
    # for Light: 1 light nourisher against 2 dark
    refused(g, "sprout a1", "a1", "strictly")
    assert "sprout a1" not in legal(g)


def test_sprout_tie_refused_for_both():
    # a2 (4 roots): W a1 dark tree; E a4 dark seed (a3 between);
    # SW e1 light dendrid (b2 c2 d2 between); SE f5 light seed (b3 c4 d5 e5)
    pos = {"a2": "light seed", "a1": "dark tree", "a4": "dark seed",
           "e1": "light dendrid", "f5": "light seed"}
    for who in ("dark", "light"):
        g = classic(pos, to_move=who)
        assert not hungry(g, "a2")
        g.play("plant g1")          # g1 sees E along g2 g3 g4: hungry
        refused(g, "sprout a2", "a2", "strictly")


def test_hungry_seed_cannot_sprout():
    g = classic({"a1": "light seed", "a3": "dark tree", "d1": "dark dendrid"})
    assert hungry(g, "a1")          # SE ray b2 .. g4 is empty
    g.play("plant d7")
    refused(g, "sprout a1", "a1", "hungry")


def test_sprout_is_a_step_inside_a_turn():
    g = classic(SPROUT_A1)
    refused(g, "sprout a1", "turn")
    refused(g, "grow a1")
    refused(g, "capture a3")
    refused(g, "end")
    refused(g, "slide d2")


# ------------------------------------------------------- grow after plant
def test_grow_after_plant_new_seed_only_and_once():
    # dendrid c2 sees b2, a2 (NE) and b1 (NW): a1's fertile soils after
    # planting there. Dendrids c2 and d3 fertilize b1 (c2 NW), d2 (c2 SW) and
    # d1 (d3 W): every fertile soil of the light seed on c1
    pos = {"c2": "dark dendrid", "d3": "dark dendrid", "c1": "light seed"}
    g = classic(pos)
    g.play("plant a1")
    assert legal(g) >= {"grow a1", "end"}
    refused(g, "grow c1", "new seed")
    g.play("grow a1")
    assert g.pieces["a1"] == "dark tree"
    refused(g, "grow c1", "grown already")
    g.play("end")
    assert g.pieces["c1"] == "light seed"


def test_grow_after_plant_whole_seedbed():
    # seedbed {a1, a2}: fertile soils a3, b1, b2, b3; c2 sees b1, b2;
    # d3 sees c3, b3, a3 (NE)
    g = classic({"a2": "dark seed", "c2": "dark dendrid", "d3": "dark dendrid"})
    g.play("plant a1", "grow a1", "end")
    assert g.pieces["a1"] == g.pieces["a2"] == "dark tree"


def test_grow_after_plant_not_fertilized():
    g = classic({"c2": "dark dendrid"})
    g.play("plant a2")            # fertile soils a1, a3, b2, b3; c2 sees only b2
    refused(g, "grow a2", "a1", "a3", "b3")


def test_grow_after_plant_none():
    g = classic({"c2": "dark dendrid"}, grow_after_plant="none")
    g.play("plant a1")
    refused(g, "grow a1", "grow_after_plant")
    assert legal(g) == {"end"}


def test_grow_either_colour_during_a_move():
    # the light seedbed c1 (see above) grows into a dark forest during a move
    # of the far dendrid g4 (its stop g3 changes nothing near c1)
    g = classic({"c2": "dark dendrid", "d3": "dark dendrid", "c1": "light seed",
                 "g4": "dark dendrid"})
    g.play("move g4", "slide g3")
    assert "grow c1" in legal(g)
    g.play("grow c1", "end")
    assert g.pieces["c1"] == "dark tree"


def test_each_step_judged_on_the_new_board():
    # the dark seedbed a1 a2 a3 has fertile soils a4, b1, b2, b3, b4. The
    # seed a2 is nourished: W a1, E a3, SW d2 (b2 c2 between), SE f5 (b3 c4
    # d5 e5 between): 3 dark against 1 light, so Dark may sprout it, which
    # splits the seedbed. The seedbed {a1} then has fertile soils b1 (seen
    # from g3 along f3 e3 d3 c2 b1) and b2 (seen from d2 along c2 b2).
    g = classic({"a1": "dark seed", "a2": "dark seed", "a3": "dark seed",
                 "d2": "dark dendrid", "f5": "light tree", "g4": "dark dendrid"})
    g.play("move g4", "slide g3")
    refused(g, "grow a1", "a4", "b3", "b4")
    g.play("sprout a2")
    assert "grow a1" in legal(g) and "grow a3" not in legal(g)
    g.play("grow a1", "end")
    assert (g.pieces["a1"], g.pieces["a2"], g.pieces["a3"]) == \
        ("dark tree", "dark dendrid", "dark seed")


# -------------------------------------------------------------- journeys
JOURNEY = {"d1": "dark dendrid", "d2": "light seed", "d4": "dark dendrid",
           "d6": "light tree", "b1": "light dendrid", "e1": "dark tree"}


def test_slides_over_seeds_and_own_dendrids_blocked_by_trees_and_enemies():
    g = classic(JOURNEY)
    g.play("move d1")
    # E: over the seed d2 to d3, over the own dendrid d4 to d5, then the
    # tree d6 blocks; NE: c1, then the enemy dendrid b1 blocks; SE: the
    # (own) tree e1 blocks at once; W, NW, SW: off the board
    assert legal(g) == {"slide d3", "slide d5", "slide c1"}
    refused(g, "end", "slide")                       # at least one slide
    refused(g, "slide d2", "d2", "empty soil")     # the classic edition's word
    refused(g, "slide d4", "d4", "empty soil")
    refused(g, "slide d7", "d7", "d6")
    refused(g, "slide a1", "a1", "b1")
    refused(g, "slide e2", "e2", "straight line")
    refused(g, "slide f1", "f1", "e1")               # behind a tree of its own colour


def test_direction_fixed_after_first_slide():
    g = classic(JOURNEY)
    g.play("move d1", "slide d3")
    assert legal(g) == {"slide d5", "end"}
    refused(g, "slide c1", "c1", "line")
    refused(g, "slide d2", "d2")                     # backwards
    g.play("slide d5")
    assert legal(g) == {"end"}
    refused(g, "slide d7", "d7", "d6")               # on the line, behind the tree
    g.play("end")
    assert g.pieces["d5"] == "dark dendrid" and "d1" not in g.pieces
    assert g.pieces["d2"] == "light seed" and g.pieces["d4"] == "dark dendrid"
    assert g.to_move == "light" and g.phase == "turn"


def test_move_needs_the_movers_dendrid():
    g = classic(JOURNEY)
    refused(g, "move b1", "b1", "dark dendrid")
    refused(g, "move d2", "d2")
    refused(g, "move c3", "c3")
    g.play("move d1")
    refused(g, "move d4", "to begin a turn")
    refused(g, "plant c3", "to begin a turn")
    refused(g, "pass", "turn")


def test_no_dendrid_cannot_slide_anywhere():
    # a1 boxed in by trees a2, b1, b2
    g = classic({"a1": "dark dendrid", "a2": "light tree", "b1": "light tree",
                 "b2": "dark tree"})
    refused(g, "move a1", "a1")
    assert "move a1" not in legal(g)


# A light seed on a1 with a3 dark (E) and d1 light (SW): its SE root
# b2 c3 d4 .. is what the journeying dendrid decides.
STOPS = {"a1": "light seed", "a3": "dark tree", "d1": "light tree"}


def test_conversions_judged_where_the_dendrid_stands():
    g = classic({**STOPS, "c6": "dark dendrid"})
    assert hungry(g, "a1")
    g.play("move c6", "slide c4")          # c4 is not on a1's rays
    refused(g, "sprout a1", "a1", "hungry")
    g.undo()
    g.play("slide c3")                     # c3 is on a1's SE ray: 2 dark vs 1
    assert not hungry(g, "a1")
    assert "sprout a1" in legal(g)
    g.play("sprout a1", "end")
    assert g.pieces["a1"] == "dark dendrid" and g.pieces["c3"] == "dark dendrid"


def test_convert_at_start():
    pos = {**STOPS, "c3": "dark dendrid"}   # a1 already eligible
    g = classic(pos)                        # classic: convert_at_start false
    g.play("move c3")
    refused(g, "sprout a1", "slide")
    assert not any(s.startswith("sprout") for s in legal(g))
    g = classic(pos, convert_at_start=True)
    g.play("move c3")
    assert "sprout a1" in legal(g)
    g.play("sprout a1", "slide c4", "end")
    assert g.pieces["a1"] == "dark dendrid"


def test_sprout_on_move_false():
    g = classic({**STOPS, "c6": "dark dendrid"}, sprout_on_move=False)
    g.play("move c6", "slide c3")
    refused(g, "sprout a1", "sprout_on_move")
    # sprouting after a plant is not a move: still allowed
    g = classic({**SPROUT_A1}, sprout_on_move=False)
    g.play("plant d7", "sprout a1", "end")
    assert g.pieces["a1"] == "dark dendrid"


# --------------------------------------------------------------- capture
def test_capture_fertilized():
    # the light tree a1 has fertile soils a2, b1, b2. From c2 the dark
    # dendrid sees a2, b2 (NE) and b1 (NW). The light dendrid a4 sees a3, a2.
    g = classic({"a1": "light tree", "d2": "dark dendrid", "a4": "light dendrid"})
    g.play("move d2")
    refused(g, "capture a1", "slide")          # no conversion before a slide
    g.play("slide c2")                          # d2 NE: c2
    assert "capture a1" in legal(g)             # b1, b2 are not light's
    g.play("capture a1", "end")
    assert g.pieces["a1"] == "dark tree"


def test_capture_refused_when_owner_fertilizes_every_soil():
    # light dendrids d1 (sees c1, b1) and d4 (sees c3, b2) join a4 (a2)
    for capture in ("fertilized", "unprotected"):
        g = classic({"a1": "light tree", "d2": "dark dendrid", "a4": "light dendrid",
                     "d1": "light dendrid", "d4": "light dendrid"}, capture=capture)
        g.play("move d2", "slide c2")
        refused(g, "capture a1", "a1")
        assert "capture a1" not in legal(g)


def test_capture_fertilized_needs_every_soil_unprotected_does_not():
    # from g3 the dark dendrid sees b1 (NW ray f3 e3 d3 c2 b1), not a2, b2;
    # Light has no dendrid, so the forest is not protected
    pos = {"a1": "light tree", "g4": "dark dendrid"}
    g = classic(pos)
    g.play("move g4", "slide g3")
    refused(g, "capture a1", "a2", "b2")
    g = classic(pos, capture="unprotected")
    g.play("move g4", "slide g3")
    assert "capture a1" in legal(g)
    g.play("capture a1", "end")
    assert g.pieces["a1"] == "dark tree"


def test_capture_only_during_a_move():
    g = classic({"a1": "light tree", "c2": "dark dendrid"})
    g.play("plant g4")
    refused(g, "capture a1", "move")


def test_own_forest_is_not_captured():
    g = classic({"a1": "dark tree", "d2": "dark dendrid"})
    g.play("move d2", "slide c2")
    refused(g, "capture a1", "a1")


# ------------------------------------------------------- enclosed groups
ENCLOSED = {"a2": "dark dendrid", "b1": "dark dendrid", "b2": "dark tree",
            "g4": "dark dendrid"}


def test_enclosed_seedbed_never_vs_sight():
    # a1's neighbours a2, b1, b2 are all occupied: no fertile soil. It sees
    # a2 (E), b1 (SW), b2 (SE): two dark dendrids, no light one
    g = classic({**ENCLOSED, "a1": "light seed"})
    g.play("move g4", "slide g3")
    refused(g, "grow a1", "a1", "does not convert in the classic edition")
    g = classic({**ENCLOSED, "a1": "light seed"}, enclosed_groups="sight")
    g.play("move g4", "slide g3")
    assert "grow a1" in legal(g)
    g.play("grow a1", "end")
    assert g.pieces["a1"] == "dark tree"
    # a tie (one dendrid each) is not enough
    g = classic({**ENCLOSED, "a1": "light seed", "b1": "light dendrid"},
                enclosed_groups="sight")
    g.play("move g4", "slide g3")
    refused(g, "grow a1", "a1", "strictly")


def test_enclosed_forest():
    pos = {**ENCLOSED, "a1": "light tree"}
    # capture fertilized: an enclosed forest is never captured
    for enclosed in ("never", "sight"):
        g = classic(pos, enclosed_groups=enclosed)
        g.play("move g4", "slide g3")
        refused(g, "capture a1", "a1", "fertile")
    # unprotected + never: it never changes hands
    g = classic(pos, capture="unprotected")
    g.play("move g4", "slide g3")
    refused(g, "capture a1", "a1")
    # unprotected + sight: it sees 2 dark dendrids and 0 light: not protected
    g = classic(pos, capture="unprotected", enclosed_groups="sight")
    g.play("move g4", "slide g3")
    g.play("capture a1", "end")
    assert g.pieces["a1"] == "dark tree"
    # ... but with its owner's dendrids on a2 and b1 it is protected (2 > 0)
    g = classic({**pos, "a2": "light dendrid", "b1": "light dendrid"},
                capture="unprotected", enclosed_groups="sight")
    g.play("move g4", "slide g3")
    refused(g, "capture a1", "a1", "protected")


# -------------------------------------------------------- sprite capture
def test_sprite_capture_off_and_on():
    pos = {"d1": "dark dendrid", "d4": "light dendrid"}
    g = classic(pos)
    g.play("move d1")
    assert {s for s in legal(g) if s.endswith(("d2", "d3", "d4", "d5"))} == \
        {"slide d2", "slide d3"}
    refused(g, "slide d4", "never lands on an enemy dendrid in the classic edition")
    g = classic(pos, sprite_capture=True)
    g.play("move d1")
    assert "slide d4" in legal(g)
    refused(g, "slide d5", "d4")                   # only the first enemy in the way
    g.play("slide d4")
    assert g.pieces == {"d4": "dark dendrid"}       # the light dendrid left the board
    refused(g, "slide d5", "slide")                # no slide after a capture
    assert legal(g) == {"end"}
    g.play("end")
    assert g.pieces == {"d4": "dark dendrid"}
    g.undo()
    g.undo()
    assert g.pieces == {"d1": "dark dendrid", "d4": "light dendrid"}


# ------------------------------------------------------------ power rule
def test_power_rule():
    g = classic({"c3": "dark dendrid"}, power_rule=True)
    g.play("move c3", "slide c4")              # power 2 -> 2
    refused(g, "end", "power", "c3", "c4")
    g.play("slide c5")                         # power 1 < 2
    g.play("end")
    g = classic({"c3": "dark dendrid"})        # classic: no power rule
    g.play("move c3", "slide c4", "end")


def test_power_rule_edge_dendrid_has_no_journey():
    g = classic({"d1": "dark dendrid", "g4": "light dendrid"}, power_rule=True)
    refused(g, "move d1", "d1", "power")
    assert "move d1" not in legal(g)


def test_power_rule_exception_when_trees_grow():
    # d1 (power 0) slides to c1 (power 0). There the dark seed b1's fertile
    # soils a1, b2 (seen by d4 along NW c3 b2 a1) and c2 (seen from c1 along
    # E) are all fertilized: growing it gains a tree, so the turn may end.
    g = classic({"d1": "dark dendrid", "d4": "dark dendrid", "b1": "dark seed"},
                power_rule=True)
    assert "move d1" in legal(g)
    g.play("move d1")
    assert "slide d5" not in legal(g)          # power 2, no tree to gain there
    g.play("slide c1")
    refused(g, "end", "power")
    g.play("grow b1", "end")
    assert g.pieces["b1"] == "dark tree"


# ---------------------------------------------------------- repetition
SUPERKO = {"a1": "dark dendrid", "a3": "light tree", "b1": "light tree",
           "b2": "light tree", "b3": "light tree"}


def test_superko_refuses_move_back():
    g = classic(SUPERKO)
    # a1's only stop is a2 (a3, b1, b2 block); from a2 the only stop is a1
    g.play("move a1", "slide a2", "end", "pass")
    # going back would end on the starting board
    refused(g, "move a2", "a2", "the repetition rule")
    assert "move a2" not in legal(g)
    g = classic(SUPERKO, superko="off")
    g.play("move a1", "slide a2", "end", "pass", "move a2", "slide a1", "end")
    assert g.pieces["a1"] == "dark dendrid"


def test_superko_refuses_end_on_an_earlier_board():
    g = classic({"d2": "dark dendrid", "g4": "light tree"})
    g.play("move d2", "slide d3", "end", "pass", "move d3", "slide d2")
    # the board is the starting one; a further slide to d1 is possible
    refused(g, "end", "the repetition rule")
    assert "slide d1" in legal(g)
    g.play("slide d1", "end")


def test_pass_is_exempt_from_repetition():
    g = classic({"d2": "dark dendrid", "d6": "light dendrid"})
    g.play("pass")                            # same board as the start: fine
    assert g.to_move == "light" and not g.is_over
    g.play("move d6", "slide d5", "end", "pass")
    assert not g.is_over                      # passes were not in a row


# ---------------------------------------------------------- no dead ends
def test_no_dead_end_slide_repetition():
    g = classic({"d1": "dark dendrid", "g4": "light tree"})
    g.play("move d1", "slide d2", "end", "pass", "move d2")
    # west of d2 the only stop is d1, the starting board, and the edge stops
    # any further slide: a dead end, refused at once
    refused(g, "slide d1", "d1", "dead end")
    assert "slide d1" not in legal(g) and "slide d3" in legal(g)
    g = classic({"d1": "dark dendrid", "g4": "light tree"}, superko="off")
    g.play("move d1", "slide d2", "end", "pass", "move d2", "slide d1", "end")


def test_no_dead_end_slide_power_rule():
    # d3 has power 2; east, d4 (power 3) is the only stop before the tree d5
    g = classic({"d3": "dark dendrid", "d5": "light tree"}, power_rule=True)
    g.play("move d3")
    refused(g, "slide d4", "d4", "dead end")
    assert "slide d4" not in legal(g)
    g.play("slide d2", "end")                  # power 1


# ------------------------------------------------------------- pass, end
def test_two_passes_end_the_game():
    g = classic({"d2": "dark tree"})
    g.play("pass")
    assert not g.is_over and g.to_move == "light"
    g.play("pass")
    assert g.is_over and g.phase == "over"
    assert g.legal_steps() == []
    refused(g, "plant d4", "over")
    refused(g, "pass", "over")
    assert g.winner == "dark"            # 1 + 0.5 against 0


def test_pass_inside_a_turn_is_refused():
    g = classic({})
    g.play("plant d4")
    refused(g, "pass", "end")


# ----------------------------------------------------------- move limit
def _dmove(g, frm, to):
    g.play(f"move {frm}", f"slide {to}", "end")


LIMIT = {"a1": "dark dendrid", "g1": "light dendrid"}


def test_dendrid_move_limit_1():
    g = classic(LIMIT, dendrid_move_limit=1)
    _dmove(g, "a1", "a2")
    assert not g.is_over
    _dmove(g, "g1", "g2")
    assert g.is_over and "limit" in g.end_reason
    assert g.winner == "draw"            # no forest on either side


def test_dendrid_move_limit_2_and_resets():
    g = classic(LIMIT, dendrid_move_limit=2)
    _dmove(g, "a1", "a2")
    _dmove(g, "g1", "g2")
    _dmove(g, "a2", "a3")
    assert not g.is_over
    _dmove(g, "g2", "g3")
    assert g.is_over
    # a plant breaks the run
    g = classic(LIMIT, dendrid_move_limit=1)
    _dmove(g, "a1", "a2")
    g.play("plant d4", "end")
    _dmove(g, "a2", "a3")
    assert not g.is_over


def test_a_pass_keeps_the_dendrid_move_count():
    """docs/rules.md 2.3: the limit counts the turns without a plant, passes
    included, so a player who can only pass cannot make the game endless."""
    g = classic(LIMIT, dendrid_move_limit=1)
    _dmove(g, "a1", "a2")
    g.play("pass")
    assert g.is_over and "limit" in g.end_reason
    g = classic(LIMIT, dendrid_move_limit=2)
    _dmove(g, "a1", "a2")
    g.play("pass")
    _dmove(g, "a2", "a3")
    assert not g.is_over
    g.play("pass")
    assert g.is_over and "limit" in g.end_reason
    assert g.legal_steps() == []
    # the end is taken back with the pass
    g.undo()
    assert not g.is_over and g.to_move == "light"
    # two passes in a row end the game first, whatever the count
    g = classic(LIMIT, dendrid_move_limit=3)
    g.play("pass", "pass")
    assert g.is_over and g.end_reason == "two passes in a row"


def test_opening_and_swap_in_the_dendrid_move_count():
    """The opening placement is a turn that is not a dendrid move, and a
    swap is not a turn at all."""
    g = Game("dendria-classic", size=4, dendrid_move_limit=1)
    g.play("plant a1", "end")
    g.play("pass")                    # the opening seed broke any run
    assert not g.is_over
    g = Game("dendria-classic", size=4, dendrid_move_limit=1)
    g.play("plant a1", "end", "swap")
    g.play("pass")                    # the swap did not count as a turn
    assert not g.is_over


def test_the_count_starts_afresh_from_a_position():
    g = classic(LIMIT, dendrid_move_limit=1)
    _dmove(g, "a1", "a2")
    again = Game.from_position(g.position_string())
    _dmove(again, "g1", "g2")
    assert not again.is_over          # one turn without a plant since the position
    _dmove(again, "a2", "a3")
    assert again.is_over


def test_dendrid_move_limit_default_and_null():
    g = classic(LIMIT)
    assert g.options["dendrid_move_limit"] == 10
    g = classic(LIMIT, dendrid_move_limit=None)
    for a, b, c, d in (("a1", "a2", "g1", "g2"), ("a2", "a3", "g2", "g3"),
                       ("a3", "a4", "g3", "g4")):
        _dmove(g, a, b)
        _dmove(g, c, d)
    assert not g.is_over


# --------------------------------------------------------------- opening
def test_pie_opening():
    g = Game("dendria-classic", size=4)
    assert g.phase == "opening" and g.to_move == "dark"
    assert legal(g) == {f"plant {g.board.name(i)}" for i in g.board.plots}
    refused(g, "pass", "plant")
    g.play("plant a1")
    assert legal(g) == {"end"}
    refused(g, "plant a2", "to begin a turn")
    g.play("end")
    assert g.phase == "swap" and g.to_move == "light"
    steps = legal(g)
    assert {"swap", "pass", "plant d4"} <= steps
    g.play("swap")
    # the players exchanged colours; Light is still to move; the board stays
    assert g.phase == "turn" and g.to_move == "light"
    assert g.state.swapped
    assert g.pieces == {"a1": "dark seed"}
    refused(g, "swap", "swap")
    g.play("plant d4", "end")
    assert g.to_move == "dark"


def test_swap_is_not_a_turn_between_passes():
    # Light swaps, then passes; Dark's pass is the second pass in a row
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end", "swap", "pass")
    assert not g.is_over and g.to_move == "dark"
    g.play("pass")
    assert g.is_over


def test_pie_light_may_play_instead():
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end", "plant a1", "end")
    assert g.to_move == "dark" and g.phase == "turn"
    refused(g, "swap", "swap")
    assert not g.state.swapped


def test_opening_plant_needs_no_hunger_and_no_conversions():
    # the opening allows a plot nourished or not; here every plot is hungry
    # (empty board), so check the other half: nothing but end after it
    g = Game("dendria-classic", size=4)
    g.play("plant d4")
    refused(g, "sprout d4", "opening")
    refused(g, "grow d4", "opening")


def test_komi_pie():
    g = Game("dendria-classic", size=4, opening="komi-pie", komi_max=5)
    assert g.phase == "komi" and g.to_move == "dark"
    assert legal(g) == {f"komi {k}" for k in range(6)}
    refused(g, "komi 6", "5")
    refused(g, "plant d4", "komi")
    refused(g, "pass", "komi")
    g.play("komi 3")
    assert g.phase == "side" and g.to_move == "light"
    assert legal(g) == {"side dark", "side light"}
    refused(g, "plant d4", "side")
    refused(g, "komi 2", "side")
    g.play("side light")
    assert g.phase == "turn" and g.to_move == "dark"
    assert g.state.second_side == 1
    assert g.pieces == {}
    assert g.score()["light"]["total"] == 3
    g.play("plant d4", "end")
    assert g.to_move == "light"


def test_komi_max_null_is_the_number_of_plots():
    g = Game("dendria-classic", size=4, opening="komi-pie")
    assert legal(g) == {f"komi {k}" for k in range(38)}
    g = Game("dendria-classic", size=4, opening="komi-pie", komi_max=0)
    assert legal(g) == {"komi 0"}


def test_opening_none():
    g = Game("dendria-classic", size=4, opening="none")
    assert g.phase == "turn" and g.to_move == "dark"
    assert legal(g) == {f"plant {g.board.name(i)}" for i in g.board.plots} | {"pass"}
    g.play("plant d4", "end")
    assert g.phase == "turn" and g.to_move == "light"
    refused(g, "swap", "swap")


# --------------------------------------------------------------- scoring
# dark forests {a1 a2 a3}, {d1 d2 d3}, {g1 g2}: sizes 3, 3, 2;
# light forest {d5 d6 d7}: size 3
FORESTS = {"a1": "dark tree", "a2": "dark tree", "a3": "dark tree",
           "d1": "dark tree", "d2": "dark tree", "d3": "dark tree",
           "g1": "dark tree", "g2": "dark tree",
           "d5": "light tree", "d6": "light tree", "d7": "light tree"}


def test_distinct_sizes_scoring():
    g = classic(FORESTS)
    s = g.score()
    # dark: distinct sizes 3 + 2 = 5; majorities: size 3 (2 forests to 1)
    # and size 2 (1 to 0): +2; largest forests [3, 3, 2] > [3]: +0.5
    assert s["dark"]["total"] == 7.5
    # light: 3, no majority, no bonus
    assert s["light"]["total"] == 3
    g.play("pass", "pass")
    assert g.winner == "dark"


def test_komi_added_to_light_and_draw():
    g = classic(FORESTS, komi=4.5)
    assert g.score()["light"]["total"] == 7.5
    g.play("pass", "pass")
    assert g.winner == "draw"
    g = classic(FORESTS, komi=5)
    g.play("pass", "pass")
    assert g.winner == "light"


def test_leafiness_scoring():
    g = classic(FORESTS, scoring="leafiness")
    s = g.score()
    assert s["dark"]["total"] == 6 + 6 + 3 + 0.5
    assert s["light"]["total"] == 6


def test_largest_forests_bonus():
    # identical lists: nobody gets the 0.5
    g = classic({"a1": "dark tree", "g1": "light tree"})
    assert g.score()["dark"]["total"] == g.score()["light"]["total"] == 1
    g.play("pass", "pass")
    assert g.winner == "draw"
    # [3] against [3, 1]: light is greater (a missing entry counts as 0).
    # dark: 3 + 0; light: 3 + 1 + majority of size 1 (+1) + 0.5
    g = classic({"a1": "dark tree", "a2": "dark tree", "a3": "dark tree",
                 "g1": "light tree", "g2": "light tree", "g3": "light tree",
                 "d4": "light tree"})
    s = g.score()
    assert s["dark"]["total"] == 3
    assert s["light"]["total"] == 3 + 1 + 1 + 0.5
    # equal counts are no majority: [2, 2] against [2, 2]
    g = classic({"a1": "dark tree", "a2": "dark tree", "d1": "dark tree",
                 "d2": "dark tree", "g1": "light tree", "g2": "light tree",
                 "d6": "light tree", "d7": "light tree"})
    assert g.score()["dark"]["total"] == g.score()["light"]["total"] == 2


def test_seeds_and_dendrids_score_nothing():
    g = classic({"a1": "dark seed", "a2": "dark dendrid", "d4": "light seed"})
    assert g.score()["dark"]["total"] == g.score()["light"]["total"] == 0


# ---------------------------------------------------------- refusals
def test_refusal_leaves_everything_as_it_was():
    g = classic(JOURNEY)
    g.play("move d1", "slide d3")
    before = snapshot(g)
    rec = g.to_record()
    with pytest.raises(IllegalStep) as e:
        g.play("slide d5", "slide c1")   # the first is legal, the second not
    assert "c1" in str(e.value)
    assert snapshot(g) == before and g.to_record() == rec

"""The sprites edition (docs/rules.md sections 1-2, every sprites option), with
small hand-made positions whose facts are worked out by hand.

Most positions are on the hexagon of side 4 (37 plots). Its cells, with
axial (q, r), row by row:

    a (r=-3): a1 (0,-3)  a2 (1,-3)  a3 (2,-3)  a4 (3,-3)
    b (r=-2): b1 (-1,-2) b2 (0,-2) ... b5 (3,-2)
    c (r=-1): c1 (-2,-1) c2 (-1,-1) c3 (0,-1) c4 (1,-1) ... c6 (3,-1)
    d (r=0):  d1 (-3,0) ... d4 (0,0) ... d7 (3,0)
    e (r=1):  e1 (-3,1) e2 (-2,1) e3 (-1,1) e4 (0,1) e5 (1,1) e6 (2,1)
    f (r=2):  f1 (-3,2) ... f4 (0,2) f5 (1,2)
    g (r=3):  g1 (-3,3) g2 (-2,3) g3 (-1,3) g4 (0,3)

Power (docs/rules.md 1) on side 4 is 3 - max(|q|, |r|, |q+r|): d4 has 3; c3,
c4, e4 ... have 2; b2, b3, b4, d6, e5 ... have 1; the edge (a*, b1, b5,
d1, d7, ...) has 0.
"""

import random
import re

import pytest

from dendria_widget import BadBoard, Board, Game
from dendria_widget.rules.options import DEFAULTS
from dendria_widget.render.overlays import offered

from conftest import legal, refused

SPRITES = DEFAULTS["dendria-sprites"]
CLASSIC = DEFAULTS["dendria-classic"]


def sprites(pieces, to_move="dark", size=4, komi=None, board=None, **options):
    """A dendria-sprites game in normal play from a hand-made position."""
    pos = {"to_move": to_move, "pieces": dict(pieces)}
    if komi is not None:
        pos["komi"] = komi
    rules = {"ruleset": "dendria-sprites",
             "board": board or {"shape": "hexagon", "size": size}, "options": options}
    return Game.from_position(pos, rules=rules)


def classic(pieces, to_move="dark", size=4, **options):
    rules = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": size},
             "options": options}
    return Game.from_position({"to_move": to_move, "pieces": dict(pieces)}, rules=rules)


# ------------------------------------------------------------ the edition
def test_sprites_defaults_and_boards():
    g = Game("dendria-sprites")
    assert g.board is Board.hexagon(6)            # sprites: side 6 recommended
    assert g.options == SPRITES
    assert SPRITES == {
        "edge_sight": "touching", "sowing": "non-touching", "grow_after_plant": "none",
        "sprout_on_move": True, "convert_at_start": True, "capture": "unprotected",
        "enclosed_groups": "sight", "sprite_capture": True, "power_rule": True,
        "superko": "positional", "dendrid_move_limit": None, "opening": "komi-pie",
        "komi_max": None, "scoring": "leafiness"}
    assert Game("dendria-sprites", size=6).board.n_plots == 91
    assert Game("dendria-sprites", size=5).board.n_plots == 61
    assert Game("dendria-sprites", board="flower-13").board.n_plots == 91
    with pytest.raises(BadBoard):
        Game("dendria-sprites", board="no-such-board")


@pytest.mark.parametrize("n", [5, 6, 7])
def test_power_is_the_hexagon_formula(n):
    b = Board.hexagon(n)
    for i in b.plots:
        q, r = b.axial(i)
        assert b.power[i] == n - 1 - max(abs(q), abs(r), abs(q + r))


def test_power_by_name_on_side_6():
    # the centre f6 has power 5, the corner a1 0, b2 = (0,-4) 1
    b = Board.hexagon(6)
    assert [b.power[b.cell(x)] for x in ("f6", "a1", "b2")] == [5, 0, 1]


# --------------------------------------------------------------- edge_sight
# a1 = (0,-3) is a corner. Its rays: E [a2 a3 a4], SW [b1 c1 d1],
# SE [b2 c3 d4 e4 f4 g4]; W, NE and NW leave the board at once (empty rays).
BLOCKED_CORNER = {"a2": "light seed", "b1": "light seed", "b2": "light seed"}


def test_touching_edge_cells_always_see_the_edge():
    # literal (classic): the three non-empty rays end on seeds, the empty
    # ones are ignored, so a1 is nourished and nobody may plant there
    g = classic(BLOCKED_CORNER)
    refused(g, "plant a1", "nourished")
    # touching (sprites): the empty rays W, NE, NW see the edge: hungry
    g = sprites(BLOCKED_CORNER)
    assert "plant a1" in legal(g)
    g.play("sow a1", "end")
    assert g.pieces["a1"] == "dark seed"
    # the option moves between editions both ways
    assert "plant a1" in legal(classic(BLOCKED_CORNER, edge_sight="touching"))
    refused(sprites(BLOCKED_CORNER, edge_sight="literal"), "plant a1", "nourished")


def test_an_edge_seed_never_sprouts_under_touching():
    # dark seed a1 with dark trees on the first plot of each non-empty ray:
    # 3 dark nourishers, 0 light. Under literal it is nourished and sprouts;
    # under touching its empty rays see the edge: hungry, no sprouting.
    pieces = {"a1": "dark seed", "a2": "dark tree", "b1": "dark tree", "b2": "dark tree"}
    # g1 = (-3,3) is hungry either way (its east ray g2 g3 g4 is empty) and
    # has no dark neighbour, so Dark may sow there and then try to sprout
    g = sprites(pieces)
    g.play("sow g1")
    refused(g, "sprout a1", "hungry")
    g = sprites(pieces, edge_sight="literal")
    g.play("sow g1", "sprout a1", "end")
    assert g.pieces["a1"] == "dark dendrid"


# ----------------------------------------------------------- power rule
def test_power_rule_refuses_equal_or_higher_power():
    # dark dendrid on b2 (power 1); east lie b3 (1), b4 (1), b5 (0)
    g = sprites({"b2": "dark dendrid"})
    g.play("move b2", "slide b3")
    reason = refused(g, "end", "power rule", "b2", "power 1", "b3")
    assert "lower power" in reason
    g.play("slide b4")
    refused(g, "end", "power rule")
    g.play("slide b5", "end")                    # power 0 < 1
    assert g.pieces == {"b5": "dark dendrid"} and g.to_move == "light"
    # without the power rule the short journey is fine
    g = sprites({"b2": "dark dendrid"}, power_rule=False)
    g.play("move b2", "slide b3", "end")


def test_power_rule_refuses_a_journey_from_the_edge():
    # b1 = (-1,-2) is on the edge (power 0): every journey ends on power
    # >= 0 and there is nothing to grow or capture, so the move itself is
    # refused (no dead ends)
    g = sprites({"b1": "dark dendrid"})
    refused(g, "move b1", "power rule")
    assert "move b1" not in legal(g)
    assert "move b1" in legal(sprites({"b1": "dark dendrid"}, power_rule=False))
    # classic with the power rule mixed in refuses it too
    refused(classic({"b1": "dark dendrid"}, power_rule=True), "move b1", "power rule")


def test_power_rule_gives_way_when_a_grow_gains_trees():
    # light seed a1, dark trees a2 and b1: the seedbed {a1} has one fertile
    # soil, b2. The dark dendrid on b4 (power 1) looks west along b3, b2
    # (then the tree on b1): it fertilizes b2, so Dark may grow a1.
    pieces = {"a1": "light seed", "a2": "dark tree", "b1": "dark tree", "b4": "dark dendrid"}
    g = sprites(pieces)
    g.play("move b4", "slide b3")                 # b3 has power 1 too
    refused(g, "end", "power rule")
    g.play("grow a1")                            # dark trees 2 -> 3
    assert g.pieces["a1"] == "dark tree"
    g.play("end")
    assert g.pieces["b3"] == "dark dendrid"
    # growing at the start (convert_at_start) counts the same
    g = sprites(pieces)
    g.play("move b4", "grow a1", "slide b3", "end")


def test_power_rule_gives_way_when_a_capture_gains_trees():
    # a lone light tree on a1 with no light dendrid anywhere is unprotected
    g = sprites({"a1": "light tree", "b4": "dark dendrid"})
    g.play("move b4", "slide b3")
    refused(g, "end", "power rule")
    g.play("capture a1", "end")
    assert g.pieces == {"a1": "dark tree", "b3": "dark dendrid"}


# -------------------------------------------------------------- sowing
# d4 = (0,0) has neighbours d5 (E), c4 (NE), c3 (NW), d3 (W), e3 (SW),
# e4 (SE). c3-c4 touch (c3 + E = c4); c3, d5, e3 are pairwise two apart.
def test_sowing_refused_next_to_two_touching_friends():
    g = sprites({"c3": "dark seed", "c4": "dark seed"})   # d4 still sees east
    reason = refused(g, "sow d4", "c3", "c4", "touch")
    assert "d4" in reason
    assert "plant d4" not in legal(g)
    # every category counts
    refused(sprites({"c3": "dark tree", "c4": "dark dendrid"}), "sow d4", "c3", "c4")


def test_sowing_allowed_next_to_non_touching_friends():
    g = sprites({"c3": "dark seed", "d5": "dark seed"})
    assert "plant d4" in legal(g)
    # three pairwise non-touching friends (the most there can be); d4 still
    # sees the edge north-east: c4, b4, a4 are empty
    g = sprites({"c3": "dark seed", "d5": "dark tree", "e3": "dark dendrid"})
    g.play("sow d4", "end")
    # touching enemy pieces do not matter
    assert "plant d4" in legal(sprites({"c3": "light seed", "c4": "light seed"}))


def test_sowing_option_both_ways():
    touching_friends = {"c3": "dark seed", "c4": "dark seed"}
    assert "plant d4" in legal(classic(touching_friends))
    refused(classic(touching_friends, sowing="non-touching"), "plant d4", "touch")
    assert "plant d4" in legal(sprites(touching_friends, sowing="any"))


# ------------------------------------------------------- sprite capture
# row d: the dark dendrid on d4 (power 3) looks east over d5, d6, d7.
CAPTURE = {"d4": "dark dendrid", "d5": "light seed", "d6": "light dendrid"}


def test_a_sprite_captures_the_first_enemy_sprite_in_the_way():
    g = sprites(CAPTURE)
    g.play("move d4")
    # beyond the light dendrid the way is blocked
    refused(g, "slide d7", "blocked", "light sprite", "d6")   # the edition's words
    g.play("slide d6")                           # over the seed, onto d6
    assert g.pieces == {"d5": "light seed", "d6": "dark dendrid"}
    refused(g, "slide d7", "no slide may follow")
    g.play("end")                                # d6 has power 1 < 3
    assert g.to_move == "light"
    # undo brings the captured sprite back
    g.undo()
    g.undo()
    assert g.pieces == CAPTURE


def test_sprite_is_a_synonym_of_dendrid_on_input():
    g = sprites({"d4": "dark sprite", "d6": "light sprite"})
    assert g.pieces == {"d4": "dark dendrid", "d6": "light dendrid"}
    g.play("move d4", "slide d6", "end")
    assert g.pieces == {"d6": "dark dendrid"}


def test_own_sprites_are_jumped_and_captures_off_in_classic():
    # over its own dendrid on d5 to the light dendrid on d6
    g = sprites({"d4": "dark dendrid", "d5": "dark dendrid", "d6": "light dendrid"})
    g.play("move d4", "slide d6", "end")
    assert g.pieces == {"d5": "dark dendrid", "d6": "dark dendrid"}
    g = classic(CAPTURE)
    g.play("move d4")
    # the refusal says which rules refuse: the edition, in its own words
    refused(g, "slide d6", "never lands on an enemy dendrid in the classic edition")
    g = sprites(dict(CAPTURE), sprite_capture=False)
    g.play("move d4")
    # under changed options, the option and its value (for a designer)
    refused(g, "slide d6", "under these rules: the option sprite_capture is off")
    g = classic(CAPTURE, sprite_capture=True)
    g.play("move d4", "slide d6", "end")
    assert "light dendrid" not in g.pieces.values()


def test_a_capture_uphill_needs_a_conversion_after_it():
    # the dark dendrid d5 (power 2) may capture the light dendrid on d4
    # (power 3) only if a conversion then gains a tree: after a capture no
    # slide may follow, so otherwise the power rule leaves no legal end
    g = sprites({"d5": "dark dendrid", "d4": "light dendrid"})
    g.play("move d5")
    refused(g, "slide d4", "dead end")
    g = sprites({"d5": "dark dendrid", "d4": "light dendrid"}, power_rule=False)
    g.play("move d5", "slide d4", "end")
    # light seed a1 with dark trees on a2 and b1 has one fertile soil, b2.
    # From d4 the dendrid looks north-west along c3, b2 (from d5 it does
    # not see b2: its north-west ray is c4, b3, then the tree on a2).
    # Conversions may follow a capture, as at any stop.
    g = sprites({"d5": "dark dendrid", "d4": "light dendrid", "a1": "light seed",
                 "a2": "dark tree", "b1": "dark tree"})
    g.play("move d5")
    refused(g, "grow a1", "b2", "not fertilized")
    g.play("slide d4")
    refused(g, "end", "power rule")
    g.play("grow a1", "end")
    assert g.pieces == {"d4": "dark dendrid", "a1": "dark tree", "a2": "dark tree",
                        "b1": "dark tree"}


# ------------------------------------------------- conversions at start
# The light seed c3 = (0,-1) has a piece on each neighbour: c4 (E), b3 (NE),
# b2 (NW), c2 (W), d3 (SW), d4 (SE). Dark: c4, c2, d3 seeds and the dendrid
# d4; light: b3, b2 seeds. Nourishers 4 dark against 2: Dark may sprout it.
# Once the dendrid leaves d4 eastwards, c3's south-east ray d4 e4 f4 g4 is
# empty and c3 sees the edge: hungry (under both edge_sight readings).
START = {"c3": "light seed", "c4": "dark seed", "c2": "dark seed", "d3": "dark seed",
         "d4": "dark dendrid", "b3": "light seed", "b2": "light seed"}


def test_conversions_at_the_start_of_a_journey():
    g = sprites(START)
    g.play("move d4")
    assert "sprout c3" in legal(g)
    g.play("sprout c3", "slide d5", "end")
    assert g.pieces["c3"] == "dark dendrid" and g.pieces["d5"] == "dark dendrid"
    # judged with the dendrid where it stands: after one slide it is too late
    g = sprites(START)
    g.play("move d4", "slide d5")
    refused(g, "sprout c3", "hungry")


def test_convert_at_start_option_both_ways():
    g = sprites(START, convert_at_start=False)
    g.play("move d4")
    refused(g, "sprout c3", "only after a slide")
    g = classic(START)
    g.play("move d4")
    refused(g, "sprout c3", "only after a slide")
    g = classic(START, convert_at_start=True)
    g.play("move d4", "sprout c3", "slide d5", "end")
    assert g.pieces["c3"] == "dark dendrid"


# --------------------------------------------- capture unprotected
# The light tree a1 has fertile soils a2, b1, b2. A light dendrid on b3
# sees b2 and b1 (west) and a2 (north-west, (1,-3)): the forest is
# protected. On b4 it sees b3, b2, b1 (west) but not a2 (b4 looks north-west
# to a3 and north-east to a4): unprotected. The dark dendrid e4 = (0,1)
# (power 2) makes the journey; it looks north-west along d4, c3, b2.
def test_a_protected_forest_cannot_be_captured():
    g = sprites({"a1": "light tree", "b3": "light dendrid", "e4": "dark dendrid"})
    g.play("move e4")
    refused(g, "capture a1", "protected", "fertilized by its owner")
    g.play("slide f4")
    refused(g, "capture a1", "protected")


def test_an_unprotected_forest_is_captured_without_fertilizing_it():
    pieces = {"a1": "light tree", "b4": "light dendrid", "e4": "dark dendrid"}
    g = sprites(pieces)
    g.play("move e4", "capture a1")
    assert g.pieces["a1"] == "dark tree"
    g.play("slide f4", "end")
    # the classic rule wants every fertile soil fertilized by the mover:
    # Dark sees only b2, not a2 or b1
    g = sprites(pieces, capture="fertilized")
    g.play("move e4")
    refused(g, "capture a1", "a2", "b1", "not fertilized by your sprites")


# a1 enclosed: a2, b1, b2 occupied, no fertile soil. a1 sees a2 (east), b1
# (south-west), b2 (south-east) and nothing else.
def test_an_enclosed_forest_is_protected_by_sight():
    pieces = {"a1": "light tree", "a2": "light dendrid", "b1": "dark seed",
              "b2": "dark seed", "e4": "dark dendrid"}
    g = sprites(pieces)                          # sees 1 light dendrid, 0 dark
    g.play("move e4")
    refused(g, "capture a1", "protected", "no fertile plot")
    pieces["b1"] = "dark dendrid"                # 1 against 1: not protected
    g = sprites(pieces)
    g.play("move e4", "capture a1", "slide f4", "end")
    assert g.pieces["a1"] == "dark tree"
    g = sprites(pieces, enclosed_groups="never")  # enclosed forests never change hands
    g.play("move e4")
    refused(g, "capture a1", "never")


# ------------------------------------------------- enclosed seedbeds
# The light seedbed a1 a2 touches b1, b2 (from a1) and a3, b2, b3 (from a2):
# all occupied. a1 sees b1 and b2; a2 sees a3, b2 and b3 (each sees the
# other member first along row a). The dark dendrid b2 is seen by both
# members: counted once.
def test_an_enclosed_seedbed_grows_by_sight_counting_distinct_dendrids():
    pieces = {"a1": "light seed", "a2": "light seed", "b1": "dark tree",
              "b2": "dark dendrid", "a3": "light dendrid", "b3": "dark tree",
              "e4": "dark dendrid"}
    g = sprites(pieces)                          # dark 1 (b2) against light 1 (a3)
    g.play("move e4")
    refused(g, "grow a1", "no fertile plot", "1 of your sprites against 1")
    pieces["b3"] = "dark dendrid"                # dark 2 against 1
    g = sprites(pieces)
    g.play("move e4", "grow a2")
    assert g.pieces["a1"] == g.pieces["a2"] == "dark tree"
    g = sprites(pieces, enclosed_groups="never")
    g.play("move e4")
    refused(g, "grow a1", "never")


# ------------------------------------------------ no growth after sowing
# The dark dendrid b3 sees b2, b1 (west) and a2 (north-west): every fertile
# soil of a seed sown on a1 is fertilized by Dark.
def test_no_growth_after_sowing():
    g = sprites({"b3": "dark dendrid"})
    g.play("sow a1")
    refused(g, "grow a1", "no seedbed grows")
    g.play("end")
    assert g.pieces["a1"] == "dark seed"
    g = classic({"b3": "dark dendrid"})           # classic: the new seedbed may grow
    g.play("plant a1", "grow a1", "end")
    assert g.pieces["a1"] == "dark tree"
    refused(classic({"b3": "dark dendrid"}, grow_after_plant="none").play("plant a1"),
            "grow a1", "no seedbed grows")
    g = sprites({"b3": "dark dendrid"}, grow_after_plant="planted")
    g.play("sow a1", "grow a1", "end")
    assert g.pieces["a1"] == "dark tree"


def test_sprouting_still_follows_sowing():
    # a sow may be followed by sprouts: the light seed c3 of START is
    # sproutable by Dark (4 nourishers against 2) while d4 holds the dendrid
    g = sprites(START)
    g.play("sow g1", "sprout c3", "end")
    assert g.pieces["c3"] == "dark dendrid"


# ------------------------------------------------------------ komi pie
def test_komi_pie_opening():
    g = Game("dendria-sprites", size=4)
    assert (g.phase, g.to_move) == ("komi", "dark")   # the first player
    # komi_max null: 0 to the number of plots, 37 on side 4
    assert [str(s) for s in g.legal_steps()] == [f"komi {k}" for k in range(38)]
    refused(g, "komi 38", "from 0 to 37")
    refused(g, "plant d4", "komi")
    refused(g, "side dark", "komi")
    g.play("komi 5")
    assert (g.phase, g.to_move) == ("side", "light")  # the second player's choice
    assert legal(g) == {"side dark", "side light"}
    refused(g, "komi 3", "side")
    refused(g, "pass", "side")
    g.play("side light")
    assert (g.phase, g.to_move) == ("turn", "dark")   # then Dark on the empty board
    assert g.pieces == {}
    g.play("pass", "pass")
    assert g.is_over
    s = g.score()
    assert s["light"]["komi"] == 5 and s["light"]["total"] == 5
    assert s["dark"]["total"] == 0 and g.winner == "light"


def test_komi_max_and_mixing_openings():
    g = Game("dendria-sprites", size=4, komi_max=3)
    assert legal(g) == {"komi 0", "komi 1", "komi 2", "komi 3"}
    refused(g, "komi 4", "from 0 to 3")
    g = Game("dendria-sprites", size=4, komi_max=0)
    assert legal(g) == {"komi 0"}
    g = Game("dendria-classic", size=5, opening="komi-pie")
    assert g.phase == "komi" and len(g.legal_steps()) == 62   # komi 0..61
    g.play("komi 0", "side dark")
    assert g.phase == "turn"
    g = Game("dendria-sprites", size=4, opening="pie")
    assert g.phase == "opening"
    g.play("plant d4", "end")
    assert g.phase == "swap"
    g = Game("dendria-sprites", size=4, opening="none")
    assert (g.phase, g.to_move) == ("turn", "dark")
    with pytest.raises(Exception, match="komi_max"):
        Game("dendria-sprites", size=4, komi_max=-1)


# ------------------------------------------------------------- scoring
def over(g):
    g.play("pass", "pass")
    assert g.is_over
    return g


def test_leafiness_with_the_bonus_and_komi():
    # dark forests: a1 a2 a3 (size 3) and g4 (size 1); light: d1 e1 (size 2,
    # d1 = (-3,0) and e1 = (-3,1) touch). Dark 3*4/2 + 1 = 7, light 3.
    # Sizes from largest: dark [3, 1] > light [2, 0]: Dark gets the 0.5.
    # Komi 2.5 goes to Light: 7.5 against 5.5.
    pieces = {"a1": "dark tree", "a2": "dark tree", "a3": "dark tree", "g4": "dark tree",
              "d1": "light tree", "e1": "light tree"}
    g = over(sprites(pieces, komi=2.5))
    s = g.score()
    assert s["dark"]["leafiness"] == 7 and s["light"]["leafiness"] == 3
    assert s["dark"]["largest_forests_bonus"] == 0.5 and s["light"]["largest_forests_bonus"] == 0
    assert s["dark"]["total"] == 7.5 and s["light"]["total"] == 5.5
    assert g.winner == "dark"
    # the same board scored by distinct sizes (option mixed into sprites):
    # dark 3 + 1 + a majority in size 3 and in size 1 = 6, + 0.5 = 6.5;
    # light 2 + a majority in size 2 = 3, + komi 2.5 = 5.5
    s = over(sprites(pieces, komi=2.5, scoring="distinct-sizes")).score()
    assert (s["dark"]["total"], s["light"]["total"]) == (6.5, 5.5)
    # and classic with leafiness
    g = classic(pieces, scoring="leafiness")
    g.play("pass", "pass")
    assert g.score()["dark"]["total"] == 7.5


def test_leafiness_bonus_compares_the_largest_forests_first():
    # dark [2, 2]: 3 + 3 = 6; light [3]: 6. Light's largest is larger: +0.5
    pieces = {"a1": "dark tree", "a2": "dark tree", "g3": "dark tree", "g4": "dark tree",
              "d1": "light tree", "e1": "light tree", "f1": "light tree"}
    g = over(sprites(pieces))
    s = g.score()
    assert (s["dark"]["total"], s["light"]["total"]) == (6, 6.5)
    assert g.winner == "light"
    # identical sizes: nobody gets the bonus; komi decides, or a draw
    pieces = {"a1": "dark tree", "a2": "dark tree", "d1": "light tree", "e1": "light tree"}
    g = over(sprites(pieces))
    s = g.score()
    assert (s["dark"]["total"], s["light"]["total"]) == (3, 3) and g.winner == "draw"
    assert over(sprites(pieces, komi=1)).winner == "light"
    assert over(sprites(pieces, komi=-1)).winner == "dark"


# ----------------------------------------------- editions are presets
@pytest.mark.parametrize("base, other", [("dendria-classic", SPRITES),
                                         ("dendria-sprites", CLASSIC)])
def test_every_option_moves_between_editions(base, other):
    """An edition with every option of the other edition plays exactly like
    the other edition: same legal steps along a whole seeded game."""
    import random
    twin = "dendria-sprites" if base == "dendria-classic" else "dendria-classic"
    a = Game(base, size=4, **other)
    b = Game(twin, size=4)
    assert a.options == b.options
    rng = random.Random(7)
    for _ in range(60):
        if b.is_over:
            break
        la, lb = [str(s) for s in a.legal_steps()], [str(s) for s in b.legal_steps()]
        assert la == lb
        step = rng.choice(lb)
        a.play(step)
        b.play(step)
        assert a.pieces == b.pieces and a.phase == b.phase
    assert a.score() == b.score()


CLASSIC_ONLY = re.compile(r"(?i)\b(soils?|plant|plants|planted|planting|dendrids?)\b")


def _sprites_texts(game):
    """Everything the board says of a sprites position in words: each cell's
    details, and each overlay's button, tooltip, caption and key."""
    from dendria_widget.explain import describe
    from dendria_widget.render.scene import build_scene

    texts = []
    cells = game.board.names(game.board.plot_mask)
    for cell in cells:
        texts += describe(game, cell)
    for overlay in offered(game.variant):
        texts += [overlay.label, overlay.tooltip]
        for focus in [None, *sorted(game.pieces)[:3], cells[0]]:
            scene = build_scene(game, overlays=[overlay.name], focus=focus)
            texts += list(scene.captions.values()) + [entry[2] for entry in scene.key]
    return texts


def test_the_board_explains_a_sprites_game_in_sprites_words():
    """Details, overlay buttons, captions and keys say plot, sow and sprite
    in the sprites edition (written once with the edition's words, never
    reworded), and no classic word: soil, plant, dendrid."""
    found = set()
    for seed in range(4):
        rng = random.Random(seed)
        game = Game("dendria-sprites", size=4)
        for _ in range(60):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_steps()))
        texts = _sprites_texts(game)
        assert len(texts) > 50
        found |= {t for t in texts if CLASSIC_ONLY.search(t)}
    assert not found, "\n".join(sorted(found))
    # the same sentences in a classic game do say soil and dendrid
    game = Game("dendria-classic", size=4)
    game.play("plant d4", "end")
    assert any(CLASSIC_ONLY.search(t) for t in _sprites_texts(game))

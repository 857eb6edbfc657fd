"""Hedu (docs/rules.md section 3), rule by rule, on small hand-made boards.

Every expected result below was worked out by hand from docs/rules.md; the
comments give the reasoning. Board of side 3 (names from docs/notation.md)::

        a1 a2 a3
      b1 b2 b3 b4
    c1 c2 c3 c4 c5
      d1 d2 d3 d4
        e1 e2 e3

Neighbours: a_k: a_k±1, b_k, b_k+1; b_k: b_k±1, a_k-1, a_k, c_k, c_k+1;
c_k: c_k±1, b_k-1, b_k, d_k-1, d_k; d_k: d_k±1, c_k, c_k+1, e_k-1, e_k;
e_k: e_k±1, d_k, d_k+1 (when those cells exist).
Side 2: a1 a2 / b1 b2 b3 / c1 c2; b2 touches every other cell; a1: a2 b1 b2;
a2: a1 b2 b3; b1: a1 b2 c1; b3: a2 b2 c2; c1: b1 b2 c2; c2: b2 b3 c1.
"""

import json

import pytest

from dendria_widget import Game, IllegalStep
from dendria_widget.explain import hedu as ex
from dendria_widget.rules import hedu as engine
from conftest import legal, refused, snapshot


def hedu(pieces, to_move="black", size=3, prisoners=None, **options):
    """A Hedu game in normal play from a hand-made position."""
    pos = {"to_move": to_move, "pieces": dict(pieces)}
    if prisoners is not None:
        pos["prisoners"] = {"black": prisoners[0], "white": prisoners[1]}
    rules = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": size},
             "options": options}
    return Game.from_position(pos, rules=rules)


def regions_of(game):
    return [(r["cells"], r["controller"], r["value"]) for r in ex.regions(game)]


# ---------------------------------------------------------------- geometry
def test_side3_neighbours_match_the_picture():
    b = Game("hedu", size=3).board
    assert sorted(b.names(b.neighbours[b.cell("b2")])) == ["a1", "a2", "b1", "b3", "c2", "c3"]
    assert sorted(b.names(b.neighbours[b.cell("d2")])) == ["c2", "c3", "d1", "d3", "e1", "e2"]
    assert sorted(b.names(b.neighbours[b.cell("c1")])) == ["b1", "c2", "d1"]
    b2 = Game("hedu", size=2).board
    assert sorted(b2.names(b2.neighbours[b2.cell("c1")])) == ["b1", "b2", "c2"]


# ------------------------------------------------------------- start, pie
def test_start_of_a_pie_game():
    g = Game("hedu", size=7)
    assert g.phase == "opening" and g.to_move == "black" and not g.is_over
    # Black's first turn is a placement: every one of the 127 plots, no pass
    steps = legal(g)
    assert len(steps) == 127 and "pass" not in steps and "swap" not in steps
    refused(g, "pass", "opening")
    refused(g, "swap", "swap")
    assert g.state.current == [] and g.state.turns == []


def test_pie_swap():
    g = Game("hedu", size=5)
    g.play("place e5")
    # a stack on the empty board touches the one region: height 1
    assert g.pieces == {"e5": "black 1"}
    assert g.phase == "swap" and g.to_move == "white"
    assert {"swap", "pass", "place a1"} <= legal(g)
    g.play("swap")
    # the players exchange colours; White is still to move
    assert g.state.swapped and g.phase == "turn" and g.to_move == "white"
    assert "swap" not in legal(g)
    refused(g, "swap", "swap")
    assert [str(s) for t in g.history for s in t] == ["place e5", "swap"]
    assert str(g.undo()) == "swap"
    assert not g.state.swapped and g.phase == "swap" and g.to_move == "white"


def test_white_may_play_instead_of_swapping():
    g = Game("hedu", size=5)
    g.play("place e5", "place a1")
    assert g.phase == "turn" and g.to_move == "black" and not g.state.swapped
    refused(g, "swap", "opening")
    g2 = Game("hedu", size=5)
    g2.play("place e5", "pass")
    assert g2.phase == "turn" and g2.to_move == "black"
    refused(g2, "swap")


def test_opening_none():
    g = Game("hedu", size=4, opening="none")
    assert g.phase == "turn" and g.to_move == "black"
    assert "pass" in legal(g) and "swap" not in legal(g)
    g.play("place d4")
    assert g.phase == "turn" and g.to_move == "white"
    refused(g, "swap", "swap")


# ----------------------------------------------------------------- parsing
def test_parse_errors_name_what_is_wrong():
    g = Game("hedu", size=3)
    assert "z9" in refused(g, "place z9")
    assert "jump" in refused(g, "jump a1")
    r = refused(g, "plant a1", "Dendria")
    assert "place" in r
    refused(g, "place", "a cell name")
    refused(g, "place a1 a2", "a cell name")
    refused(g, "pass now", "nothing after")
    refused(g, "", "empty")
    with pytest.raises(IllegalStep):
        g.play(3)


def test_pieces_and_codes():
    assert engine.parse_piece("black 2") == engine.code_of(engine.BLACK, 2)
    assert engine.parse_piece(" White 1 ") == engine.code_of(engine.WHITE, 1)
    for bad in ("black", "black 0", "red 1", "white two", "black -1", "black 1 2", 3,
                "black 1000"):
        with pytest.raises(ValueError):
            engine.parse_piece(bad)
    assert engine.COLOURS == ("black", "white")


def test_bad_positions_are_refused():
    from dendria_widget import BadPosition
    with pytest.raises(BadPosition, match="x9"):
        hedu({"x9": "black 1"})
    with pytest.raises(BadPosition, match="a1"):
        hedu({"a1": "black seed"})
    with pytest.raises(BadPosition, match="komi"):
        Game.from_position({"to_move": "black", "pieces": {}, "komi": 1}, rules="hedu")


# ---------------------------------------------------------- placement height
def test_height_one_on_an_open_board():
    # every empty neighbour of c3 is in the one region: height 1
    g = hedu({}, size=3)
    assert ex.placement_heights(g) == {n: 1 for n in
                                       ["a1", "a2", "a3", "b1", "b2", "b3", "b4", "c1",
                                        "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4",
                                        "e1", "e2", "e3"]}


def test_height_two_and_increases_of_both_colours():
    # Walls a2-b3 (white) and d2-e2 (black) run from c3 to the edge. Before
    # the placement the empty plots form one region (c3 links both sides), so
    # every wall touches one region: height 1 is its count.
    # Placing c3 splits the region into L = a1 b1 b2 c1 c2 d1 e1 and
    # R = a3 b4 c4 c5 d3 d4 e3: c3 gets height 2.
    # (1), (2): nothing is higher than its count (counts only rose).
    # (3): a2 touches a1/b2 (L) and a3 (R); b3: b2 (L), b4 a3 c4 (R);
    # d2: d1 c2 e1 (L), d3 (R); e2: e1 (L), e3 d3 (R): all grow to 2.
    g = hedu({"a2": "white 1", "b3": "white 1", "d2": "black 1", "e2": "black 1"})
    assert ex.placement(g, "c3")["height"] == 2
    g.play("place c3")
    assert g.pieces == {"a2": "white 2", "b3": "white 2", "c3": "black 2",
                        "d2": "black 2", "e2": "black 2"}
    assert g.state.prisoners == [0, 0]
    # control: black group c3-d2-e2 is (2, 3); white a2-b3 is (2, 2); both
    # touch L and R; same height, black's is larger: black controls both,
    # value 2 each
    assert regions_of(g) == [
        (["a1", "b1", "b2", "c1", "c2", "d1", "e1"], "black", 2),
        (["a3", "b4", "c4", "c5", "d3", "d4", "e3"], "black", 2)]
    why = ex.regions(g)[0]["why"]
    assert "larger" in why and "black controls" in why
    # score: regions 4, no prisoners, largest groups [(2,3)] > [(2,2)]: +0.5
    s = g.score()
    assert s["black"]["total"] == 4.5 and s["white"]["total"] == 0
    assert s["black"]["largest_groups_bonus"] == 0.5


def test_height_three_with_reductions_and_prisoners():
    # Three walls from c3 to the edge: a2-b3, c1-c2, d3-e3. Placing c3 leaves
    # three regions: T = a1 b1 b2, B = d1 d2 e1 e2, R = a3 b4 c4 c5 d4, so
    # c3 gets height 3 (its empty neighbours b2, d2, c4 are in three regions).
    # Every wall then touches two regions (a2: T, R; b3: T, R; c1: T, B;
    # c2: T, B; d3: B, R; e3: B, R).
    # (1) the enemy (white) a2 of height 3 is set to 2: 1 prisoner for black;
    # (2) the friendly c1 of height 3 is set to 2: 1 prisoner for white;
    # (3) b3, c2, d3, e3 (height 1) grow to 2.
    g = hedu({"a2": "white 3", "b3": "white 1", "c1": "black 3", "c2": "black 1",
              "d3": "white 1", "e3": "black 1"})
    p = ex.preview(g, "c3")
    before = snapshot(g)
    assert [(c["cell"], c["stage"], c["from"], c["to"]) for c in p["changes"]] == [
        ("c3", "placed", None, "black 3"),
        ("a2", "enemy reduced", "white 3", "white 2"),
        ("c1", "friendly reduced", "black 3", "black 2"),
        ("b3", "increased", "white 1", "white 2"),
        ("c2", "increased", "black 1", "black 2"),
        ("d3", "increased", "white 1", "white 2"),
        ("e3", "increased", "black 1", "black 2")]
    assert p["prisoners"] == {"black": 1, "white": 1}
    assert [e["cell"] for e in p["shrink"]] == ["a2", "c1"]
    assert [e["cell"] for e in p["grow"]] == ["b3", "c2", "d3", "e3"]
    assert p["leave"] == []
    assert snapshot(g) == before      # the preview changed nothing
    g.play("place c3")
    assert g.pieces == {"a2": "white 2", "b3": "white 2", "c1": "black 2", "c2": "black 2",
                        "c3": "black 3", "d3": "white 2", "e3": "black 2"}
    assert g.state.prisoners == [1, 1]
    # groups: black c3 (3,1), c1-c2 (2,2), e3 (2,1); white a2-b3 (2,2), d3 (2,1)
    # T touches c3, c1-c2 | a2-b3: [(3,1),(2,2)] > [(2,2)]: black, value 3
    # B touches c3, c1-c2, e3 | d3: black, value 3
    # R touches c3, e3 | a2-b3, d3: [(3,1),(2,1)] > [(2,2),(2,1)]: black, 3
    assert regions_of(g) == [(["a1", "b1", "b2"], "black", 3),
                             (["a3", "b4", "c4", "c5", "d4"], "black", 3),
                             (["d1", "d2", "e1", "e2"], "black", 3)]
    r = ex.regions(g)[1]
    assert r["black"] == [[3, 1], [2, 1]] and r["white"] == [[2, 2], [2, 1]]
    assert "higher" in r["why"]
    # score: 9 + 1 prisoner + 0.5 (black's groups list is greater); white 1
    s = g.score()
    assert (s["black"]["total"], s["white"]["total"]) == (10.5, 1)
    assert s["black"]["regions"] == 9 and s["white"]["prisoners"] == 1


def test_height_zero_is_refused_and_changes_nothing():
    # a1 touches only a2, b1, b2, all occupied: a stack there would touch no
    # region: height 0, not a placement
    g = hedu({"a2": "white 1", "b1": "black 1", "b2": "white 1"})
    reason = refused(g, "place a1", "a1", "touch no region", "no placement")
    assert ex.placement(g, "a1") == {"cell": "a1", "legal": False, "reason": reason,
                                     "height": None, "preview": None}
    assert "place a1" not in legal(g)
    assert ex.plot_heights(g)["a1"] == 0 and ex.plot_heights(g)["c3"] == 1
    assert "b2" not in ex.plot_heights(g)
    assert "touch no region" in ex.placements(g)["a1"] and ex.placements(g)["c3"] is None
    refused(g, "place b2", "not empty", "white 1")
    with pytest.raises(IllegalStep):
        ex.preview(g, "a1")


# ------------------------------------------------- reductions and prisoners
def test_enemy_stacks_are_judged_all_at_once_then_friendly_on_the_board_left():
    # White a1-a2; black b1 a3 b3 c1 c2; everything else empty (one region,
    # b2 joins c3). Each stack touches that region: counts 1 = heights.
    # Black places b2: its only empty neighbour is c3: height 1.
    # (1) a1 (neighbours a2 b1 b2) and a2 (a1 a3 b2 b3) touch no region: both
    #     leave together (judged on the same board; had a1 left first, a2
    #     would have touched it and stayed): 2 prisoners for black.
    # (2) judged on the board (1) left: a1-a2 is a new region N. b1 (a1 b2
    #     c1 c2) touches N only: count 1, it stays (on the board before (1)
    #     it touched nothing and would have left).
    # (3) b2 touches N and c3's region: grows to 2; a3 (a2, b4) and b3
    #     (a2, b4 c3 c4) grow to 2; b1, c1, c2 stay 1.
    g = hedu({"a1": "white 1", "a2": "white 1", "b1": "black 1", "a3": "black 1",
              "b3": "black 1", "c1": "black 1", "c2": "black 1"})
    assert ex.placement(g, "b2")["height"] == 1
    p = ex.preview(g, "b2")
    assert [(c["cell"], c["stage"]) for c in p["changes"]] == [
        ("b2", "placed"), ("a1", "enemy reduced"), ("a2", "enemy reduced"),
        ("a3", "increased"), ("b2", "increased"), ("b3", "increased")]
    assert [e["cell"] for e in p["leave"]] == ["a1", "a2"]
    assert p["prisoners"] == {"black": 2, "white": 0}
    assert any("leaves the board" in s for s in p["summary"])
    g.play("place b2")
    assert g.pieces == {"a3": "black 2", "b1": "black 1", "b2": "black 2",
                        "b3": "black 2", "c1": "black 1", "c2": "black 1"}
    assert g.state.prisoners == [2, 0]
    assert g.position()["prisoners"] == {"black": 2, "white": 0}
    assert g.position_string().endswith("prisoners=2,0")
    # the new region a1-a2 is a region of its own
    assert ["a1", "a2"] in [r[0] for r in regions_of(g)]


def test_a_friendly_stack_with_no_region_left_leaves_as_a_prisoner_of_the_enemy():
    # Side 3: black a1, white a2 and b1; the rest is one region.
    # Black places b2: its empty neighbours c2 c3 b3 are one run: height 1.
    # (1) a2 (a3 b3) and b1 (c1 c2) still touch the region: nothing.
    # (2) black a1 (a2 b1 b2) touches no region: it leaves, 1 prisoner for
    #     white.
    # (3) a1 is now a region of one plot; a2, b1 and b2 touch it and the big
    #     region: they grow to 2.
    g = hedu({"a1": "black 1", "a2": "white 1", "b1": "white 1"})
    g.play("place b2")
    assert g.pieces == {"a2": "white 2", "b1": "white 2", "b2": "black 2"}
    assert g.state.prisoners == [0, 1]
    # a1 now has no empty neighbour: height 0 for White too
    refused(g, "place a1", "touch no region")
    # control of a1: white a2 (2,1) and b1 (2,1) are not adjacent: two groups;
    # black b2 (2,1). [(2,1),(2,1)] > [(2,1)] (a missing entry is (0,0)):
    # white. The big region: the same three groups touch it: white.
    regs = ex.regions(g)
    assert regs[0]["cells"] == ["a1"] and regs[0]["controller"] == "white"
    assert regs[0]["white"] == [[2, 1], [2, 1]] and regs[0]["black"] == [[2, 1]]
    assert "entry 2 decides" in regs[0]["why"] and "none left" in regs[0]["why"]
    # a count in words, in English: never "the first 1 entry is equal"
    assert regs[0]["why"].startswith("the lists agree on their first entry;"), regs[0]["why"]
    assert regs[1]["controller"] == "white" and regs[1]["value"] == 2
    # score: white 2 + 2 + 1 prisoner + 0.5 bonus; black 0
    s = g.score()
    assert (s["black"]["total"], s["white"]["total"]) == (0, 5.5)


def test_a_stack_reduced_without_leaving():
    # Walls a2-b3 (white 2) and d2-e2 (black 2) as in the height-2 test, and
    # black c3, d3 of height 2; White to move. Regions:
    # L = a1 b1 b2 c1 c2 d1 e1 and R = a3 b4 c4 c5 d4 e3.
    # (d3 touches only R but stands at 2: a given position may say so.)
    # White places c4: its empty neighbours d4, c5, b4 (SE, E, NE) form one
    # run: height 1; R without c4 (a3-b4-c5-d4-e3) stays one region.
    # (1) enemy (black) stacks, judged on that board: c3 touches L only (b2,
    #     c2; c4 d3 d2 b3 occupied): 1 < 2, set to 1; d3 touches R only (d4,
    #     e3): set to 1; d2 touches L only (d1 c2 e1): set to 1; e2 touches
    #     e1 (L) and e3 (R): 2, stays. Three pieces off: 3 prisoners for white.
    # (2) friendly (white): a2 (a1 b2 | a3) and b3 (b2 | b4 a3) touch 2: stay.
    # (3) nothing is below its count.
    g = hedu({"a2": "white 2", "b3": "white 2", "d2": "black 2", "e2": "black 2",
              "c3": "black 2", "d3": "black 2"}, to_move="white")
    g.play("place c4")
    assert g.pieces == {"a2": "white 2", "b3": "white 2", "c3": "black 1", "c4": "white 1",
                        "d2": "black 1", "d3": "black 1", "e2": "black 2"}
    assert g.state.prisoners == [0, 3]


# --------------------------------------------------------------- control
def test_control_height_beats_size():
    # one region touching black c3 (2,1) and white a1-a2-a3 (1,3): the first
    # entries (2,1) > (1,3): black controls, value 2; black's groups list is
    # greater too: +0.5
    g = hedu({"c3": "black 2", "a1": "white 1", "a2": "white 1", "a3": "white 1"})
    assert [(r[1], r[2]) for r in regions_of(g)] == [("black", 2)]
    assert "higher" in ex.regions(g)[0]["why"]
    s = g.score()
    assert (s["black"]["total"], s["white"]["total"]) == (2.5, 0)


def test_control_decided_by_the_second_entry():
    # black c1 (2,1), c5 (2,1); white e2 (2,1), a1-a2-a3 (1,3); one region.
    # [(2,1),(2,1)] vs [(2,1),(1,3)]: equal first entries, then (2,1) > (1,3)
    g = hedu({"c1": "black 2", "c5": "black 2", "e2": "white 2",
              "a1": "white 1", "a2": "white 1", "a3": "white 1"})
    r = ex.regions(g)[0]
    assert r["black"] == [[2, 1], [2, 1]] and r["white"] == [[2, 1], [1, 3]]
    assert r["controller"] == "black" and r["value"] == 2
    assert "entry 2 decides" in r["why"]
    assert g.score()["black"]["total"] == 2.5


def test_identical_lists_nobody_controls():
    # black c1 (2,1) and white c5 (2,1) touch the one region: identical lists
    g = hedu({"c1": "black 2", "c5": "white 2"})
    r = ex.regions(g)[0]
    assert r["controller"] is None and r["value"] == 0
    assert "identical" in r["why"]
    s = g.score()
    assert s["black"]["total"] == 0 and s["white"]["total"] == 0
    assert s["black"]["largest_groups_bonus"] == 0 == s["white"]["largest_groups_bonus"]
    # empty board: no group touches the region at all
    assert ex.regions(hedu({}))[0]["controller"] is None


def test_group_size_counts_the_whole_group():
    # white a1-a2-a3 (1,3) touches the big region; white also walls off e1:
    # d1, d2, e2 white 1 make {e1} a region touching only white: white
    # controls it with value 1. The big region touches white a-row (1,3) and
    # the d1-d2-e2 group (1,3) (d1 d2 e2 are connected), and black c3 (1,1):
    # [(1,3),(1,3)] > [(1,1)]: white, value 1.
    g = hedu({"a1": "white 1", "a2": "white 1", "a3": "white 1", "d1": "white 1",
              "d2": "white 1", "e2": "white 1", "c3": "black 1"})
    regs = ex.regions(g)
    big = next(r for r in regs if "b1" in r["cells"])
    small = next(r for r in regs if r["cells"] == ["e1"])
    assert big["white"] == [[1, 3], [1, 3]] and big["black"] == [[1, 1]]
    assert big["controller"] == "white" and big["value"] == 1
    assert small["controller"] == "white" and small["white"] == [[1, 3]]
    assert g.score()["white"]["total"] == 2.5


# ------------------------------------------------------------------- end
def test_game_ends_when_no_plot_admits_a_placement():
    # Side 2: empty a1 a2 c1; white b1 (2), b3 (1); black b2 (2), c2 (1).
    # Regions {a1, a2} and {c1}; c1 (neighbours b1 b2 c2) admits nothing.
    # Black places a1 (only empty neighbour a2): height 1.
    # (1) white b1 (a1 now occupied, c1): 1 region < 2: set to 1, a prisoner
    #     for black; b3 (a2): 1 stays.
    # (2) black b2 (a2, c1): 2 stays; c2 (c1): 1; a1 (a2): 1.
    # a2 and c1 are now lone empty plots: no placement left: the game is over.
    g = hedu({"b1": "white 2", "b3": "white 1", "b2": "black 2", "c2": "black 1"}, size=2)
    assert legal(g) == {"place a1", "place a2", "pass"}
    g.play("place a1")
    assert g.pieces == {"a1": "black 1", "b1": "white 1", "b2": "black 2",
                        "b3": "white 1", "c2": "black 1"}
    assert g.is_over and g.phase == "over" and "no empty plot" in g.end_reason
    assert g.legal_steps() == []
    refused(g, "pass", "over")
    # regions {a2}: a1 b2 | b3 -> [(2,1),(1,1)] > [(1,1)]: black, 2
    #         {c1}: b2 c2 | b1 -> black, 2
    # black: 4 + 1 prisoner + 0.5 ([(2,1),(1,1),(1,1)] > [(1,1),(1,1)])
    s = g.score()
    assert (s["black"]["total"], s["white"]["total"]) == (5.5, 0)
    assert g.winner == "black"
    a = ex.hedu_analysis(g)
    assert a["game_over"] and a["winner"] == "black" and a["legal_placements"] == []
    assert g.undo() is not None and not g.is_over and g.winner is None


def test_position_with_no_placement_is_over_at_once():
    g = hedu({"b2": "black 1"}, size=2)    # every empty plot touches another
    assert not g.is_over
    full = {n: "black 1" for n in ("a1", "b1", "b2", "b3", "c1", "c2")}
    g = hedu({**full, "a2": "white 1"}, size=2)
    assert g.is_over and g.legal_steps() == []


def test_two_passes_end_the_game():
    g = Game("hedu", size=3, opening="none")
    g.play("pass")
    assert not g.is_over and g.to_move == "white"
    g.play("pass")
    assert g.is_over and g.end_reason == "two passes in a row"
    # empty board: nobody controls the region, identical (empty) lists: draw
    assert g.winner == "draw"
    g.undo()
    g.undo()
    g.play("place c3", "pass", "pass")
    # black c3 (1,1) controls the region, value 1, and has the bonus
    assert g.is_over and g.winner == "black"
    assert g.score()["black"]["total"] == 1.5
    # a placement between passes resets the count
    g2 = Game("hedu", size=3, opening="none")
    g2.play("pass", "place c3", "pass")
    assert not g2.is_over


def test_double_pass_option_off():
    g = Game("hedu", size=3, opening="none", end_on_double_pass=False)
    g.play("pass", "pass", "pass")
    assert not g.is_over and g.phase == "turn" and g.to_move == "white"


# ---------------------------------------------------------------- superko
def _seen_as_earlier(game, step):
    """Mark the board that ``step`` would leave as seen at an earlier turn's
    end. No repetition is known in real Hedu play (docs/rules.md 3), so the rule
    is tested by adding that board to the engine's table of earlier boards."""
    st = game.state
    game.play(step)
    key = (st.occ, bytes(st.cells), st.occ.bit_count())
    game.undo()
    st.reps.add(*key)


@pytest.mark.parametrize("superko", ["positional", "off"])
def test_superko_refuses_a_placement_that_repeats_a_board(superko):
    g = hedu({"a2": "white 1", "b3": "white 1", "d2": "black 1", "e2": "black 1"},
             superko=superko)
    _seen_as_earlier(g, "place c3")
    if superko == "positional":
        refused(g, "place c3", "the repetition rule")
        assert "place c3" not in legal(g)
        assert "the repetition rule" in ex.placement(g, "c3")["reason"]
        assert ex.placement(g, "c3")["preview"] is not None
        assert "c3" not in ex.hedu_analysis(g)["legal_placements"]
    else:
        assert "place c3" in legal(g)
        g.play("place c3")
    # a pass is exempt
    assert "pass" in legal(g)


def test_superko_with_stacks_leaving():
    # the capture position of the all-at-once test: the board after b2 has a1
    # and a2 empty, so its occupancy is not just "one more stack"
    g = hedu({"a1": "white 1", "a2": "white 1", "b1": "black 1", "a3": "black 1",
              "b3": "black 1", "c1": "black 1", "c2": "black 1"})
    _seen_as_earlier(g, "place b2")
    refused(g, "place b2", "the repetition rule")
    places = {s for s in legal(g) if s.startswith("place")}
    assert "place b2" not in places and "place c3" in places
    assert len(places) == g.state.placeable_mask().bit_count() - 1
    # with the rule off, b2 is allowed
    g.state.superko = False
    assert "place b2" in legal(g)


def test_superko_table_follows_undo():
    g = Game("hedu", size=3, opening="none")
    n = len(g.state.reps.by_hash)
    g.play("place c3", "pass", "place a1")
    assert len(g.state.reps.by_hash) == n + 2   # passes are not recorded
    g.undo()
    g.undo()
    g.undo()
    assert len(g.state.reps.by_hash) == n


# --------------------------------------------------------------- records
def test_record_and_position_string_round_trip():
    g = Game("hedu", size=4)
    g.play("place d4", "swap", "place a1", "place c3", "pass")
    rec = g.to_record()
    g2 = Game.from_record(json.dumps(rec))
    assert g2.pieces == g.pieces and g2.to_move == g.to_move and g2.phase == g.phase
    assert g2.state.swapped
    ps = g.position_string()
    assert ps.startswith("hedu h4 ")
    g3 = Game.from_position(ps)
    assert g3.pieces == g.pieces and g3.to_move == g.to_move
    assert g3.state.prisoners == g.state.prisoners


def test_prisoners_in_a_given_position_count_in_the_score():
    g = hedu({"c1": "black 2", "c5": "white 2"}, prisoners=(3, 1))
    assert g.state.prisoners == [3, 1]
    s = g.score()
    assert (s["black"]["total"], s["white"]["total"]) == (3, 1)
    assert Game.from_position(g.position_string()).state.prisoners == [3, 1]


# ------------------------------------------------------------ the analysis
def test_analysis_object():
    # the height-2 position above, before c3: one region, black to move
    g = hedu({"a2": "white 1", "b3": "white 1", "d2": "black 1", "e2": "black 1"})
    a = ex.hedu_analysis(g)
    assert set(a) == {"to_move", "phase", "game_over", "winner", "position",
                      "legal_placements", "placement_heights", "regions", "score"}
    assert a["to_move"] == "black" and a["phase"] == "turn" and a["winner"] is None
    assert a["position"]["prisoners"] == {"black": 0, "white": 0}
    # every empty plot has an empty neighbour here
    assert a["legal_placements"] == ["a1", "a3", "b1", "b2", "b4", "c1", "c2", "c3",
                                     "c4", "c5", "d1", "d3", "d4", "e1", "e3"]
    # c3 splits the region in two (L and R of the height-2 test); a3 is
    # reached only through b4 (a2 and b3 are walls), and e1 only through d1
    # (d2, e2 are walls): b4 and d1 would also get height 2. Every other
    # empty plot has its empty neighbours in one run around it: height 1.
    heights = a["placement_heights"]
    assert {n for n, h in heights.items() if h == 2} == {"b4", "c3", "d1"}
    assert {h for n, h in heights.items() if n not in ("b4", "c3", "d1")} == {1}
    # one region, touching white a2-b3 (1,2) and black d2-e2 (1,2): identical
    assert a["regions"] == [{"cells": a["legal_placements"], "controller": None,
                             "value": 0}]
    assert a["score"] == {"black": 0, "white": 0}
    json.dumps(a)


def test_explain_cell():
    g = hedu({"a2": "white 1", "b3": "white 1", "d2": "black 1", "e2": "black 1"})
    e = ex.explain_cell(g, "c3")
    assert e["piece"] is None and e["placement"]["height"] == 2
    assert e["placement"]["legal"]
    e = ex.explain_cell(g, "a2")
    assert e["piece"] == "white 1" and e["regions"] == 1
    assert e["group"] == {"colour": "white", "height": 1, "size": 2, "cells": ["a2", "b3"]}
    from dendria_widget.explain import explain_cell
    assert explain_cell(g, "c3") == ex.explain_cell(g, "c3")


def test_stack_heights_in_positions_stop_at_nine_so_position_strings_round_trip():
    rules = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}}
    g = Game.from_position({"to_move": "black", "pieces": {"a1": "black 9", "c3": "white 2"}},
                           rules=rules)
    text = g.position_string()
    assert Game.from_position(text).pieces == g.pieces == {"a1": "black 9", "c3": "white 2"}
    with pytest.raises(Exception) as err:
        Game.from_position({"to_move": "black", "pieces": {"a1": "black 10"}}, rules=rules)
    assert "from 1 to 9" in str(err.value)

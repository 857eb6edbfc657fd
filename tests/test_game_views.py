"""What the views read from Game: the journey, the last step's effects, the
last turn's cells, the group at a cell (all by cell names, checked by hand).

Side 4 hexagon: row a holds a1..a4 (a1 the west end), row d (the middle)
d1..d7; E is along a row, SE goes down one row keeping the column on the
upper half.
"""

import random

import pytest

from dendria_widget import DendriaError, Game
from dendria_widget.game import Effect, Journey


def classic(pieces, to_move="dark", size=4, **options):
    rules = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": size},
             "options": options}
    return Game.from_position({"to_move": to_move, "pieces": dict(pieces)}, rules=rules)


def hedu(pieces, to_move="black", size=3):
    rules = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": size}}
    return Game.from_position({"to_move": to_move, "pieces": dict(pieces)}, rules=rules)


def test_no_journey_outside_a_move():
    g = classic({"a1": "dark dendrid"})
    assert g.journey is None
    g.play("plant d4")
    assert g.journey is None
    assert Game("hedu", size=3).journey is None


def test_journey_start_direction_line_and_slides():
    g = classic({"a1": "dark dendrid"})
    g.play("move a1")
    assert g.journey == Journey("a1", "a1", None, (), 0)
    g.play("slide a2")                  # east along row a: the line is locked
    j = g.journey
    assert (j.start, j.at, j.direction, j.slides) == ("a1", "a2", "E", 1)
    assert j.line == ("a3", "a4")       # the plots further east, to the edge
    g.play("slide a4")
    assert g.journey == Journey("a1", "a4", "E", (), 2)
    g.undo()
    assert g.journey.at == "a2" and g.journey.slides == 1
    g.play("slide a3", "end")
    assert g.journey is None


def test_journey_down_the_board():
    g = classic({"a1": "dark dendrid"})
    g.play("move a1", "slide b1")       # a1 (0,-3) to b1 (-1,-2): south-west
    assert g.journey.direction == "SW"
    assert g.journey.line == ("c1", "d1")


def test_last_effects_of_plant_slide_and_end():
    g = classic({"a1": "dark dendrid"})
    assert g.last_effects() == []
    g.play("plant d4")
    assert g.last_effects() == [Effect("d4", None, "dark seed")]
    g.play("end")
    assert g.last_effects() == []       # 'end' changes no piece
    g.play("pass")
    assert g.last_effects() == []
    g = classic({"a1": "dark dendrid"})
    g.play("move a1")
    assert g.last_effects() == []
    g.play("slide a3")
    assert g.last_effects() == [Effect("a1", "dark dendrid", None),
                                Effect("a3", None, "dark dendrid")]
    g.undo()
    assert g.last_effects() == []       # back to the effects of 'move a1'


def test_grow_and_capture_effects_name_every_piece_of_the_group():
    """Seeded random classic games: every grow or capture the engine offers
    changes exactly the group at its cell, each piece to the mover's tree,
    and a sprout changes its one seed to the mover's dendrid."""
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        g = Game("dendria-classic", size=4)
        while not g.is_over and len(g.steps) < 300:
            legal = g.legal_steps()
            for s in legal:
                if s.verb in ("grow", "capture", "sprout"):
                    mover, before = g.to_move, dict(g.pieces)
                    group = g.group_at(s.arg)
                    g.play(s)
                    eff = g.last_effects()
                    if s.verb == "sprout":
                        assert eff == [Effect(s.arg, before[s.arg], f"{mover} dendrid")]
                    else:
                        assert sorted(e.cell for e in eff) == sorted(group)
                        assert all(e.before == before[e.cell] and e.after == f"{mover} tree"
                                   for e in eff)
                    assert s.arg in g.last_turn_cells()
                    g.undo()
                    seen.add(s.verb)
            choice = [s for s in legal if s.verb != "pass"] or legal
            g.play(rng.choice(choice))
    assert {"grow", "sprout"} <= seen


def test_last_turn_cells_cover_the_whole_turn():
    g = classic({"a1": "dark dendrid", "g4": "light dendrid"})
    g.play("move a1", "slide a2")
    assert g.last_turn_cells() == ["a1", "a2"]   # the turn in progress
    g.play("slide a4", "end")
    assert g.last_turn_cells() == ["a1", "a2", "a4"]
    g.play("pass")
    assert g.last_turn_cells() == []
    g.undo()
    assert g.last_turn_cells() == ["a1", "a2", "a4"]
    g = Game("dendria-classic", size=4)
    assert g.last_turn_cells() == []
    g.play("plant d4", "end", "swap")
    assert g.last_turn_cells() == []             # a swap touches no cell
    g.undo()
    assert g.last_turn_cells() == ["d4"]


def test_group_at():
    g = classic({"d3": "dark seed", "d4": "dark seed", "c3": "light seed",
                 "a1": "dark tree", "a2": "dark tree"})
    assert g.group_at("d4") == ("d3", "d4")
    assert g.group_at("c3") == ("c3",)
    assert g.group_at("a2") == ("a1", "a2")
    assert g.group_at("g1") == ()


def test_hedu_effects_reductions_and_prisoners():
    # the position of test_hedu's reductions test: placing c3 sets the white
    # a2 to 2 and the black c1 to 2 (one prisoner each), then four stacks grow
    g = hedu({"a2": "white 3", "b3": "white 1", "c1": "black 3", "c2": "black 1",
              "d3": "white 1", "e3": "black 1"})
    g.play("place c3")
    assert g.last_effects() == [
        Effect("c3", None, "black 3"), Effect("a2", "white 3", "white 2"),
        Effect("c1", "black 3", "black 2"), Effect("b3", "white 1", "white 2"),
        Effect("c2", "black 1", "black 2"), Effect("d3", "white 1", "white 2"),
        Effect("e3", "black 1", "black 2")]
    assert g.last_turn_cells() == ["c3", "a2", "c1", "b3", "c2", "d3", "e3"]
    assert g.group_at("c1") == ("c1", "c2")      # black, height 2
    assert g.group_at("c3") == ("c3",)
    g.play("pass")
    assert g.last_effects() == [] and g.last_turn_cells() == []


def test_hedu_stacks_leaving_the_board():
    g = hedu({"a1": "white 1", "a2": "white 1", "b1": "black 1", "a3": "black 1",
              "b3": "black 1", "c1": "black 1", "c2": "black 1"})
    g.play("place b2")
    eff = g.last_effects()
    assert eff[:3] == [Effect("b2", None, "black 1"), Effect("a1", "white 1", None),
                       Effect("a2", "white 1", None)]
    assert Effect("b2", "black 1", "black 2") in eff
    assert g.last_turn_cells()[:3] == ["b2", "a1", "a2"]
    assert g.last_turn_cells().count("b2") == 1


def test_seats_follow_the_swap_and_the_side_choice():
    from dendria_widget.interaction import seat_words
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end")
    assert g.seats == {"first": "dark", "second": "light"} and g.seat_to_move == "second"
    g.play("swap")
    assert g.seats == {"first": "light", "second": "dark"} and g.seat_flip == 1
    assert g.seat_to_move == "first" and g.to_move == "light"
    assert seat_words(g) == "Player 1 plays Light, Player 2 plays Dark"
    g.undo()
    assert g.seats == {"first": "dark", "second": "light"}
    s = Game("dendria-sprites", size=4)
    s.play("komi 3", "side dark")       # player 2 takes Dark, which moves first
    assert s.seats == {"first": "light", "second": "dark"} and s.seat_to_move == "second"
    s2 = Game("dendria-sprites", size=4)
    s2.play("komi 3", "side light")
    assert s2.seats == {"first": "dark", "second": "light"} and s2.seat_to_move == "first"


# ------------------------------------------- what the players weigh
def test_turn_under_way_between_a_turns_first_step_and_its_end():
    g = classic({"a1": "dark dendrid"})
    assert not g.turn_under_way
    g.play("plant d4")
    assert g.turn_under_way
    g.play("end")
    assert not g.turn_under_way
    g.play("pass")                                      # a pass is a whole turn
    assert not g.turn_under_way
    h = hedu({})
    h.play("place b2")                                  # so is a Hedu placement
    assert not h.turn_under_way and h.step_count == 1


def test_piece_count_by_colour_and_kind():
    g = classic({"a1": "dark seed", "a2": "dark seed", "c2": "dark dendrid",
                 "d4": "light tree"})
    assert g.piece_count("dark") == 3 and g.piece_count("light") == 1
    assert [g.piece_count("dark", k) for k in ("seed", "tree", "dendrid")] == [2, 0, 1]
    assert g.piece_count("light", "tree") == 1
    h = hedu({"a1": "black 2", "b2": "black 1", "c3": "white 3"})
    assert h.piece_count("black") == h.piece_count("black", "stack") == 2   # stacks, not heights
    assert h.piece_count("white") == 1


def test_piece_count_refuses_a_colour_or_kind_of_another_game_in_words():
    g = classic({"a1": "dark seed"})
    for args, words in ((("black",), "'black' is not a colour of Dendria, classic edition: "
                                     "they are dark and light"),
                        (("dark", "stack"), "'stack' is not a kind of piece in Dendria, classic "
                                            "edition: they are seed, tree and dendrid")):
        with pytest.raises(DendriaError) as e:
            g.piece_count(*args)
        assert str(e.value) == words
    with pytest.raises(DendriaError, match="'seed' is not a kind of piece in Hedu: it is stack"):
        hedu({}).piece_count("black", "seed")
    with pytest.raises(DendriaError, match="not a colour of Hedu"):
        hedu({}).conversion_counts("dark")


def test_conversion_counts_follow_the_growth_and_capture_rules():
    # the dark seedbed a1 a2: fertile soils a3, b1, b2, b3; c2 fertilizes b1,
    # b2, d3 fertilizes a3, b3 (tests/test_dendria_classic.py): Dark may grow
    # both seeds; Light has nothing to grow or capture
    g = classic({"a1": "dark seed", "a2": "dark seed", "c2": "dark dendrid",
                 "d3": "dark dendrid"})
    assert g.conversion_counts("dark") == (2, 0)
    assert g.conversion_counts("light") == (0, 0)
    assert classic({"a1": "dark seed", "a2": "dark seed", "c2": "dark dendrid"}) \
        .conversion_counts("dark") == (0, 0)          # d3 gone: a3, b3 unfertilized
    # the light tree a1 (fertile soils a2, b1, b2, all fertilized by the dark
    # dendrid on c2): Dark may capture it, whoever is to move
    cap = {"a1": "light tree", "c2": "dark dendrid", "a4": "light dendrid"}
    assert classic(cap).conversion_counts("dark") == (0, 1)
    assert classic(cap, to_move="light").conversion_counts("dark") == (0, 1)
    # from g3 Dark fertilizes only b1: no capture, unless unprotected forests fall
    far = {"a1": "light tree", "g3": "dark dendrid"}
    assert classic(far).conversion_counts("dark") == (0, 0)
    assert classic(far, capture="unprotected").conversion_counts("dark") == (0, 1)
    assert hedu({"a1": "black 2"}).conversion_counts("black") == (0, 0)


def test_version_changes_with_every_step_undo_redo_and_replacement():
    g = classic({"a1": "dark dendrid"})
    seen = [g.version]
    g.legal_steps(), g.score(), g.pieces                 # asking changes nothing
    assert g.version == seen[-1]
    for act in (lambda: g.play("plant d4"), g.undo, g.redo, lambda: g.play("end")):
        act()
        assert g.version not in seen
        seen.append(g.version)
    g._replace_with(classic({"a1": "dark dendrid"}))     # the board's editor and loads
    assert g.version not in seen
    assert g.copy().version != g.version                 # a copy is another game

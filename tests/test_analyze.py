"""The analyze command's output (docs/notation.md), checked by hand against docs/rules.md.

Most positions are on the hexagon of side 3 (19 plots). Its cells, with
axial (q, r) (q grows east, r grows south):

    row a (r=-2): a1 (0,-2)  a2 (1,-2)  a3 (2,-2)
    row b (r=-1): b1 (-1,-1) b2 (0,-1)  b3 (1,-1)  b4 (2,-1)
    row c (r= 0): c1 (-2,0)  c2 (-1,0)  c3 (0,0)   c4 (1,0)   c5 (2,0)
    row d (r= 1): d1 (-2,1)  d2 (-1,1)  d3 (0,1)   d4 (1,1)
    row e (r= 2): e1 (-2,2)  e2 (-1,2)  e3 (0,2)

Directions: E (+1,0), NE (+1,-1), NW (0,-1), W (-1,0), SW (-1,+1), SE (0,+1).
The comments next to each expectation give the hand reasoning.
"""

import io
import json
import re

import pytest

from dendria_widget.__main__ import main

DARK_KEYS = ["to_move", "phase", "game_over", "winner", "position", "legal_placements",
             "nourished", "hungry", "nourishers", "fertilized", "sprout_eligible",
             "growable", "capturable", "slides", "score"]
HEDU_KEYS = ["to_move", "phase", "game_over", "winner", "position", "legal_placements",
             "placement_heights", "regions", "score"]

R3 = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}
S3 = {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 3}}
RING2 = ["a1", "a2", "a3", "b1", "b4", "c1", "c5", "d1", "d4", "e1", "e2", "e3"]
ALL3 = ["a1", "a2", "a3", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "c5",
        "d1", "d2", "d3", "d4", "e1", "e2", "e3"]


@pytest.fixture
def run(monkeypatch, capsys):
    """Run `analyze` in-process on an input (dict or raw text) through main();
    returns (output object, exit status). Checks the output is one JSON
    object on one line and that nothing went to stderr."""
    def _run(data):
        text = data if isinstance(data, (str, bytes)) else json.dumps(data)
        if isinstance(text, str):
            text = text.encode()
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
        status = main(["analyze"])
        captured = capsys.readouterr()
        assert captured.err == ""
        assert "Traceback" not in captured.out
        assert captured.out.endswith("\n") and captured.out.count("\n") == 1
        out = json.loads(captured.out)
        if "error" in out:
            assert status == 1
            assert not out["error"]["reason"].startswith("internal error"), out
        else:
            assert status == 0
        return out, status
    return _run


def ok(run, data):
    out, status = run(data)
    assert status == 0, out
    return out


def cell_key(name):
    m = re.fullmatch(r"([a-z]+)(\d+)", name)
    letters, index = m.groups()
    return (len(letters), letters, int(index))


def assert_cells_sorted(out):
    """Every list of cells in a Dendria output is sorted by row, then index."""
    lists = [out["legal_placements"], out["nourished"], out["hungry"],
             out["sprout_eligible"], out["fertilized"]["dark"], out["fertilized"]["light"],
             list(out["position"]["pieces"]), list(out["nourishers"]), list(out["slides"])]
    lists += list(out["nourishers"].values()) + list(out["slides"].values())
    lists += out["growable"] + out["capturable"]
    for lst in lists:
        assert lst == sorted(lst, key=cell_key), lst
    for groups in (out["growable"], out["capturable"]):
        firsts = [g[0] for g in groups]
        assert firsts == sorted(firsts, key=cell_key)


# ------------------------------------------------------------ position A
# A classic side-3 position: a dark seed on c3 ringed by six pieces.
POS_A = {"b2": "light tree", "b3": "dark dendrid", "c2": "dark tree", "c3": "dark seed",
         "c4": "light seed", "d2": "dark seed", "d3": "light dendrid"}


def test_position_a_dark_to_move(run):
    out = ok(run, {"rules": R3, "position": {"to_move": "dark", "pieces": POS_A}})
    assert list(out) == DARK_KEYS
    assert out["to_move"] == "dark" and out["phase"] == "turn"
    assert out["game_over"] is False and out["winner"] is None
    assert out["position"] == {"to_move": "dark", "pieces": POS_A}
    assert list(out["position"]["pieces"]) == ["b2", "b3", "c2", "c3", "c4", "d2", "d3"]
    # c3: every ray ends on a piece (c4, b3, b2, c2, d2, d3): nourished.
    # c4 (1,0): E ray is c5 then the outside, empty: hungry; its nourishers are
    # NW b3, W c3, SW d3 (NE b4 and SE d4 rays hold no piece).
    # d2 (-1,1): W ray d1 is empty: hungry; nourishers E d3, NE c3, NW c2.
    assert out["nourished"] == ["c3"]
    assert out["hungry"] == ["c4", "d2"]
    assert out["nourishers"] == {"c3": ["b2", "b3", "c2", "c4", "d2", "d3"],
                                 "c4": ["b3", "c3", "d3"], "d2": ["c2", "c3", "d3"]}
    assert list(out["nourishers"]) == ["c3", "c4", "d2"]
    # dark dendrid b3 (1,-1) sees b4 (E), a3 (NE), a2 (NW); W is the tree b2,
    # SW and SE start on pieces. Light dendrid d3 (0,1) sees d4 (E), e2 (SW),
    # e3 (SE); NE, NW, W start on pieces.
    assert out["fertilized"] == {"dark": ["a2", "a3", "b4"], "light": ["d4", "e2", "e3"]}
    # c3 has 3 dark nourishers (b3, c2, d2) and 3 light (b2, c4, d3): not
    # strictly more; c4 and d2 are hungry.
    assert out["sprout_eligible"] == []
    # dark seedbed {c3, d2}: fertile soils d1, e1, e2, none fertilized by dark;
    # light seedbed {c4}: fertile b4, c5, d4, only b4 dark.
    assert out["growable"] == []
    # light forest {b2}: fertile a1, a2, b1; dark fertilizes only a2.
    assert out["capturable"] == []
    # b3: E b4; NE a3; NW a2; W blocked by the tree b2; SW over the seeds c3,
    # d2 to e1; SE over the seed c4 to d4.
    assert out["slides"] == {"b3": ["a2", "a3", "b4", "d4", "e1"]}
    # every empty plot is on the edge and sees the edge along it: all hungry.
    assert out["legal_placements"] == RING2
    # one forest of size 1 each: distinct sizes 1 each, no majority, equal
    # lists so no half point.
    assert out["score"] == {"dark": 1, "light": 1}
    assert_cells_sorted(out)


def test_position_a_light_to_move(run):
    out = ok(run, {"rules": R3, "position": {"to_move": "light", "pieces": POS_A}})
    assert out["to_move"] == "light"
    assert out["position"]["to_move"] == "light"
    # light dendrid d3 (0,1): E d4; NE over the seed c4 to b4; NW over the
    # seed c3, then the tree b2 blocks; W over the seed d2 to d1; SW e2; SE e3.
    assert out["slides"] == {"d3": ["b4", "d1", "d4", "e2", "e3"]}
    assert out["sprout_eligible"] == []  # c3: 3 light against 3 dark
    # light seedbed {c4}: fertile b4, c5, d4; light fertilizes d4 only.
    # dark seedbed {c3, d2}: fertile d1, e1, e2; light fertilizes e2 only.
    assert out["growable"] == []
    # dark forest {c2} (-1,0): fertile b1, c1, d1: no light dendrid sees them.
    assert out["capturable"] == []


# ------------------------------------------------------------ position B
# A light seed on c3, every neighbour a tree: dark trees b2, b3, c2, d3,
# light trees c4, d2.
POS_B = {"b2": "dark tree", "b3": "dark tree", "c2": "dark tree", "c3": "light seed",
         "c4": "light tree", "d2": "light tree", "d3": "dark tree"}


def test_sprout_eligible_and_score(run):
    out = ok(run, {"rules": R3, "position": {"to_move": "dark", "pieces": POS_B}})
    # c3 is nourished, 4 dark nourishers (b2, b3, c2, d3) against 2 light:
    # dark may sprout it (a seed of either colour sprouts for the mover).
    assert out["nourished"] == ["c3"] and out["hungry"] == []
    assert out["sprout_eligible"] == ["c3"]
    # seedbed {c3} has no fertile soil; classic enclosed_groups "never".
    assert out["growable"] == []
    assert out["slides"] == {}
    # dark forests {b2, b3, c2} and {d3}: distinct sizes 3 + 1 = 4, plus 1 for
    # size 3 (1 against 0); light forests {c4}, {d2}: 1, plus 1 for size 1
    # (2 against 1). [3, 1] > [1, 1]: half a point to dark.
    assert out["score"] == {"dark": 5.5, "light": 2}
    out = ok(run, {"rules": R3, "position": {"to_move": "light", "pieces": POS_B}})
    assert out["sprout_eligible"] == []  # 2 light against 4 dark


def test_komi_counts_in_score_and_winner(run):
    out = ok(run, {"rules": R3, "position": {"pieces": POS_B, "komi": 3.5},
                   "play": ["pass", "pass"]})
    assert out["score"] == {"dark": 5.5, "light": 5.5}
    assert out["winner"] == "draw"
    out = ok(run, {"rules": R3, "position": {"pieces": POS_B, "komi": 4},
                   "play": ["pass", "pass"]})
    assert out["score"] == {"dark": 5.5, "light": 6}
    assert out["winner"] == "light"


# ------------------------------------------------------------ position C
# Four dark dendrids on the west edge, a light tree in the a3 corner and a
# light seed in the e3 corner.
POS_C = {"a1": "dark dendrid", "b1": "dark dendrid", "d1": "dark dendrid",
         "e1": "dark dendrid", "a3": "light tree", "e3": "light seed"}


def test_growable_capturable_fertilized(run):
    out = ok(run, {"rules": R3, "position": {"pieces": POS_C}})
    assert out["to_move"] == "dark"  # the default to_move
    # a1: E a2 (a3 is a tree); SE b2, c3, d3 (then the seed e3).
    # b1: E b2, b3, b4; SW c1; SE c2, d2, e2.
    # d1: E d2, d3, d4; NE c2, b2, a2; NW c1.   e1: E e2; NE d2, c3, b3.
    assert out["fertilized"] == {"dark": ["a2", "b2", "b3", "b4", "c1", "c2", "c3",
                                          "d2", "d3", "d4", "e2"], "light": []}
    # e3 (0,2): NE ray d4, c5 empty: hungry; nourishers NW a1 (via d3, c3, b2)
    # and W e1 (via e2); the E, SW, SE rays hold no plot (literal: no root).
    assert out["hungry"] == ["e3"] and out["nourished"] == []
    assert out["nourishers"] == {"e3": ["a1", "e1"]}
    # seedbed {e3}: fertile d3, d4, e2, all fertilized by dark.
    assert out["growable"] == [["e3"]]
    # forest {a3}: fertile a2, b3, b4, all fertilized by dark, none by light.
    assert out["capturable"] == [["a3"]]
    assert out["slides"] == {"a1": ["a2", "b2", "c1", "c3", "d3"],  # SW over b1 to c1
                             "b1": ["b2", "b3", "b4", "c1", "c2", "d2", "e2"],
                             "d1": ["a2", "b2", "c1", "c2", "d2", "d3", "d4"],
                             "e1": ["b3", "c1", "c3", "d2", "e2"]}  # NW over d1 to c1
    # every empty plot sees the edge on some ray (e.g. c3 east: c4, c5).
    empty = [c for c in ALL3 if c not in POS_C]
    assert out["legal_placements"] == empty
    # dark has no forest; light: 1 + 1 (size-1 majority) + 0.5 ([1] > []).
    assert out["score"] == {"dark": 0, "light": 2.5}
    assert_cells_sorted(out)


def test_during_a_journey(run):
    out = ok(run, {"rules": R3, "position": {"pieces": POS_C},
                   "play": ["move d1", "slide d2"]})
    assert out["phase"] == "move" and out["to_move"] == "dark"
    assert out["position"]["pieces"]["d2"] == "dark dendrid"
    assert "d1" not in out["position"]["pieces"]
    # the journey runs east, but `slides` ignores it: from d2 (-1,1) E d3, d4;
    # NE c3, b3 (a3 is a tree); NW c2, then over b1 (own) to the outside;
    # W back to d1; SW over e1 (own) to the outside; SE e2.
    assert out["slides"]["d2"] == ["b3", "c2", "c3", "d1", "d3", "d4", "e2"]
    # e1 now reaches d1 (NW) and passes its own dendrid on d2 (NE).
    assert out["slides"]["e1"] == ["b3", "c1", "c3", "d1", "e2"]
    # legal_placements: a turn beginning now on this board: d1 is empty and
    # hungry (NE ray c2, b2, a2 empty); d2 is taken.
    assert "d1" in out["legal_placements"] and "d2" not in out["legal_placements"]


def test_phase_plant(run):
    out = ok(run, {"rules": R3, "position": {"pieces": POS_C}, "play": ["plant c5"]})
    assert out["phase"] == "plant" and out["to_move"] == "dark"
    assert out["position"]["pieces"]["c5"] == "dark seed"
    # legal placements as if a turn began now, with the new seed on the board
    assert "c5" not in out["legal_placements"]
    out = ok(run, {"rules": R3, "position": {"pieces": POS_C}, "play": ["plant c5", "end"]})
    assert out["phase"] == "turn" and out["to_move"] == "light"


def test_nourished_empty_cell_is_not_a_placement(run):
    ring = {c: "light tree" for c in ("b2", "b3", "c2", "c4", "d2", "d3")}
    out = ok(run, {"rules": R3, "position": {"pieces": ring}})
    # c3 is nourished (each ray starts on a tree); every edge plot sees the
    # edge along the edge.
    assert out["legal_placements"] == RING2
    assert out["nourishers"] == {} and out["nourished"] == [] and out["hungry"] == []


def test_edge_sight_option(run):
    # a1 (0,-2): rays holding plots are E (a2, a3), SW (b1, c1), SE (b2, ...);
    # with a piece first on each it is nourished under "literal", but under
    # "touching" its empty NE, NW and W rays see the edge.
    pieces = {"a2": "light tree", "b1": "light tree", "b2": "light tree"}
    lit = ok(run, {"rules": R3, "position": {"pieces": pieces}})
    assert "a1" not in lit["legal_placements"]
    touch = dict(R3, options={"edge_sight": "touching"})
    out = ok(run, {"rules": touch, "position": {"pieces": pieces}})
    assert "a1" in out["legal_placements"]
    # a dark seed on a1 under each reading
    seeded = dict(pieces, a1="dark seed")
    assert ok(run, {"rules": R3, "position": {"pieces": seeded}})["nourished"] == ["a1"]
    assert ok(run, {"rules": touch, "position": {"pieces": seeded}})["hungry"] == ["a1"]


def test_sprite_capture_slides(run):
    pieces = {"c1": "dark dendrid", "c3": "light dendrid"}
    # c1 (-2,0): E c2, then the enemy sprite on c3 (sprites: a stop); NE b1,
    # a1; SE d1, e1; the other rays leave the board at once.
    out = ok(run, {"rules": S3, "position": {"pieces": pieces}})
    assert out["slides"] == {"c1": ["a1", "b1", "c2", "c3", "d1", "e1"]}
    off = dict(S3, options={"sprite_capture": False})
    out = ok(run, {"rules": off, "position": {"pieces": pieces}})
    assert out["slides"] == {"c1": ["a1", "b1", "c2", "d1", "e1"]}
    out = ok(run, {"rules": R3, "position": {"pieces": pieces}})
    assert out["slides"] == {"c1": ["a1", "b1", "c2", "d1", "e1"]}


# ---------------------------------------------------------------- phases
def test_classic_opening_swap_phases(run):
    out = ok(run, {"rules": R3})
    assert (out["phase"], out["to_move"]) == ("opening", "dark")
    assert out["position"] == {"to_move": "dark", "pieces": {}}
    # on the empty board every plot sees the edge
    assert out["legal_placements"] == ALL3
    out = ok(run, {"rules": R3, "play": ["plant c3"]})
    assert (out["phase"], out["to_move"]) == ("plant", "dark")
    out = ok(run, {"rules": R3, "play": ["plant c3", "end"]})
    assert (out["phase"], out["to_move"]) == ("swap", "light")
    out = ok(run, {"rules": R3, "play": ["plant c3", "end", "swap"]})
    # after the swap Light is still to move (played by the other player)
    assert (out["phase"], out["to_move"]) == ("turn", "light")
    assert out["position"]["pieces"] == {"c3": "dark seed"}
    out = ok(run, {"rules": R3, "play": ["plant c3", "end", "plant a1", "end"]})
    assert (out["phase"], out["to_move"]) == ("turn", "dark")


def test_default_rules_are_classic_side_7(run):
    out = ok(run, {})
    assert (out["phase"], out["to_move"]) == ("opening", "dark")
    assert len(out["legal_placements"]) == 127
    assert out["legal_placements"][:3] == ["a1", "a2", "a3"]
    # row g holds g1..g13, in index order (g10 after g9, not after g1)
    g = [c for c in out["legal_placements"] if c.startswith("g")]
    assert g == [f"g{i}" for i in range(1, 14)]
    assert_cells_sorted(out)
    # a rules dict with only the ruleset: the same game
    assert ok(run, {"rules": {"ruleset": "dendria-classic"}}) == out


def test_komi_pie_phases(run):
    out = ok(run, {"rules": S3})
    assert (out["phase"], out["to_move"]) == ("komi", "dark")
    out = ok(run, {"rules": S3, "play": ["komi 3"]})
    assert (out["phase"], out["to_move"]) == ("side", "light")
    out = ok(run, {"rules": S3, "play": ["komi 3", "side light"]})
    assert (out["phase"], out["to_move"]) == ("turn", "dark")
    # two passes end the game on an empty board: light wins on the komi
    out = ok(run, {"rules": S3, "play": ["komi 3", "side light", "pass", "pass"]})
    assert out["phase"] == "over" and out["game_over"] is True
    assert out["score"] == {"dark": 0, "light": 3}
    assert out["winner"] == "light"


def test_opening_none(run):
    rules = dict(R3, options={"opening": "none"})
    out = ok(run, {"rules": rules})
    assert (out["phase"], out["to_move"]) == ("turn", "dark")


def test_over(run):
    out = ok(run, {"rules": R3, "position": {"pieces": POS_A}, "play": ["pass", "pass"]})
    assert out["phase"] == "over" and out["game_over"] is True
    assert out["winner"] == "draw"  # 1 against 1
    # after two passes the first player is to move again; the facts are still given
    assert out["to_move"] == "dark"
    assert out["legal_placements"] == RING2
    out = ok(run, {"rules": R3, "position": {"pieces": POS_B}, "play": ["pass", "pass"]})
    assert out["winner"] == "dark"


def test_position_is_the_only_earlier_board(run):
    # the given board counts for the repetition rule: light's dendrid cannot
    # go back to e3 once dark's is back on a1 (that would recreate the given
    # board), so the slide is a dead end (no legal end could follow: the
    # line leaves the board after e3 and nothing can be converted).
    pos = {"pieces": {"a1": "dark dendrid", "e3": "light dendrid"}}
    play = ["move a1", "slide a2", "end", "move e3", "slide e2", "end",
            "move a2", "slide a1", "end", "move e2", "slide e3", "end"]
    out, status = run({"rules": R3, "position": pos, "play": play})
    assert status == 1
    assert out["error"]["index"] == 10 and out["error"]["step"] == "slide e3"
    assert "dead end" in out["error"]["reason"]
    # with superko off the same turns are played
    off = dict(R3, options={"superko": "off"})
    out = ok(run, {"rules": off, "position": pos, "play": play})
    assert out["position"]["pieces"] == {"a1": "dark dendrid", "e3": "light dendrid"}
    # going back to e3 while dark's dendrid is elsewhere is a new board: fine
    out = ok(run, {"rules": R3, "position": pos,
                   "play": ["move a1", "slide a2", "end", "move e3", "slide e2", "end",
                            "move a2", "slide b2", "end", "move e2", "slide e3", "end"]})
    assert out["position"]["pieces"] == {"b2": "dark dendrid", "e3": "light dendrid"}


# ----------------------------------------------------------- play errors
@pytest.mark.parametrize("play, index, words", [
    (["plant c3", "end", "plant c3"], 2, ["c3", "not empty"]),
    (["plant c3", "end", "plant zz9"], 2, ["zz9"]),
    (["plant c3", "end", "plant a1 a2"], 2, ["a cell name"]),
    (["fly c3"], 0, ["unknown step"]),
    (["end"], 0, ["opening"]),
    (["plant c3", "end", "end"], 2, ["no turn to end"]),
    (["pass"], 0, ["opening"]),
    (["swap"], 0, ["swap"]),
    (["plant c3", "end", "plant a1", "end", "swap"], 4, ["swap"]),
    ([""], 0, ["empty step"]),
    (["place c3"], 0, ["Hedu"]),
])
def test_play_errors(run, play, index, words):
    out, status = run({"rules": R3, "play": play})
    assert status == 1
    assert list(out) == ["error"]
    err = out["error"]
    assert list(err) == ["index", "step", "reason"]
    assert err["index"] == index and err["step"] == play[index]
    for w in words:
        assert w in err["reason"], err["reason"]


def test_play_error_mid_journey(run):
    # d1 journeys east to d2; c3 is not on that line
    out, status = run({"rules": R3, "position": {"pieces": POS_C},
                       "play": ["move d1", "slide d2", "slide c3"]})
    assert status == 1 and out["error"]["index"] == 2
    assert "line" in out["error"]["reason"]
    # a move needs a slide before the end
    out, status = run({"rules": R3, "position": {"pieces": POS_C},
                       "play": ["move d1", "end"]})
    assert out["error"]["index"] == 1 and "slide" in out["error"]["reason"]


def test_play_after_the_end(run):
    out, status = run({"rules": R3, "position": {"pieces": POS_A},
                       "play": ["pass", "pass", "pass"]})
    assert status == 1
    assert out["error"] == {"index": 2, "step": "pass", "reason": "the game is over"}


def test_step_spelling(run):
    # case and surrounding spaces do not matter; sow is plant; sprite is dendrid
    out = ok(run, {"rules": S3, "play": ["komi 0", "side dark", "  SOW c3 "]})
    assert out["position"]["pieces"] == {"c3": "dark seed"}
    out = ok(run, {"rules": S3, "position": {"pieces": {"c1": "light sprite"}}})
    assert out["position"]["pieces"] == {"c1": "light dendrid"}


def test_modular_board(run):
    from dendria_widget.geometry import random_modular
    board = random_modular(7, seed=3)
    rules = {"ruleset": "dendria-sprites", "board": dict(board.spec)}
    out = ok(run, {"rules": rules, "play": ["komi 2", "side dark"]})
    assert out["phase"] == "turn"
    # empty board, edge_sight touching: every plot is hungry
    assert len(out["legal_placements"]) == board.n_plots == 49
    assert_cells_sorted(out)


# ------------------------------------------------------------------ Hedu
HEDU3 = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}}


def test_hedu_empty_board(run):
    out = ok(run, {"rules": HEDU3})
    assert list(out) == HEDU_KEYS
    assert out["to_move"] == "black" and out["game_over"] is False and out["winner"] is None
    assert out["position"] == {"to_move": "black", "pieces": {},
                               "prisoners": {"black": 0, "white": 0}}
    # on the empty board a stack on any plot touches the one region of the
    # other 18 plots: height 1 everywhere
    assert out["legal_placements"] == ALL3
    assert out["placement_heights"] == {c: 1 for c in ALL3}
    assert list(out["placement_heights"]) == ALL3
    # one region, no stacks: nobody controls it
    assert len(out["regions"]) == 1
    region = out["regions"][0]
    assert region["cells"] == ALL3 and region["controller"] is None
    assert out["score"] == {"black": 0, "white": 0}


def test_hedu_position(run):
    # white stack of height 2 on c3; black stack of height 1 on a1.
    pieces = {"a1": "black 1", "c3": "white 2"}
    out = ok(run, {"rules": HEDU3, "position": {"to_move": "white", "pieces": pieces,
                                                 "prisoners": {"black": 1, "white": 2}}})
    assert out["to_move"] == "white"
    assert out["position"] == {"to_move": "white", "pieces": pieces,
                               "prisoners": {"black": 1, "white": 2}}
    # the 17 empty plots are 6-connected (c3 has empty neighbours all round,
    # a1's neighbours a2, b1, b2 are empty): one region.
    (region,) = out["regions"]
    assert region["cells"] == [c for c in ALL3 if c not in pieces]
    # white's list [(2, 1)] beats black's [(1, 1)]: white controls; the value
    # is the height of white's highest adjacent group, 2.
    assert region["controller"] == "white" and region["value"] == 2
    # white: 2 (region) + 2 (prisoners) + 0.5 ([(2,1)] > [(1,1)]); black: 1
    assert out["score"] == {"black": 1, "white": 4.5}


def test_hedu_play_and_errors(run):
    out = ok(run, {"rules": HEDU3, "play": ["place c3"]})
    assert out["position"]["pieces"] == {"c3": "black 1"}
    assert out["to_move"] == "white"
    out, status = run({"rules": HEDU3, "play": ["place c3", "place c3"]})
    assert status == 1 and out["error"]["index"] == 1 and out["error"]["step"] == "place c3"
    out, status = run({"rules": HEDU3, "play": ["plant c3"]})
    assert status == 1 and out["error"]["index"] == 0
    # komi is a Dendria setting
    out, status = run({"rules": HEDU3, "position": {"komi": 1}})
    assert status == 1 and "komi" in out["error"]["reason"]
    out, status = run({"rules": HEDU3, "position": {"pieces": {"c3": "dark seed"}}})
    assert status == 1 and "c3" in out["error"]["reason"]


def test_hedu_placement_that_splits_a_region(run):
    # stacks on c1, c2 (white) and c4, c5 (black): the empty plots above and
    # below row c are joined only through c3.
    pieces = {"c1": "white 1", "c2": "white 1", "c4": "black 1", "c5": "black 1"}
    out = ok(run, {"rules": HEDU3, "position": {"pieces": pieces}})
    empty = [c for c in ALL3 if c not in pieces]
    assert out["legal_placements"] == empty
    # a stack on c3 touches two regions (b2, b3 above; d2, d3 below): height
    # 2; anywhere else the other empty plots stay one region: height 1.
    assert out["placement_heights"] == {c: (2 if c == "c3" else 1) for c in empty}
    (region,) = out["regions"]
    # black [(1, 2)] against white [(1, 2)]: identical, nobody controls
    assert region["controller"] is None
    out = ok(run, {"rules": HEDU3, "position": {"pieces": pieces}, "play": ["place c3"]})
    # no stack touches fewer regions than its height; then every stack of
    # height 1 touches both regions and grows to 2.
    assert out["position"]["pieces"] == {"c1": "white 2", "c2": "white 2", "c3": "black 2",
                                         "c4": "black 2", "c5": "black 2"}
    assert out["position"]["prisoners"] == {"black": 0, "white": 0}
    assert out["to_move"] == "white" and out["phase"] == "turn"
    top = ["a1", "a2", "a3", "b1", "b2", "b3", "b4"]
    bottom = ["d1", "d2", "d3", "d4", "e1", "e2", "e3"]
    # each region: black group {c3, c4, c5} (2, 3) beats white {c1, c2} (2, 2)
    assert out["regions"] == [{"cells": top, "controller": "black", "value": 2},
                              {"cells": bottom, "controller": "black", "value": 2}]
    # black: 2 + 2, and half a point for [(2, 3)] > [(2, 2)]
    assert out["score"] == {"black": 4.5, "white": 0}


def test_hedu_reduction_takes_prisoners(run):
    # a white stack of height 2 in the a1 corner touches one region; when
    # black places on e3, white's stack is set to 1 and black takes one piece.
    out = ok(run, {"rules": HEDU3, "position": {"pieces": {"a1": "white 2"}},
                   "play": ["place e3"]})
    assert out["position"]["pieces"] == {"a1": "white 1", "e3": "black 1"}
    assert out["position"]["prisoners"] == {"black": 1, "white": 0}
    # one region, [(1, 1)] each side: nobody controls; black has 1 prisoner
    assert out["regions"][0]["controller"] is None
    assert out["score"] == {"black": 1, "white": 0}


def test_hedu_height_zero_is_not_a_placement(run):
    ring = {c: "white 1" for c in ("b2", "b3", "c2", "c4", "d2", "d3")}
    out = ok(run, {"rules": HEDU3, "position": {"pieces": ring}})
    # a stack on c3 would touch no region: height 0, not a placement
    assert "c3" not in out["legal_placements"] and "c3" not in out["placement_heights"]
    assert out["legal_placements"] == RING2
    out, status = run({"rules": HEDU3, "position": {"pieces": ring}, "play": ["place c3"]})
    assert status == 1 and out["error"]["index"] == 0 and out["error"]["step"] == "place c3"


def test_hedu_pie_and_end(run):
    out = ok(run, {"rules": HEDU3})
    assert out["phase"] == "opening"
    out = ok(run, {"rules": HEDU3, "play": ["place c3"]})
    assert (out["phase"], out["to_move"]) == ("swap", "white")
    out = ok(run, {"rules": HEDU3, "play": ["place c3", "swap"]})
    assert out["phase"] == "turn"
    out = ok(run, {"rules": HEDU3, "play": ["place c3", "pass", "pass"]})
    assert out["phase"] == "over" and out["game_over"] is True
    # black's stack on c3 controls the one region: value 1, and [(1, 1)] > []
    assert out["score"] == {"black": 1.5, "white": 0}
    assert out["winner"] == "black"


def test_a_pass_keeps_the_dendrid_move_count(run):
    """docs/rules.md 2.3: a dendrid move then a pass are two turns without a
    plant, so a limit of 1 ends the game (no second pass needed)."""
    rules = dict(R3, options={"dendrid_move_limit": 1})
    pos = {"to_move": "dark", "pieces": {"a1": "dark dendrid", "e3": "light dendrid"}}
    out = ok(run, {"rules": rules, "position": pos, "play": ["move a1", "slide a2", "end"]})
    assert out["game_over"] is False and out["phase"] == "turn"
    out = ok(run, {"rules": rules, "position": pos,
                   "play": ["move a1", "slide a2", "end", "pass"]})
    assert out["game_over"] is True and out["phase"] == "over"
    assert out["winner"] == "draw"

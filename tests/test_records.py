"""Game records, position strings and step strings (docs/notation.md)."""

import json
import pathlib

import pytest

from dendria_widget import BadPosition, BadRecord, BadRules, Game, IllegalStep, Step

from conftest import classic


def sample_game():
    """A short game from the start: opening, swap, plants, a journey."""
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end", "swap")
    g.play("plant a1", "end")          # light
    g.play("plant g4", "end")          # dark
    g.play("plant a4", "end")          # light
    return g


def test_record_round_trip_with_comments_and_redo():
    g = sample_game()
    g.comment("the opening seed in the centre", 0)
    g.comment("Light takes Dark's seed", 1)
    g.comment("a corner")
    n = len(g.steps)
    g.undo()
    g.undo()
    g.undo()                           # 'end', 'plant a4', 'end' of g4's turn
    assert len(g.steps) == n - 3
    assert [str(s) for s in g.future] == ["end", "plant a4", "end"]
    text = g.to_json()
    json.loads(text)                   # real JSON text
    h = Game.from_record(text)
    assert h == g
    assert h.history == g.history
    assert h.future == g.future
    assert h.comments == g.comments
    assert h.position_string() == g.position_string()
    assert (h.phase, h.to_move) == (g.phase, g.to_move)
    # the redo list plays on in the loaded game exactly as in the first one
    while g.can_redo():
        assert h.redo() == g.redo()
    assert h == g and h.pieces == g.pieces
    assert h.pieces == {"d4": "dark seed", "a1": "light seed", "g4": "dark seed",
                        "a4": "light seed"}


def test_comments_of_undone_turns():
    # a teacher comments every turn, then goes back to the start to show the
    # game: saving and loading keeps every comment
    g = sample_game()
    for k in range(len(g.history)):
        g.comment(f"turn {k}", k)
    g.go_to(0)
    assert g.history == [] and len(g.future) == 9
    h = Game.from_record(g.to_json())
    assert h.comments == g.comments == {k: f"turn {k}" for k in range(5)}
    h.go_to(9)
    assert h.to_record()["turns"][4]["comment"] == "turn 4"
    # playing something else instead forgets the turns taken back and their
    # comments (they would otherwise stick to the new turns)
    g.go_to(5)                          # turns 0, 1, 2 played; 'plant g4' next
    before = (g.to_record(), dict(g.comments))
    with pytest.raises(IllegalStep):
        g.play("plant b2", "plant c3")  # refused: nothing changes, redo kept
    assert (g.to_record(), g.comments) == before
    g.play("plant b2")
    assert g.future == []
    assert g.comments == {0: "turn 0", 1: "turn 1", 2: "turn 2"}
    g.play("end")
    assert Game.from_record(g.to_json()).comments == g.comments


def test_bad_redo_comments():
    rec = _record()
    rec["redo_comments"] = {"1": "already a played turn"}
    _bad(rec, "redo_comments")
    rec = _record()
    rec["redo_comments"] = ["x"]
    _bad(rec, "redo_comments")


def test_record_from_a_position():
    g = classic({"d1": "dark dendrid", "d4": "light tree"}, komi=2.5, superko="off")
    g.play("move d1", "slide d2", "end", "pass")
    g.comment("light waits")
    h = Game.from_record(g.to_record())
    assert h == g
    assert h.options["superko"] == "off"
    assert h.score()["light"]["komi"] == 2.5
    assert Game.from_record(json.dumps(g.to_record(), indent=2)) == g


def test_record_mid_turn_and_over():
    g = classic({"d1": "dark dendrid"})
    g.play("move d1", "slide d3")
    h = Game.from_record(g.to_json())
    assert h == g and h.phase == "move"
    assert h.history[-1] == [Step("move", "d1"), Step("slide", "d3")]
    h.play("end", "pass", "pass")
    assert Game.from_record(h.to_json()).is_over


def test_copy_is_independent():
    g = sample_game()
    c = g.copy()
    assert c == g
    c.play("pass")
    assert c != g


def _record():
    g = sample_game()
    g.comment("hi", 1)
    return g.to_record()


def _bad(record, *words):
    text = record if isinstance(record, str) else json.dumps(record)
    with pytest.raises(BadRecord) as e:
        Game.from_record(text)
    for w in words:
        assert w in str(e.value), str(e.value)


def test_bad_json():
    _bad('{"format": "dendria-widget-record", "turns": [', "JSON")
    _bad("[1, 2]", "object")
    _bad("", "JSON")


def test_unknown_or_missing_keys():
    rec = _record()
    rec["players"] = ["ann", "bob"]
    _bad(rec, "'players'")
    rec = _record()
    rec["format"] = "sgf"
    _bad(rec, "sgf")
    rec = _record()
    del rec["format"]
    _bad(rec, "format")
    rec = _record()
    rec["turns"] = "plant d4"
    _bad(rec, "turns")
    rec = _record()
    rec["turns"][2] = ["plant a1", "end"]
    _bad(rec, "turn 3")


def test_step_that_does_not_replay():
    rec = _record()
    rec["turns"][3]["steps"][0] = "plant a1"      # a1 is taken by then
    _bad(rec, "turn 4", "a1")
    rec = _record()
    rec["turns"][1]["steps"][0] = "jump"
    _bad(rec, "turn 2", "jump")
    rec = _record()
    rec["turns"][0]["steps"][0] = "plant z9"
    _bad(rec, "turn 1", "z9")
    rec = _record()
    rec["redo"] = ["swap"]
    _bad(rec, "redo", "swap")


def test_bad_rules_or_start_in_a_record():
    rec = _record()
    rec["rules"]["options"] = {"superko": "sometimes"}
    _bad(rec, "superko", "sometimes")
    rec = _record()
    rec["rules"]["ruleset"] = "chess"
    _bad(rec, "chess")
    rec = _record()
    rec["start"] = {"to_move": "dark", "pieces": {"q9": "dark seed"}}
    _bad(rec, "q9")
    rec = _record()
    rec["start"] = {"to_move": "dark", "pieces": {"d4": "dark bush"}}
    _bad(rec, "dark bush")


def test_bad_annotations():
    rec = _record()
    rec["annotations"] = {"marks": {"z1": "A"}, "arrows": []}
    _bad(rec, "z1")
    rec = _record()
    rec["annotations"] = {"marks": {}, "arrows": [["d4"]]}
    _bad(rec, "arrow")
    rec = _record()
    rec["annotations"] = {"marks": {"d4": "A"}, "arrows": [["d4", "a1"]]}
    g = Game.from_record(rec)
    assert g.annotations == {"marks": {"d4": "A"}, "arrows": [["d4", "a1"]]}
    assert Game.from_record(g.to_json()) == g


# ------------------------------------------------------- position strings
def test_position_string_by_hand():
    g = classic({"a1": "dark seed", "a3": "light tree", "d4": "dark dendrid",
                 "g4": "light dendrid", "c6": "light seed", "e1": "dark tree"},
                to_move="light")
    # rows: a: s1T1 | b: 5 | c: 5S | d: 3d3 | e: t5 | f: 5 | g: 3D
    assert g.position_string() == "dendria-classic h4 s1T1/5/5S/3d3/t5/5/3D light"
    g = classic({}, komi=2.5, superko="off", dendrid_move_limit=None)
    assert g.position_string() == \
        "dendria-classic h4 4/5/6/7/6/5/4 dark komi=2.5 dendrid_move_limit=null superko=off"


def test_position_string_round_trip():
    g = classic({"a1": "dark seed", "a3": "light tree", "d4": "dark dendrid",
                 "g4": "light dendrid"}, to_move="light", komi=3,
                edge_sight="touching", sprite_capture=True)
    s = g.position_string()
    h = Game.from_position(s)
    assert h.position_string() == s
    assert h.pieces == g.pieces and h.to_move == "light"
    assert h.options == g.options
    assert h.score() == g.score()
    # the example of the notation module
    e = Game.from_position("dendria-classic h3 3/4/1s1S1/4/3 light")
    assert e.pieces == {"c2": "dark seed", "c4": "light seed"}
    assert e.to_move == "light" and e.phase == "turn"


BAD_POSITIONS = [
    ("dendria-classic h4 4/5/6/7/6/5/4", "four fields"),
    ("", "four fields"),
    ("dendria-classic x4 4/5/6/7/6/5/4 dark", "x4"),
    ("dendria-classic h4 4/5/6/7/6/5 dark", "rows"),
    ("dendria-classic h4 4/5/6/7/6/5/4/1 dark", "rows"),
    ("dendria-classic h4 3/5/6/7/6/5/4 dark", "row 1"),
    ("dendria-classic h4 5/5/6/7/6/5/4 dark", "row 1"),
    ("dendria-classic h4 4/5/6/7/6/5/4s dark", "row 7"),      # one piece too many
    ("dendria-classic h4 s4/5/6/7/6/5/4 dark", "row 1"),
    ("dendria-classic h4 4/5/6/3x3/6/5/4 dark", "'x'"),
    ("dendria-classic h4 4/5/6/7/6/5/4 purple", "purple"),
    ("dendria-classic h4 4/5/6/7/6/5/4 dark komi=lots", "lots"),
    ("dendria-classic h4 4/5/6/7/6/5/4 dark 3", "'3'"),
    ("dendria-classic h4 4/5/6/7/6/5/4 dark prisoners=1,2", "prisoners"),
    ("dendria-classic mA,B 4/5/6/7/6/5/4 dark", "mA,B"),
]


@pytest.mark.parametrize("text,word", BAD_POSITIONS)
def test_bad_position_strings(text, word):
    with pytest.raises(BadPosition) as e:
        Game.from_position(text)
    assert word in str(e.value)


def test_bad_options_in_position_strings():
    with pytest.raises(BadRules, match="superko"):
        Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark superko=maybe")
    with pytest.raises(BadRules, match="colour"):
        Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark colour=red")
    with pytest.raises(BadRules, match="chess"):
        Game.from_position("chess h4 4/5/6/7/6/5/4 dark")


BAD_DICTS = [
    ({"to_move": "dark", "pieces": {"h1": "dark seed"}}, "h1"),
    ({"to_move": "dark", "pieces": {"d4": "blue seed"}}, "blue seed"),
    ({"to_move": "dark", "pieces": {"d4": "dark"}}, "d4"),
    ({"to_move": "grey", "pieces": {}}, "grey"),
    ({"to_move": "dark", "pieces": {}, "board": 7}, "board"),
    ({"to_move": "dark", "pieces": ["d4"]}, "pieces"),
    ({"to_move": "dark", "pieces": {}, "komi": "3"}, "komi"),
    ({"to_move": "dark", "pieces": {}, "prisoners": {"black": 1}}, "prisoners"),
]


@pytest.mark.parametrize("pos,word", BAD_DICTS)
def test_bad_position_dicts(pos, word):
    with pytest.raises(BadPosition) as e:
        Game.from_position(pos, rules={"ruleset": "dendria-classic",
                                       "board": {"shape": "hexagon", "size": 4}})
    assert word in str(e.value)


def test_position_dict_accepts_sprite_and_case():
    g = classic({"D4": "Dark Sprite", "a1": "light seed"})
    assert g.pieces == {"a1": "light seed", "d4": "dark dendrid"}


# ------------------------------------------------------------ step strings
@pytest.mark.parametrize("text,word", [
    ("plant z9", "z9"), ("plant", "plant"), ("plant d4 d5", "plant"),
    ("fly d4", "fly"), ("end now", "end"), ("", "empty"), ("komi x", "komi"),
    ("side blue", "side"), ("place d4", "Hedu"),
])
def test_bad_step_strings(text, word):
    g = classic({"d1": "dark dendrid"})
    reason = g.why_illegal(text)
    assert reason and word in reason
    with pytest.raises(IllegalStep):
        g.play(text)
    assert g.steps == []


def test_step_strings_and_synonyms():
    g = classic({"d1": "dark dendrid"})
    g.play("  SOW  d4 ", "END")
    assert g.steps == [Step("plant", "d4"), Step("end")]
    assert [str(s) for s in g.steps] == ["plant d4", "end"]
    g.play(Step("pass"))
    assert str(g.steps[-1]) == "pass"


def test_turn_movers_follow_the_swap_and_the_komi_pie():
    from dendria_widget import Game
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end", "swap", "plant a1", "end", "pass")
    # Light answers the opening with a swap and is still to move afterwards
    assert g.turn_movers() == ["dark", "light", "light", "dark"]
    s = Game("dendria-sprites", size=4)
    s.play("komi 2", "side light", "plant d4", "end")
    assert s.turn_movers() == ["dark", "light", "dark"]
    h = Game("hedu", size=3)
    h.play("place c3", "swap", "place a1")
    assert h.turn_movers() == ["black", "white", "white"]


@pytest.mark.parametrize("ruleset,size", [("dendria-classic", 4), ("dendria-sprites", 4),
                                          ("hedu", 4)])
def test_a_clone_plays_on_alone_and_undoes_to_the_same_start(ruleset, size):
    """state.clone() copies everything mutable: the clone and the original
    go on separately, and each undoes back to the identical state."""
    import random

    from dendria_widget import Game
    from conftest import snapshot

    g = Game(ruleset, size=size)
    rng = random.Random(3)
    for _ in range(12):
        g.state.apply(rng.choice(g.state.legal()))
    assert not g.is_over
    before = snapshot(g)
    twin = Game(g.rules)
    twin.state = g.state.clone()
    assert snapshot(twin) == before
    # the twin plays a different future; the original is untouched
    played = 0
    while not twin.is_over and played < 30:
        twin.state.apply(rng.choice(twin.state.legal()))
        played += 1
    assert played >= 5
    assert snapshot(g) == before
    # and the original can still play and undo as before
    if not g.is_over:
        g.state.apply(g.state.legal()[0])
        g.state.undo()
    assert snapshot(g) == before
    for _ in range(played):
        twin.state.undo()
    assert snapshot(twin) == before
    assert g.state.legal() == twin.state.legal()


# ------------------------------------------------- records of older versions
OLD = pathlib.Path(__file__).resolve().parent / "data" / "records_v1"


def _old_records():
    expected = json.loads((OLD / "expected.json").read_text(encoding="utf-8"))
    return sorted(expected.items())


@pytest.mark.parametrize("name,want", _old_records(), ids=lambda x: x if isinstance(x, str) else "")
def test_records_written_by_earlier_versions_still_load(name, want):
    """Records saved by version 0.1.0 (seeded random games in the three
    rulesets, with comments, marks, arrows and steps taken back) load to the
    same game: position, comments, annotations, redo list and its end."""
    g = Game.from_record((OLD / name).read_text(encoding="utf-8"))
    assert g.position_string() == want["position"]
    assert (len(g.steps), len(g.future)) == (want["steps"], want["future"])
    assert {str(k): v for k, v in g.comments.items()} == want["comments"]
    assert g.annotations == want["annotations"]
    # and it writes itself back as the same game
    assert Game.from_record(g.to_json()) == g
    g.go_to(len(g.steps) + len(g.future))
    assert g.position_string() == want["final_position"]
    assert (g.is_over, g.winner) == (want["over"], want["winner"])
    assert {c: v["total"] for c, v in g.score().items()} == want["score"]

"""No input breaks the package: one reproducer for every kind of bad input
that once gave a traceback or a broken game (issue 11). Each gets a
DendriaError whose sentence names the problem, and leaves everything as it was.
"""

import json

import pytest

from dendria_widget import BoardWidget, Game
from dendria_widget.__main__ import run_analyze
from dendria_widget.analyze import analyze
from dendria_widget.errors import (BadBoard, BadPosition, BadRecord, BadRules, DendriaError,
                                   IllegalStep, UnknownCell)
from dendria_widget.geometry import MAX_SIZE, Layout
from dendria_widget.notation import Step

HUGE = "9" * 5000  # past Python's 4,300-digit limit of int(str)
LONG = "9" * 500   # converts, but overflows a float score


def a_game():
    """A classic game with some history, a comment and annotations."""
    g = Game("dendria-classic", size=4)
    g.play("plant d4", "end", "pass", "plant a1", "end")
    g.undo()
    g.comment("the opening seed", 0)
    g.set_annotations({"marks": {"d4": "A"}, "arrows": [["a1", "d4"]]})
    return g


def assert_refused(call, error, *words):
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert message and "Traceback" not in message
    for w in words:
        assert w in message, (w, message)
    return message


def strict(text):
    """The JSON text parsed with NaN and Infinity refused."""
    def refuse(name):
        raise AssertionError(f"{name} in JSON output")
    return json.loads(text, parse_constant=refuse)


# ---------------------------------------------------------- long numbers
@pytest.mark.parametrize("text", [
    '{"rules": {"ruleset": "hedu"}, "position": {"prisoners": {"white": %s}}}' % HUGE,
    '{"position": {"komi": %s}}' % HUGE,
    '{"rules": {"ruleset": "hedu", "board": {"shape": "hexagon", "size": %s}}}' % HUGE,
    '{"rules": {"ruleset": "dendria-classic", "options": {"komi_max": %s}}}' % HUGE,
    '{"rules": {"ruleset": "hedu"}, "position": {"prisoners": {"white": %s}}}' % LONG,
    '{"position": {"komi": %s}}' % LONG,
    '{"position": {"komi": 1e400}}',
    '{"position": {"komi": 1e300}}',
])
def test_analyze_refuses_numbers_too_long_or_too_large(text):
    out, status = analyze(text)
    assert status == 1
    reason = out["error"]["reason"]
    assert "internal error" not in reason
    assert any(w in reason for w in ("too long", "too large", "from -1000000000"))


def test_analyze_refuses_a_komi_step_too_long():
    for digits in (HUGE, LONG):
        out, status = analyze('{"rules": {"ruleset": "dendria-sprites"}, '
                              '"play": ["komi %s"]}' % digits)
        assert status == 1 and out["error"]["index"] == 0
        assert "whole number from 0 to" in out["error"]["reason"]
        assert len(out["error"]["reason"]) < 200


def test_long_numbers_in_position_strings_are_refused():
    assert_refused(lambda: Game.from_position(f"dendria-classic h3 {HUGE}/4/5/4/3 dark"),
                   BadPosition, "row 1", "more than 3 plots")
    assert_refused(lambda: Game.from_position(f"dendria-classic h{HUGE} 3/4/5/4/3 dark"),
                   BadPosition, "cannot read the board")
    assert_refused(lambda: Game.from_position(f"dendria-classic m{HUGE},0 3/4/5/4/3 dark"),
                   BadPosition, "modules")
    assert_refused(lambda: Game.from_position(f"dendria-classic h3 3/4/5/4/3 dark komi={HUGE}"),
                   BadPosition, "komi")
    assert_refused(lambda: Game.from_position(f"dendria-classic h3 3/4/5/4/3 dark "
                                              f"komi_max={HUGE}"), BadRules, "komi_max")
    for digits in (HUGE, LONG):
        assert_refused(lambda: Game.from_position(f"hedu h3 3/4/5/4/3 black "
                                                  f"prisoners={digits},0"),
                       BadPosition, "prisoners=B,W")
    # messages stay short: no thousands of digits on screen
    with pytest.raises(DendriaError) as info:
        Game.from_position(f"dendria-classic h3 3/4/5/4/3 dark komi={HUGE}")
    assert len(str(info.value)) < 200


def test_long_numbers_through_the_python_api_are_refused():
    assert_refused(lambda: Game.from_position({"prisoners": {"white": int(LONG)}}, rules="hedu"),
                   BadPosition, "prisoners of white", "from 0 to")
    assert_refused(lambda: Game.from_position({"komi": int(LONG)}), BadPosition, "komi")
    assert_refused(lambda: Game(size=10 ** 5000), BadBoard, f"at most {MAX_SIZE}")
    assert_refused(lambda: Game(board=[[10 ** 5000, 0]] * 7), BadBoard, "module centre")
    assert_refused(lambda: Game(board=[[q + 10 ** 6, r] for q, r in Game(board="flower-13")
                                       .board.spec["modules"]]), BadBoard, "module centre")
    assert_refused(lambda: Game(komi_max=10 ** 5000), BadRules, "komi_max")
    assert_refused(lambda: Game(dendrid_move_limit=10 ** 12), BadRules, "dendrid_move_limit")
    g = Game("dendria-sprites", size=4)
    before = g.to_record()
    assert_refused(lambda: g.play("komi " + HUGE), IllegalStep, "whole number")
    assert g.to_record() == before


def test_a_large_but_allowed_komi_and_prisoners_still_score():
    g = Game.from_position({"komi": 10 ** 9})
    assert g.score()["light"]["total"] == 10 ** 9
    h = Game.from_position({"prisoners": {"white": 10 ** 9}}, rules="hedu")
    assert h.score()["white"]["total"] == 10 ** 9
    assert strict(g.to_json()) == g.to_record()


# ------------------------------------------------------- NaN and Infinity
@pytest.mark.parametrize("komi", ["NaN", "Infinity", "-Infinity"])
def test_records_with_nan_or_infinity_are_refused(komi):
    rec = Game.from_position({"komi": 1.5}).to_json().replace("1.5", komi)
    assert komi in rec
    assert_refused(lambda: Game.from_record(rec), BadRecord, komi, "not a JSON number")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_nan_komi_is_refused_in_positions_so_records_stay_strict_json(value):
    assert_refused(lambda: Game.from_position({"komi": value}), BadPosition, "komi")
    for text in ("NaN", "Infinity", "-Infinity"):
        assert_refused(lambda: Game.from_position(f"dendria-classic h3 3/4/5/4/3 dark "
                                                  f"komi={text}"), BadPosition, "komi")


def test_analyze_refuses_nan_and_its_output_is_strict_json(capsys, tmp_path):
    out, status = analyze('{"position": {"komi": NaN}}')
    assert status == 1 and "NaN" in out["error"]["reason"]
    path = tmp_path / "in.json"
    path.write_text('{"position": {"komi": Infinity}}')
    assert run_analyze(str(path)) == 1
    printed = strict(capsys.readouterr().out)
    assert "Infinity" in printed["error"]["reason"]
    path.write_text('{"position": {"komi": 0.5}}')
    assert run_analyze(str(path)) == 0
    assert strict(capsys.readouterr().out)["score"]["light"] == 0.5


# ------------------------------------------------------ wrong Python types
@pytest.mark.parametrize("args,kwargs,error", [
    ((["dendria-classic"],), {}, BadRules),
    (({"ruleset": "hedu", "x": 1},), {}, BadRules),
    (({"ruleset": ["hedu"]},), {}, BadRules),
    (({"ruleset": "hedu", "options": [1]},), {}, BadRules),
    ((), {"options": [["superko", "off"]]}, BadRules),
    ((), {"options": {1: 2}}, BadRules),
    ((), {"superko": ["off"]}, BadRules),
    ((), {"superko": {"off": 1}}, BadRules),
    ((), {"sprout_on_move": "yes"}, BadRules),
    ((), {"komi_max": 2.0}, BadRules),
    ((), {"size": [7]}, BadBoard),
    ((), {"size": "7"}, BadBoard),
    ((), {"board": {"shape": ["hexagon"]}}, BadBoard),
    ((), {"board": {"shape": "hexagon", "size": 4, 1: 2, "x": 3}}, BadBoard),
    ((), {"board": [[0, "x"]]}, BadBoard),
    ((), {"board": {1, 2}}, BadRules),
    ((), {"board": 4.5}, BadRules),
])
def test_the_constructor_refuses_wrong_types_with_a_sentence(args, kwargs, error):
    assert_refused(lambda: Game(*args, **kwargs), error)


@pytest.mark.parametrize("step", [42, None, 3.5, ["plant a1"], {"verb": "plant"}, b"end",
                                  object()])
def test_play_refuses_what_is_not_a_step(step):
    g = a_game()
    before = g.to_record()
    assert_refused(lambda: g.play(step), IllegalStep, "a step must be a string")
    assert_refused(lambda: g.play("pass", step), IllegalStep)
    assert g.why_illegal(step)
    assert g.to_record() == before


def record_with(change):
    rec = a_game().to_record()
    change(rec)
    return rec


@pytest.mark.parametrize("change,words", [
    (lambda r: r.update(turns="x"), "'turns'"),
    (lambda r: r["turns"][0].update(steps=[1]), "turn 1"),
    (lambda r: r["turns"][0].update(comment=5), "comment of turn 1"),
    (lambda r: r["turns"][0].update(note="x"), "'note' in turn 1"),
    (lambda r: r.update(rules=[1]), "rules"),
    (lambda r: r.update(start=[1]), "a position is a dict"),
    (lambda r: r.update(start="x"), "a position is a dict"),
    (lambda r: r.update(redo=[{}]), "redo"),
    (lambda r: r.update(format=["dendria-widget-record"]), "not a dendria-widget record"),
    (lambda r: r.update(version="1"), "version"),
    (lambda r: r.update(version=True), "version"),
    (lambda r: r.update({1: 2, "x": 3}), "unknown key"),
    (lambda r: r.update(redo_comments={1: "x"}), "redo_comments"),
    (lambda r: r.update(redo_comments={HUGE: "x"}), "redo_comments"),
    (lambda r: r.update(redo_comments={"\u0663": "x"}), "redo_comments"),
    (lambda r: r.update(annotations=[1]), "annotations"),
    (lambda r: r.update(annotations={"marks": {"d4": 1}}), "bad mark"),
    (lambda r: r.update(annotations={"arrows": [["a1", None]]}), "bad arrow"),
])
def test_records_with_keys_of_the_wrong_type_are_refused(change, words):
    rec = record_with(change)
    message = assert_refused(lambda: Game.from_record(rec), BadRecord, words)
    assert len(message) < 300


def test_a_record_that_is_not_utf8_or_too_deep_is_refused():
    assert_refused(lambda: Game.from_record(b"\xff\xfe{}"), BadRecord, "not UTF-8")
    assert_refused(lambda: Game.from_record("[" * 100000), BadRecord, "nested too deeply")
    text = a_game().to_json()
    assert Game.from_record(text.encode("utf-8")) == a_game()
    assert Game.from_record(b"\xef\xbb\xbf" + text.encode("utf-8")) == a_game()
    dup = text.replace('"version": 1', '"version": 1, "version": 1')
    assert_refused(lambda: Game.from_record(dup), BadRecord, "'version' appears twice")


# ---------------------------------------------------------------- comments
@pytest.mark.parametrize("turn", ["1", 1.0, -1, 3, 10 ** 30, True, type(None)])
def test_a_comment_on_a_turn_that_is_not_one_is_refused(turn):
    g = a_game()            # turns 0, 1 and 2 (in progress)
    before = g.to_record()
    assert_refused(lambda: g.comment("x", turn), DendriaError, "from 0 to 2")
    assert g.to_record() == before
    g.comment("fine", 2)
    assert g.to_record()["turns"][2]["comment"] == "fine"
    assert Game.from_record(g.to_json()) == g


def test_a_comment_that_is_not_text_is_refused():
    g = a_game()
    before = g.to_record()
    for text in (5, None, ["x"]):
        assert_refused(lambda: g.comment(text), DendriaError, "a comment is a string")
    assert g.to_record() == before


# ------------------------------------------------------------- positions
def test_a_cell_given_twice_in_a_position_is_refused_naming_it():
    msg = assert_refused(lambda: Game.from_position({"pieces": {"d4": "dark seed",
                                                                "D4": "light seed"}}),
                         BadPosition, "d4", "twice")
    assert "'D4'" in msg
    out, status = analyze('{"position": {"pieces": {"d4": "dark seed", " d4": "light seed"}}}')
    assert status == 1 and "twice" in out["error"]["reason"]
    # the same cell in any spelling, once, is fine and stored by its name
    assert Game.from_position({"pieces": {"D4": "dark seed"}}).pieces == {"d4": "dark seed"}


@pytest.mark.parametrize("ruleset,piece", [
    ("hedu", "blue 2"), ("hedu", "black 0"), ("hedu", "black 10"), ("hedu", f"black {HUGE}"),
    ("hedu", 2), ("hedu", "black \u0663"), ("dendria-classic", "dark bush"),
    ("dendria-classic", None),
])
def test_a_bad_piece_is_a_bad_position_not_a_bare_value_error(ruleset, piece):
    from dendria_widget.rules import hedu, dendria
    engine = hedu if ruleset == "hedu" else dendria
    with pytest.raises(BadPosition):
        engine.parse_piece(piece)
    assert_refused(lambda: Game.from_position({"pieces": {"a1": piece}}, rules=ruleset),
                   BadPosition, "a1:")


def test_duplicate_marks_are_refused_and_marks_are_stored_by_cell_name():
    g = a_game()
    before = g.to_record()
    assert_refused(lambda: g.set_annotations({"marks": {"a1": "x", "A1": "y"}}),
                   BadRecord, "a1", "twice")
    assert g.to_record() == before
    g.set_annotations({"marks": {"A1": "x"}, "arrows": [["D4", " a1"]]})
    assert g.annotations == {"marks": {"a1": "x"}, "arrows": [["d4", "a1"]]}


# ------------------------------------------------------------- the widget
def test_pixel_to_hex_refuses_what_is_not_a_point():
    board = Game(size=4).board
    layout = Layout(board)
    for x, y in [(float("nan"), 0), (0, float("inf")), (10 ** 400, 0), ("1", 2), (None, 0),
                 (True, 0)]:
        assert_refused(lambda: layout.pixel_to_hex(x, y), UnknownCell, "pixel")
        assert layout.cell_at(x, y) is None
    a1 = board.cell("a1")
    assert layout.cell_at(*layout.center(a1)) == a1


@pytest.mark.parametrize("x,y", [(float("nan"), 10), (10, float("-inf")), (1e308, 1e308),
                                 (-1e308, 1e308), (10 ** 400, 0), (0, -10 ** 400)])
def test_clicks_and_hover_at_impossible_coordinates_say_so(x, y):
    g = a_game()
    before = g.to_record()
    w = BoardWidget(g)
    w.click_pixel(x, y)
    assert w.status == "That is not a cell of the board."
    w.board_canvas.on_mouse_down(x, y)
    w.board_canvas.on_mouse_move(x, y)
    assert w.hover is None
    assert w.game.to_record() == before


def test_uploading_a_record_that_is_not_utf8_says_so(tmp_path):
    w = BoardWidget(a_game())
    before = w.game.to_record()
    w.editor_panel._uploaded({"new": [{"name": "x.json", "content": memoryview(b"\xff{}")}]})
    assert w.status == "Cannot load x.json: the record is not UTF-8 text (byte 1 cannot be read)"
    assert w.status_kind == "refused" and "UTF-8" in w.status_line.value
    (tmp_path / "bad.json").write_bytes(b"\x80")
    w.load_record(tmp_path / "bad.json")
    assert "not UTF-8" in w.status
    assert w.game.to_record() == before
    good = Game("hedu", size=3)
    w.editor_panel._uploaded({"new": [{"name": "g.json",
                                        "content": good.to_json().encode("utf-8")}]})
    # (a load that replaces a history says so, and Undo takes it back)
    assert w.status.startswith("Loaded g.json.") and w.game == good


@pytest.mark.parametrize("path,words", [
    ("/nonexistent/dir/x.json", "no such file or directory"),
    ("", "named by a path"),
    ("a\0b.json", "NUL"),
    (5, "named by a path"),
    (None, "named by a path"),
    (["x.json"], "named by a path"),
])
def test_saving_or_loading_a_record_at_a_bad_path_says_so(path, words, tmp_path):
    w = BoardWidget(a_game())
    before = w.game.to_record()
    assert w.save_record(path) is None
    assert w.status.startswith("Cannot save the record") and words in w.status
    assert w.load_record(path) is None
    assert w.status.startswith("Cannot read") and words in w.status
    assert w.status_kind == "refused"
    assert w.game.to_record() == before
    # and a good path round-trips
    assert w.save_record(tmp_path / "g.json")
    w.load_record(str(tmp_path / "g.json"))
    assert w.game.to_record() == before


@pytest.mark.parametrize("make", [
    lambda: Step("plant"), lambda: Step("plant", 5), lambda: Step("plant", 10 ** 5000),
    lambda: Step("komi", 10 ** 5000), lambda: Step("komi", 2.5), lambda: Step("side", 1.0),
    lambda: Step("side", "blue"), lambda: Step("end", "d4"), lambda: Step(5),
    lambda: Step("plant", 10 ** 6, Game(size=4).board),
])
def test_play_refuses_a_step_object_that_is_no_step(make):
    g = a_game()
    before = g.to_record()
    def play():
        g.play(make())
    assert_refused(play, IllegalStep)
    assert g.to_record() == before


def test_the_command_exits_1_with_its_json_error_for_the_issues_inputs():
    from test_cli import _python_m
    for text in ['{"rules": {"ruleset": "hedu"}, "position": {"prisoners": {"white": %s}}}'
                 % HUGE, '{"position": {"komi": NaN}}', b"\xff\xfe"]:
        proc = _python_m(["analyze"], text if isinstance(text, bytes) else text.encode())
        assert proc.returncode == 1 and proc.stderr == b""
        reason = strict(proc.stdout.decode())["error"]["reason"]
        assert reason and "internal error" not in reason


# ------------------------------------- what fuzzing found: clear errors, no traceback
@pytest.mark.parametrize("make, error, words", [
    # options given as a string beside a rules dict (was a TypeError in resolve_rules)
    (lambda: Game({"ruleset": "hedu"}, options="superko"), BadRules, "options must be a dict"),
    (lambda: Game(Game("hedu").rules, options=3), BadRules, "options must be a dict"),
    # a random board's seed or size with thousands of digits (was Python's ValueError:
    # integer string too long)
    (lambda: Game(ruleset="dendria-sprites", board="random-13-seed-" + "9" * 5000), BadBoard,
     "at most 18 digits"),
    (lambda: Game(ruleset="dendria-sprites", board="random-" + "1" * 5000 + "-seed-1"),
     BadBoard, "7 to 19 modules"),
])
def test_what_fuzzing_found_raises_a_clear_error(make, error, words):
    with pytest.raises(error) as got:
        make()
    assert words in str(got.value)


@pytest.mark.parametrize("name", ["mcts:nan", "mcts:inf", "mcts:i" + "9" * 5000])
def test_a_player_with_a_budget_that_never_ends_is_refused(name):
    # a NaN budget would think forever: the clock never passes NaN
    from dendria_widget.players import MCTSPlayer, player_from_name
    with pytest.raises(DendriaError):
        player_from_name(name)
    with pytest.raises(DendriaError, match="finite"):
        MCTSPlayer(seconds=float("nan"))

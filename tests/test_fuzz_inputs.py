"""Property-based fuzzing of every surface that reads outside input.

Whatever arrives (random JSON, wrong Python types, numbers of thousands of
digits, NaN and Infinity, mangled position strings and records, random bytes,
impossible mouse coordinates), the package either does what was asked or
raises a DendriaError with a sentence, never another exception; after a
refusal the game (and the widget's game) is exactly as before; analyze
always answers strict JSON, exit status 1 with an error object when refused.

The examples are few and bounded so the file runs in seconds; the profile of
tests/conftest.py makes them repeatable (HYPOTHESIS_PROFILE=explore draws new ones).
See tests/test_bad_inputs.py for the reproducers these properties generalise.
"""

import io
import json

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dendria_widget import BoardWidget, Game
from dendria_widget.__main__ import run_analyze
from dendria_widget.analyze import analyze
from dendria_widget.errors import DendriaError
from dendria_widget.notation import Step
from dendria_widget.rules.options import DENDRIA_OPTIONS, HEDU_OPTIONS

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

HUGE = "\x00huge\x00"      # stands for a whole number of 5,000 digits in JSON text
HUGE_JSON = json.dumps(HUGE)
DIGITS = "9" * 5000

WORDS = ["dark", "light", "black", "white", "d4", "D4", " d4", "a1", "g7", "z99",
         "dark seed", "light dendrid", "dark sprite", "black 2", "white 9", "black 10",
         "hexagon", "modular", "hedu", "dendria-classic", "dendria-sprites", "flower-13",
         "plant d4", "plant a1", "end", "pass", "swap", "komi 3", "side dark", "place a1",
         "move d4", "slide d1", "superko", "off", "positional", "rules", "position",
         "play", "pieces", "to_move", "komi", "prisoners", "ruleset", "board", "options",
         "size", "shape", "modules", "steps", "comment", "NaN", "Infinity", "", "\u0663",
         "\x00", "é", DIGITS[:30]]

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
    st.sampled_from(WORDS), st.just(HUGE), st.sampled_from([10 ** 500, -10 ** 30, 1e308]))
keys = st.one_of(st.sampled_from(WORDS), st.text(max_size=5))
plausible = st.one_of(st.sampled_from(WORDS), st.integers(-1, 9), st.sampled_from([0.5, 2.5]))
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=10)


def json_text(value):
    """JSON text of a fuzzed value, NaN and Infinity as Python writes them and
    HUGE as a 5,000-digit whole number (which json.dumps cannot write)."""
    return json.dumps(value).replace(HUGE_JSON, DIGITS)


def python_value(value):
    """The fuzzed value with HUGE as the 5,000-digit int itself."""
    if value == HUGE:
        return 10 ** 5000 - 1  # int(DIGITS) is past the conversion limit
    if isinstance(value, list):
        return [python_value(v) for v in value]
    if isinstance(value, dict):
        return {k: python_value(v) for k, v in value.items()}
    return value


def strict(text):
    """Parse JSON text, failing on NaN and Infinity."""
    def refuse(name):
        raise AssertionError(f"{name} in JSON output: {text[:200]}")
    return json.loads(text, parse_constant=refuse)


def outcome(call):
    """(result, None) or (None, the DendriaError): any other exception fails."""
    try:
        result = call()
    except DendriaError as e:
        assert str(e).strip(), f"{type(e).__name__} without a sentence"
        assert "Traceback" not in str(e)
        event(f"refused: {type(e).__name__}")
        return None, e
    event("done")
    return result, None


@st.composite
def mutations(draw, template):
    """``template`` (JSON-like) with one random change somewhere inside:
    a value replaced, a key removed or added, or an item dropped or added."""
    obj = json.loads(json.dumps(template))
    holder = {"root": obj}
    parent, key = holder, "root"
    while isinstance(parent[key], (dict, list)) and parent[key] and draw(st.integers(0, 3)):
        node = parent[key]
        key = draw(st.sampled_from(sorted(node)) if isinstance(node, dict)
                   else st.integers(0, len(node) - 1))
        parent = node
    node = parent[key]
    how = draw(st.integers(0, 2))
    if how == 0 or not isinstance(node, (dict, list)):
        parent[key] = draw(plausible | json_values)
    elif how == 1 and node:
        del node[draw(st.sampled_from(sorted(node)) if isinstance(node, dict)
                      else st.integers(0, len(node) - 1))]
    elif isinstance(node, dict):
        node[draw(keys)] = draw(plausible | json_values)
    else:
        node.insert(draw(st.integers(0, len(node))), draw(plausible | json_values))
    return holder["root"]


# ---------------------------------------------------------------- analyze
ANALYZE_INPUTS = [
    {"rules": {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4},
               "options": {"superko": "off", "dendrid_move_limit": 3}},
     "position": {"to_move": "dark", "pieces": {"d4": "dark seed", "a1": "light dendrid",
                                                "g4": "dark tree"}, "komi": 0.5},
     "play": ["plant b2", "end"]},
    {"rules": {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 3},
               "options": {"komi_max": 4}},
     "play": ["komi 2", "side dark"]},
    {"rules": {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}},
     "position": {"to_move": "white", "pieces": {"c3": "black 2", "a1": "white 1"},
                  "prisoners": {"black": 1, "white": 0}},
     "play": ["place b2"]},
]


def check_analyze(text):
    out, status = analyze(text)
    assert status in (0, 1)
    event(f"exit {status}")
    again = strict(json.dumps(out, allow_nan=False))  # strict JSON, or this raises
    if status == 1:
        reason = again["error"]["reason"]
        assert isinstance(reason, str) and reason.strip()
        assert "internal error" not in reason, reason
    else:
        assert "error" not in again and again["phase"]
    return out, status


@FUZZ
@given(st.one_of(json_values, st.sampled_from(ANALYZE_INPUTS).flatmap(mutations)))
def test_analyze_answers_every_input_in_strict_json(data):
    check_analyze(json_text(data))


@settings(FUZZ, max_examples=15)
@given(data=st.sampled_from(ANALYZE_INPUTS).flatmap(mutations))
def test_the_analyze_command_exits_1_with_its_json_error(data, tmp_path_factory):
    path = tmp_path_factory.mktemp("in") / "input.json"
    path.write_text(json_text(data))
    out = io.StringIO()
    status = run_analyze(str(path), out=out)
    printed = strict(out.getvalue())
    assert (status == 1) == ("error" in printed)
    assert printed == check_analyze(path.read_bytes())[0]


@settings(FUZZ, max_examples=30)
@given(st.binary(max_size=40) | st.text(max_size=20).map(lambda t: t.encode("utf-16")))
def test_analyze_answers_random_bytes(data):
    check_analyze(data)


# ------------------------------------------------------------ the constructor
OPTION_NAMES = sorted(set(DENDRIA_OPTIONS) | set(HEDU_OPTIONS))
VALID_VALUES = sorted({v for spec in (*DENDRIA_OPTIONS.values(), *HEDU_OPTIONS.values())
                       for v in (spec.values or (None, 0, 1, 5))}, key=repr)
any_value = st.one_of(json_values.map(python_value), st.sampled_from(VALID_VALUES),
                      st.builds(object), st.just({1, 2}), st.just(b"hedu"))


def assert_sound(game):
    """A game that was made is whole: strict JSON record that replays to itself."""
    text = game.to_json()
    strict(text)
    assert Game.from_record(text) == game
    assert Game.from_position(game.position_string()).position() == game.position()


def mostly(good, bad):
    """Three draws in four from ``good``, so that sound games are made too."""
    return st.integers(0, 3).flatmap(lambda k: bad if k == 0 else good)


@FUZZ
@given(ruleset=mostly(st.sampled_from(["dendria-classic", "dendria-sprites", "hedu"]),
                      any_value),
       size=mostly(st.none() | st.integers(2, 5), st.integers(-2, 6) | any_value),
       board=mostly(st.none(), st.sampled_from(["flower-13", "atoll-7", 3,
                                                {"shape": "hexagon", "size": 3}]) | any_value),
       options=mostly(st.none() | st.dictionaries(st.sampled_from(OPTION_NAMES),
                                                  st.sampled_from(VALID_VALUES), max_size=3),
                      st.dictionaries(st.sampled_from(OPTION_NAMES) | keys, any_value,
                                      max_size=3) | any_value),
       more=mostly(st.dictionaries(st.sampled_from(OPTION_NAMES), st.sampled_from(VALID_VALUES),
                                   max_size=2),
                   st.dictionaries(st.sampled_from(OPTION_NAMES), any_value, max_size=2)))
def test_the_constructor_makes_a_sound_game_or_says_why(ruleset, size, board, options, more):
    game, error = outcome(lambda: Game(ruleset, size, board, options=options, **more))
    if error is None:
        assert_sound(game)


# ---------------------------------------------------------------- play
def a_game(ruleset):
    """A small game with history, redo steps, a comment and annotations."""
    if ruleset == "hedu":
        g = Game("hedu", size=3)
        g.play("place a1", "place c3", "place b2")
    elif ruleset == "dendria-sprites":
        g = Game("dendria-sprites", size=3, komi_max=4)
        g.play("komi 1", "side dark", "plant a1", "end")
    else:
        g = Game("dendria-classic", size=4)
        g.play("plant d4", "end", "pass", "plant a1", "end")
    g.undo()
    g.comment("a comment", 0)
    g.set_annotations({"marks": {"a1": "A"}, "arrows": [["a1", "b2"]]})
    return g


RULESETS = st.sampled_from(["dendria-classic", "dendria-sprites", "hedu"])
step_like = st.one_of(
    st.text(max_size=12), st.sampled_from(WORDS),
    st.builds(lambda v, a: f"{v} {a}", st.sampled_from(["plant", "sow", "sprout", "grow",
                                                        "capture", "move", "slide", "komi",
                                                        "side", "place", "end", "pass"]),
              st.one_of(st.sampled_from(WORDS), st.text(max_size=5), st.just(DIGITS),
                        st.integers().map(str))),
    any_value,
    st.sampled_from([Game(size=9), Game("hedu", size=3), Game("dendria-sprites")]).flatmap(
        lambda g: st.sampled_from(g.legal_steps())),
    st.builds(lambda verb, arg: outcome(lambda: Step(verb, arg))[0] or "pass",
              st.sampled_from(["plant", "slide", "place", "komi", "side", "end", "swap"]),
              st.one_of(st.none(), st.sampled_from(WORDS), st.integers(-1, 100),
                        st.just(10 ** 5000), st.sampled_from([1.5, float("nan")]))))


@FUZZ
@given(RULESETS, st.lists(step_like, min_size=1, max_size=3))
def test_play_plays_or_leaves_the_game_exactly_as_it_was(ruleset, steps):
    game = a_game(ruleset)
    before = game.to_record()
    for step in steps:
        reason, error = outcome(lambda: game.why_illegal(step))
        assert error is None and (reason is None or reason.strip())
    _, error = outcome(lambda: game.play(*steps))
    if error is not None:
        assert game.to_record() == before
    assert_sound(game)


# ------------------------------------------------------------- positions
POSITIONS = [a_game(r).position_string() for r in ("dendria-classic", "dendria-sprites",
                                                   "hedu")] + [
    "dendria-classic h3 3/4/1s1S1/4/3 light komi=2.5 superko=off",
    "hedu h3 3/4/b21w31/4/3 black prisoners=2,1",
]


@st.composite
def mangled(draw, text):
    """A position string with a few characters or fields changed."""
    for _ in range(draw(st.integers(1, 2))):
        pos = draw(st.integers(0, len(text)))
        piece = draw(st.one_of(st.sampled_from(list("0123456789/sStTdDbw=,;-hm. ")),
                               st.sampled_from(["komi=", "prisoners=", DIGITS, "NaN",
                                                "Infinity", "1e400", "null"]),
                               st.text(max_size=3)))
        cut = draw(st.sampled_from([len(piece), len(piece), 0, 1]))  # mostly a replacement
        text = text[:pos] + piece + text[pos + cut:]
    return text


@FUZZ
@given(st.one_of(st.sampled_from(POSITIONS).flatmap(mangled), st.text(max_size=30),
                 any_value))
def test_a_position_string_gives_a_sound_game_or_says_why(text):
    game, error = outcome(lambda: Game.from_position(text))
    if error is None:
        assert_sound(game)


@FUZZ
@given(position=mostly(st.sampled_from([
           {"rules": {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4}},
            "position": {"to_move": "dark", "pieces": {"d4": "dark seed", "a1": "light tree"},
                         "komi": 1}},
           {"rules": {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}},
            "position": {"to_move": "black", "pieces": {"a1": "white 3", "c3": "black 1"},
                         "prisoners": {"black": 0, "white": 2}}},
           {"to_move": "light", "pieces": {"g7": "light dendrid"}}]).flatmap(mutations)
                       .map(python_value), any_value),
       rules=mostly(st.none(), st.sampled_from(["hedu", "dendria-sprites"]) | any_value))
def test_a_position_dict_gives_a_sound_game_or_says_why(position, rules):
    game, error = outcome(lambda: Game.from_position(position, rules=rules))
    if error is None:
        assert_sound(game)


# ---------------------------------------------------------------- records
RECORDS = [a_game(r).to_record() for r in ("dendria-classic", "dendria-sprites", "hedu")]
RECORDS.append(Game.from_position("dendria-classic h3 3/4/1s1S1/4/3 light komi=2.5")
               .to_record())


@FUZZ
@given(st.sampled_from(RECORDS).flatmap(mutations), st.booleans())
def test_a_mangled_record_loads_soundly_or_says_why(record, as_text):
    arg = json_text(record) if as_text else python_value(record)
    game, error = outcome(lambda: Game.from_record(arg))
    if error is None:
        assert_sound(game)


# ---------------------------------------------------- comments, annotations
CELL_NAMES = ["a1", "A1", " b2", "c3", "d4", "g7", "z9"]
annotation_like = st.one_of(
    st.fixed_dictionaries({}, optional={
        "marks": st.dictionaries(st.sampled_from(CELL_NAMES) | keys, st.text(max_size=3)
                                 | any_value, max_size=3) | any_value,
        "arrows": st.lists(st.lists(st.sampled_from(CELL_NAMES) | any_value, max_size=3)
                           | any_value, max_size=3) | any_value}),
    any_value)


@FUZZ
@given(RULESETS, st.one_of(st.text(max_size=5), any_value),
       st.one_of(st.none(), st.integers(-2, 5), any_value), annotation_like)
def test_comments_and_annotations_are_kept_or_refused_without_a_trace(ruleset, text, turn,
                                                                       notes):
    game = a_game(ruleset)
    before = game.to_record()
    _, error = outcome(lambda: game.comment(text, turn))
    if error is not None:
        assert game.to_record() == before
    assert_sound(game)
    before = game.to_record()
    _, error = outcome(lambda: game.set_annotations(notes))
    if error is not None:
        assert game.to_record() == before
    assert_sound(game)


# ---------------------------------------------------------------- the widget
_WIDGETS = {}


def widget(ruleset):
    """One widget per ruleset for all examples (a new game costs the widget
    a new options panel: it gets one only when its game is over or long)."""
    if ruleset not in _WIDGETS:
        _WIDGETS[ruleset] = BoardWidget(a_game(ruleset), width=320)
    w = _WIDGETS[ruleset]
    if w.game.is_over or len(w.game.steps) > 30:
        w.load_record_text(a_game(ruleset).to_json())
    return w


coordinate = st.one_of(st.floats(allow_nan=True, allow_infinity=True),
                       st.floats(-20, 400), st.integers(), st.sampled_from([10 ** 400,
                                                                            -10 ** 400]))


@FUZZ
@given(RULESETS, st.lists(st.tuples(st.sampled_from(["click", "down", "move"]), coordinate,
                                    coordinate), min_size=1, max_size=4))
def test_clicks_anywhere_only_play_legal_steps_and_always_say_something(ruleset, events):
    w = widget(ruleset)
    for kind, x, y in events:
        before = w.game.to_record()
        if kind == "click":
            w.click_pixel(x, y)
        elif kind == "down":
            w.board_canvas.on_mouse_down(x, y)
        else:
            w.board_canvas.on_mouse_move(x, y)
        assert isinstance(w.status, str) and w.status.strip()
        if w.cell_at(x, y) is None and kind != "down":
            assert w.game.to_record() == before
    assert_sound(w.game)


@settings(FUZZ, max_examples=40)
@given(RULESETS, st.one_of(
    st.binary(max_size=60),
    st.sampled_from(RECORDS).flatmap(mutations).map(lambda r: json_text(r).encode("utf-8")),
    st.sampled_from(RECORDS).map(lambda r: json.dumps(r).encode("utf-8")).flatmap(
        lambda b: st.tuples(st.just(b), st.integers(0, len(b)), st.binary(max_size=3)).map(
            lambda t: t[0][:t[1]] + t[2] + t[0][t[1] + 1:]))))
def test_an_upload_loads_a_sound_game_or_says_why_in_the_status_line(ruleset, data):
    w = widget(ruleset)
    before = w.game.to_record()
    w.editor_panel._uploaded({"new": [{"name": "up.json", "content": memoryview(data)}]})
    assert isinstance(w.status, str) and w.status.strip()
    if w.status.startswith("Cannot load up.json: "):
        assert w.status_kind == "refused"
        assert w.game.to_record() == before
    else:
        assert w.status.startswith("Loaded up.json.")
        assert w.game == Game.from_record(data)
    assert_sound(w.game)

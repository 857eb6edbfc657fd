"""The type hints of the public API hold, and the package passes its linter.

Four checks: mypy finds the hints of the whole package consistent and ruff
(pyflakes rules: undefined names, unused imports and variables) finds
nothing (settings in pyproject.toml's ``[tool.mypy]`` and ``[tool.ruff]``);
every public function, method and property has hints; and what the
calls hand back at run time is what their hints say. The last one matters
because mypy only checks hints against other hints: where a value comes from
outside them (a Game reaches its engine through the engine's module, the
engines' undo records are tuples of many shapes, the lesson data are not
read), only running the code shows that ``pieces`` really is a dict of cell
names to Pieces, ``journey`` a Journey or None, or an engine's ``undo`` the
step it took back.
"""

import asyncio
import contextlib
import dataclasses
import fcntl
import inspect
import os
import pathlib
import re
import subprocess
import sys
import types
import typing

import pytest

from dendria_widget import BoardWidget, Board, Game, Step, explain, lessons, notation
from dendria_widget.explain import dendria as explain_dendria
from dendria_widget.explain import hedu as explain_hedu
from dendria_widget.explain import refusals as explain_refusals
from dendria_widget import interaction, players
from dendria_widget.explain import sentences
from dendria_widget.explain.sentences import Change
from dendria_widget.game import Effect
from dendria_widget.geometry import Layout, iter_bits
from dendria_widget.interaction import Click
from dendria_widget.lessons import Exercise, Lesson, LessonWidget, Page, Verdict
from dendria_widget.notation import Piece
from dendria_widget.players import GreedyPlayer, MCTSPlayer, Player, RandomPlayer
from dendria_widget.render import canvas as rcanvas
from dendria_widget.render import png as rpng
from dendria_widget.render import scene as rscene
from dendria_widget.render import svg as rsvg
from dendria_widget.render import theme as rtheme
from dendria_widget.render.theme import Theme
from dendria_widget.rules.dendria import DendriaState
from dendria_widget.rules.hedu import HeduState
from dendria_widget.rules.options import Rules
from dendria_widget.rules.outcome import Outcome, Termination, leader
from dendria_widget.rules.refusal import Refusal
from dendria_widget.rules.variant import Variant
from dendria_widget.session import BoardSession
from dendria_widget.session import words as session_words
from dendria_widget.widget.api import SessionAPI
from dendria_widget.widget.probe import ThemeFollower
from dendria_widget.render.overlays import offered
from test_widget import journey_game

ROOT = pathlib.Path(__file__).resolve().parent.parent

# ------------------------------------------------------- mypy and ruff
#: TEMPORARY: files whose owners are still making them clean. mypy and ruff
#: read them, but their findings there are not (yet) failures. Remove an
#: entry as soon as its file is clean: the test below fails while an entry
#: names a file with nothing left to report, so the list only shrinks.
NOT_YET_TYPED: list[str] = []

_FINDING = re.compile(r"^(dendria_widget/[^:]+\.py):\d+(?::\d+)?: (?:error|[A-Z]+\d+)")


def _findings(output):
    """{file: [lines]} of every finding (an error line) in a tool's output."""
    found: dict[str, list[str]] = {}
    for line in output.splitlines():
        m = _FINDING.match(line.strip())
        if m:
            found.setdefault(m.group(1), []).append(line.strip())
    return found


def _judge(tool, done):
    found = _findings(done.stdout + done.stderr)
    bad = [line for path, lines in sorted(found.items()) if path not in NOT_YET_TYPED
           for line in lines]
    assert not bad, f"{tool} finds:\n" + "\n".join(bad)
    clean = [p for p in NOT_YET_TYPED if p not in found]
    return clean


def _mypy(cache, *args):
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(cache), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600)


@contextlib.contextmanager
def _kept_mypy_cache():
    """mypy's cache kept across runs (~/.cache/dendria-widget/mypy, one per
    Python version), held under a lock while mypy uses it: a warm run takes
    under a second of processor time, a cold one about 11 s (81 s of wall
    time beside the other tests in CI), as scripts/build_site.sh keeps the
    site's downloads. mypy
    checks each cached module against its source (size, time and hash) and
    checks again every module that changed and those that import it, so the
    findings are those of a run without a cache."""
    base = pathlib.Path(os.environ.get("XDG_CACHE_HOME") or pathlib.Path.home() / ".cache")
    cache = base / "dendria-widget" / "mypy" / f"py{sys.version_info[0]}.{sys.version_info[1]}"
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # one mypy at a time writes it
        yield cache


def _ruff(*args):
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--output-format", "concise",
                           "--no-cache", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def test_the_finders_read_both_tools_outputs():
    text = ("dendria_widget/game.py:12: error: Name \"x\" is not defined  [name-defined]\n"
            "dendria_widget/lab.py:3:8: F401 [*] `os` imported but unused\n"
            "Found 2 errors in 2 files\n")
    assert set(_findings(text)) == {"dendria_widget/game.py", "dendria_widget/lab.py"}


def test_mypy_finds_the_whole_package_consistent():
    with _kept_mypy_cache() as cache:
        done = _mypy(cache)
    assert done.returncode in (0, 1), done.stdout + done.stderr   # 2: mypy could not run
    clean = _judge("mypy", done)
    # the package is read whole: every module, not a chosen few
    checked = re.search(r"(\d+) source files?", done.stdout)
    assert checked and int(checked.group(1)) >= len(list((ROOT / "dendria_widget").rglob("*.py")))
    stale = [p for p in clean if not _findings(_ruff("--select", "F", p).stdout)]
    assert not stale, ("these files are clean now: take them out of NOT_YET_TYPED: "
                       + ", ".join(stale))


def test_ruff_finds_nothing_in_the_package():
    done = _ruff("dendria_widget")
    assert done.returncode in (0, 1), done.stdout + done.stderr
    _judge("ruff", done)


def test_an_undefined_name_fails_the_gate(tmp_path):
    """The gate catches what no test ran: a name used but never defined
    (the kind of NameError a click path once hid)."""
    bad = tmp_path / "dendria_widget" / "broken.py"
    bad.parent.mkdir()
    bad.write_text("def f() -> int:\n    return undefined_name\n", encoding="utf-8")
    for done in (_ruff(str(bad)),
                 _mypy(tmp_path / "mypy-cache", "--no-incremental", str(bad))):
        assert done.returncode == 1
        assert "undefined_name" in done.stdout


def test_a_function_without_hints_fails_the_gate(tmp_path):
    """Every function carries its hints: mypy (with the project's settings)
    refuses one that has none, and one whose hints are incomplete."""
    bad = tmp_path / "dendria_widget" / "untyped.py"
    bad.parent.mkdir()
    bad.write_text("def bare(x):\n    return x\n\n\n"
                   "def half(x: int, y):\n    return x\n", encoding="utf-8")
    done = _mypy(tmp_path / "mypy-cache", "--no-incremental", str(bad))
    assert done.returncode == 1
    found = [line for line in done.stdout.splitlines() if "[no-untyped-def]" in line]
    assert sorted({line.split(":")[1] for line in found}) == ["1", "5"], done.stdout


def test_the_package_says_it_has_hints():
    """PEP 561: the py.typed marker is there and is package data (so the
    wheel carries it)."""
    import tomllib

    assert (ROOT / "dendria_widget" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["dendria_widget"]


# -------------------------------------------------- every hint is there
CLASSES = [Game, Step, Piece, BoardWidget, SessionAPI, ThemeFollower, BoardSession, Lesson, Page,
           Exercise, Verdict, LessonWidget, Refusal, Outcome]
FUNCTIONS = ([explain.explain_cell, explain.describe, lessons.catalog, lessons.load,
              lessons.steps_of, lessons.planted, lessons.words, notation.parse_words,
              notation.parse_cell, notation.piece_letter, notation.format_position,
              notation.parse_position, notation.read_rows]
             + [getattr(m, name) for m in (explain_dendria, explain_hedu, sentences)
                for name in m.__all__]
             + [explain_refusals.refusal_text, explain_refusals.ending_text, leader])


def _public_api():
    for cls in CLASSES:
        for name, attr in vars(cls).items():
            if name.startswith("_") and name not in ("__init__", "__new__"):
                continue
            label = f"{cls.__name__}.{name}"
            if isinstance(attr, property):
                yield label, attr.fget
                if attr.fset is not None:
                    yield label + " (setter)", attr.fset
            elif isinstance(attr, (classmethod, staticmethod)):
                yield label, attr.__func__
            elif inspect.isfunction(attr):
                yield label, attr
    for f in FUNCTIONS:
        yield f"{f.__module__}.{f.__name__}", f


PUBLIC = dict(_public_api())


def test_the_public_api_is_found():
    # the list below is not empty by accident: the main names are in it
    for name in ("Game.play", "Game.pieces", "Step.parse", "Piece.__new__",
                 "BoardWidget.click_cell", "BoardWidget.game (setter)", "Lesson.game",
                 "Exercise.judge", "LessonWidget.check",
                 "dendria_widget.explain.dendria.roots", "dendria_widget.lessons.framework.load"):
        assert name in PUBLIC


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_every_public_function_has_hints(name):
    sig = inspect.signature(PUBLIC[name])
    params = list(sig.parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    missing = [p.name for p in params if p.annotation is inspect.Parameter.empty]
    assert not missing, f"{name}: no hint for {', '.join(missing)}"
    assert sig.return_annotation is not inspect.Signature.empty, f"{name}: no return hint"


# ------------------------------------------ the hints hold at run time
#: the names the modules import for their hints only (``if TYPE_CHECKING``)
HINT_NAMES = {"Game": Game, "Step": Step, "Piece": Piece, "Board": Board, "Rules": Rules,
              "Variant": Variant, "Click": Click, "Player": Player, "Theme": Theme,
              "Page": Page, "asyncio": asyncio, "Change": Change, "Layout": Layout,
              "GameOrState": typing.Union[Game, DendriaState, HeduState]}


def conforms(value, hint):
    """Does ``value`` have the type ``hint`` (its items too, for lists,
    sets, dicts and tuples)?"""
    if hint is typing.Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if hint is float:     # an int is a float too, as for mypy (PEP 484's numeric tower)
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if origin is None:
        if not isinstance(value, hint):
            return False
        if hasattr(hint, "_fields"):      # a NamedTuple (Journey, Effect, Click): its fields
            fields = typing.get_type_hints(hint)
            return all(conforms(getattr(value, f), fields[f]) for f in hint._fields)
        return True
    if not isinstance(value, origin):
        return False
    if origin in (list, set, frozenset):
        return all(conforms(v, args[0]) for v in value)
    if origin is dict:
        return all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(conforms, value, args))
    return True


def test_conforms_tells_types_apart():
    assert conforms({"a": [1, None]}, dict[str, list[typing.Optional[int]]])
    assert not conforms({"a": [1, "b"]}, dict[str, list[typing.Optional[int]]])
    assert conforms(("a", "b"), tuple[str, ...]) and not conforms(("a", 1), tuple[str, ...])
    assert conforms(None, int | None) and not conforms(1.5, int | None)
    assert conforms(2, float) and conforms((0, 1.5), tuple[float, float])
    assert not conforms(True, float) and not conforms("1", float)
    assert not conforms(["a"], tuple[str, ...])
    assert conforms(Effect("a1", None, "dark seed"), Effect)
    assert not conforms(Effect("a1", None, 3), Effect)


def hint_of(func, what="return"):
    return typing.get_type_hints(func, localns=HINT_NAMES)[what]


def checked(func, *args, **kwargs):
    """Call ``func`` and assert that the result has its return hint's type."""
    result = func(*args, **kwargs)
    hint = hint_of(func)
    assert conforms(result, hint), f"{func.__qualname__} gave {result!r}, not a {hint}"
    return result


def prop(obj, name):
    """Read a property and assert that it has its hint's type."""
    return checked(getattr(type(obj), name).fget, obj)


def _playout(game, steps):
    """The game after ``steps`` legal steps, chosen by a fixed rule (no
    randomness: the k-th step takes legal step 7k modulo their number)."""
    for k in range(steps):
        if game.is_over:
            break
        legal = game.legal_steps()
        game.play(legal[(7 * k) % len(legal)])
    return game


def _games():
    journey = Game.from_position(
        {"to_move": "dark", "pieces": {"c3": "light seed", "a1": "dark dendrid",
                                       "d1": "dark dendrid", "e3": "light dendrid"}},
        rules={"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}})
    return [_playout(Game("dendria-classic", size=4), 12),
            _playout(Game("dendria-sprites", size=4), 12),
            _playout(Game("hedu", size=4), 9),
            journey.play("move d1", "slide d2"),
            Game("dendria-classic", size=3)]


GAME_VIEWS = [name for name, attr in vars(Game).items()
              if not name.startswith("_") and isinstance(attr, property)]
# the methods of Game that change nothing and take no argument
GAME_QUESTIONS = ["legal_steps", "can_undo", "can_redo", "turn_movers", "score",
                  "last_effects", "last_turn_cells", "position", "position_string",
                  "to_record", "to_json", "copy"]


@pytest.mark.parametrize("k", range(5))
def test_what_a_game_says_has_the_hinted_types(k):
    game = _games()[k]
    for name in GAME_VIEWS:
        prop(game, name)
    for name in GAME_QUESTIONS:
        checked(getattr(Game, name), game)
    if k == 3:
        assert isinstance(game.journey, tuple)     # a journey in progress was seen
    legal = game.legal_steps()
    for step in legal[:5]:
        checked(Game.why_illegal, game, step)
        checked(Game.why_illegal, game, str(step))
        checked(Game.is_legal, game, step)
    checked(Game.why_illegal, game, "plant zz9")
    for cell in list(game.pieces)[:6]:
        checked(Game.group_at, game, cell)
    checked(Game.from_record, game.to_json())
    checked(Game.from_record, game.to_record())
    checked(Game.from_position, game.position_string())
    checked(Game.go_to, game.copy(), 0)
    checked(Game.comment, game, "a comment")
    if legal:
        copy = game.copy()
        checked(Game.play, copy, legal[0])
        checked(Game.undo, copy)
        checked(Game.redo, copy)
        checked(Game.pop, copy)
        checked(Game.push, copy, str(legal[0]))
    checked(Game.undo, Game())        # at the start: None


@pytest.mark.parametrize("k", range(5))
def test_steps_and_pieces_have_the_hinted_types(k):
    game = _games()[k]
    steps = game.legal_steps() + game.steps
    assert steps
    for step in steps:
        assert isinstance(step, Step)
        for name in ("verb", "arg", "cell"):
            prop(step, name)
        checked(Step.bind, step, game.board)
        checked(Step.parse, str(step), game.board)
    rules, rows, to_move, extras = checked(notation.parse_position, game.position_string())
    pieces = checked(notation.read_rows, game.board, rows, game.variant.family == "hedu")
    assert pieces == game.pieces
    checked(notation.format_position, game.rules, game.pieces, to_move, extras.items())
    hints = typing.get_type_hints(Piece)
    for piece in game.pieces.values():
        assert isinstance(piece, Piece)
        for name, hint in hints.items():
            assert conforms(getattr(piece, name), hint), (piece, name)


@pytest.mark.parametrize("k", range(5))
def test_the_explanations_have_the_hinted_types(k):
    game = _games()[k]
    module = explain_hedu if game.variant.family == "hedu" else explain_dendria
    cells = [game.board.name(i) for i in game.board.plots]
    for name in module.__all__:
        func = getattr(module, name)
        params = list(inspect.signature(func).parameters)
        if params[:1] != ["game"]:
            continue
        if "cell" not in params:
            checked(func, game)
            checked(func, game.state)      # an engine state does as well
            continue
        for cell in cells:
            if name in ("preview",) and (cell in game.pieces
                                         or not game.state.placement_height(
                                             game.board.cell(cell))):
                continue           # no stack can stand there: IllegalStep
            checked(func, game, cell)
    for cell in cells[:8]:
        checked(explain.explain_cell, game, cell)
        checked(explain.describe, game, cell)
    checked(sentences.change_sentence, game)
    checked(sentences.net_changes, game.last_effects())


def test_lessons_have_the_hinted_types():
    every = checked(lessons.catalog)
    assert every
    lesson = checked(lessons.load, 1)
    checked(lessons.load, "02")
    prop(lesson, "number")
    checked(Lesson.exercises, lesson)
    checked(Lesson.rules_covered, lesson)
    for k in range(len(lesson)):
        page = checked(Lesson.page, lesson, k)
        checked(Lesson.markdown, lesson, k)
        checked(Lesson.scene_kwargs, lesson, k)
        game = checked(Lesson.game, lesson, k)
        prop(page, "is_exercise")
        if page.start is not None:
            checked(Page.game, page)
            checked(Page.played_game, page, upto=1)
        if isinstance(page, Exercise):
            checked(Exercise.judge, page, game)
            if page.start is not None:
                checked(Exercise.start_game, page)
    checked(lessons.steps_of, game, "plant")
    checked(lessons.planted, game)
    checked(lessons.words, ["d4", "e5"])


def test_every_lesson_page_holds_what_its_fields_say():
    """The lesson data (lessons/data, which mypy does not read) fill every
    field of Page and Exercise with what its hint says, and every check gives
    what ``Exercise.check``'s hint says (a Verdict), before and after the
    solution."""
    fields = typing.get_type_hints(Exercise, localns=HINT_NAMES)
    check = next(a for a in typing.get_args(fields["check"]) if a is not type(None))
    gives = typing.get_args(check)[1]
    seen = 0
    for lesson in lessons.catalog():
        assert conforms(lesson.pages, typing.get_type_hints(Lesson)["pages"])
        for k, page in enumerate(lesson.pages):
            for f in dataclasses.fields(page):
                value = getattr(page, f.name)
                assert conforms(value, fields[f.name]), (lesson.name, k, f.name, value)
            if isinstance(page, Exercise):
                game = lesson.start_game(k)
                assert conforms(page.check(game), gives)
                page.perform(game, page.solution)
                assert conforms(page.check(game), gives)
                seen += 1
    assert seen > 10


def test_the_lesson_widget_has_the_hinted_types():
    lesson = lessons.load(1)
    lw = LessonWidget(lesson, width=300)
    k = next(i for i, p in enumerate(lesson.pages) if isinstance(p, Exercise))
    prop(lw, "page")
    checked(LessonWidget.next, lw)
    checked(LessonWidget.previous, lw)
    checked(LessonWidget.go, lw, k)
    checked(LessonWidget.hint, lw)
    checked(LessonWidget.check, lw)
    checked(LessonWidget.show_solution, lw, delay=0)
    checked(LessonWidget.retry, lw)
    checked(LessonWidget.restart, lw)
    page = next(i for i, p in enumerate(lesson.pages) if p.play)
    lw.go(page)
    checked(LessonWidget.play, lw)


def test_the_board_widget_has_the_hinted_types(tmp_path):
    board = BoardWidget(Game("dendria-classic", size=3), width=300)
    prop(board, "game")
    for name in ("legal", "changed_cells", "can_undo", "focus", "selected", "scene_kwargs",
                 "scene", "sync", "position_string", "export_scene", "to_svg", "redraw"):
        checked(getattr(BoardWidget, name), board)
    checked(BoardWidget.cell_center, board, "c3")
    x, y = board.cell_center("c3")
    checked(BoardWidget.cell_at, board, x, y)
    checked(BoardWidget.click_pixel, board, x, y)           # plants c3
    checked(BoardWidget.pulse_shapes, board, board.changed_cells(), 0)
    checked(BoardWidget.click_cell, board, None)
    checked(BoardWidget.press, board, "end")
    checked(BoardWidget.play, board, "plant zz9")
    checked(BoardWidget.undo, board)
    checked(BoardWidget.redo, board)
    checked(BoardWidget.go_to, board, 0)
    for name in ("first", "previous", "next", "last", "refresh"):
        checked(getattr(BoardWidget, name), board)
    checked(BoardWidget.present, board, True, line=["plant a1"])
    checked(BoardWidget.present_step, board)
    checked(BoardWidget.present, board, False)
    checked(BoardWidget.set_theme, board, "high-contrast")
    checked(BoardWidget.set_overlay, board, "roots")
    checked(BoardWidget.set_hover, board, "a1")
    checked(BoardWidget.page_reported, board, "{}")
    for mode in ("mark", "arrow", "edit", "play"):
        checked(BoardWidget.set_mode, board, mode)
    checked(BoardWidget.mark, board, "a1", "A")
    checked(BoardWidget.arrow, board, "a1", "c3")
    checked(BoardWidget.clear_annotations, board)
    checked(BoardWidget.put, board, "b2", "dark seed")
    checked(BoardWidget.put, board, "zz9", "dark seed")      # refused: None
    checked(BoardWidget.set_to_move, board, "light")
    checked(BoardWidget.clear_board, board)
    checked(BoardWidget.load_position, board, board.position_string())
    checked(BoardWidget.load_position, board, "not a position")
    path = checked(BoardWidget.save_record, board, tmp_path / "game.json")
    checked(BoardWidget.load_record, board, path)
    checked(BoardWidget.load_record_text, board, board.game.to_json())
    checked(BoardWidget.from_record, board.game.to_record(), width=300)
    checked(BoardWidget.new_game, board, "hedu", size=3)
    checked(BoardWidget.new_game, board, "no such rules")
    checked(BoardWidget.save_svg, board, tmp_path / "b.svg")
    checked(BoardWidget.save_png, board, tmp_path / "b.png", scale=1)
    # a click that fits two steps (test_widget's journey: sprout or grow c3)
    board = BoardWidget(journey_game(), width=300)
    board.play("move d1", "slide d2")
    checked(BoardWidget.click_cell, board, "c3")
    assert len(board.pending) == 2
    checked(BoardWidget.choose, board, str(board.pending[1]))


# --------------------------------- the engines' hints hold at run time
#: the names the engines import for their hints only
ENGINE_HINT_NAMES = {**HINT_NAMES, "Refusal": Refusal, "Termination": Termination}


def engine_checked(func, *args):
    """Call an engine's (or the geometry's) ``func`` and assert that the
    result has its return hint's type (``clone``'s "the same type as self"
    is the type of its first argument)."""
    result = func(*args)
    hint = typing.get_type_hints(func, localns=ENGINE_HINT_NAMES)["return"]
    if isinstance(hint, typing.TypeVar):
        hint = type(args[0])
    assert conforms(result, hint), f"{func.__qualname__} gave {result!r}, not a {hint}"
    return result


def _ended_games():
    hedu = _playout(Game("hedu", size=3), 300)
    classic = Game("dendria-classic", size=3, opening="none").play("pass", "pass")
    assert hedu.is_over and classic.is_over
    return [hedu, classic]


#: what every engine state answers without an argument
ENGINE_QUESTIONS = ["legal", "score", "winner", "leader", "pieces", "steps", "step_movers",
                    "last_changes", "last_turn_cells", "journey", "clone"]


@pytest.mark.parametrize("k", range(7))
def test_what_an_engine_says_has_the_hinted_types(k):
    game = (_games() + _ended_games())[k]
    st = game.state.clone()
    cls = type(st)
    for name in ENGINE_QUESTIONS:
        engine_checked(getattr(cls, name), st)
    prop(st, "step_count")
    legal = engine_checked(cls.legal, st)
    assert bool(legal) != st.over
    for step in legal[:8]:
        assert engine_checked(cls.refusal, st, step) is None
        assert engine_checked(cls.parse, st, str(step)) == step
    occupied = [st.board.cell(name) for name in st.pieces()]
    verb = "place" if isinstance(st, HeduState) else "plant"
    if occupied:
        assert isinstance(engine_checked(cls.refusal, st, (verb, occupied[0])), Refusal)
    # apply, then undo: each step played and taken back
    for step in legal[:4]:
        before = st.pieces()
        engine_checked(cls.apply, st, step)
        engine_checked(cls.last_changes, st)
        engine_checked(cls.last_turn_cells, st)
        engine_checked(cls.journey, st)
        engine_checked(cls.score, st)
        assert engine_checked(cls.undo, st) == step
        assert st.pieces() == before
    if st.over:
        assert isinstance(st.end_reason, Termination)
        assert engine_checked(cls.winner, st) in (*st.COLOURS, "draw")
    for i in occupied[:4]:
        engine_checked(cls.piece_name, st, i)
        engine_checked(cls.group_at, st, i)


@pytest.mark.parametrize("k", [0, 1, 3, 4])
def test_what_the_dendria_engine_says_has_the_hinted_types(k):
    st = _games()[k].state.clone()
    assert isinstance(st, DendriaState)
    mover = st.to_move
    for name in ("hungry_mask", "fertilized", "touching_empty", "repeated", "power_ok",
                 "end_refusal", "conversions_open"):
        engine_checked(getattr(DendriaState, name), st)
    engine_checked(DendriaState.legal_placements, st, mover)
    engine_checked(DendriaState.placement_mask, st, mover)
    engine_checked(DendriaState.forest_sizes, st, mover)
    for i in st.board.plots[:10]:
        engine_checked(DendriaState.roots, st, i)
        engine_checked(DendriaState.nourishers, st, i)
        engine_checked(DendriaState.is_hungry, st, i)
        engine_checked(DendriaState.sprout_counts, st, i, mover)
        engine_checked(DendriaState.sprout_refusal, st, i, mover)
        engine_checked(DendriaState.placement_refusal, st, i, mover)
        engine_checked(DendriaState.sowing_clash, st, i, mover)
        engine_checked(DendriaState.lit_by, st, i)
        engine_checked(DendriaState.group_of, st, i)
        for d in range(6):
            engine_checked(DendriaState.stops, st, i, d, mover)
        engine_checked(DendriaState.slide_targets, st, i, mover)
    for colour in (0, 1):
        for kind in (0, 1, 2):
            for g in engine_checked(DendriaState.groups, st, colour, kind):
                engine_checked(DendriaState.seen_dendrids, st, g)
                engine_checked(DendriaState.fertile, st, g)
                engine_checked(DendriaState.growable, st, g, mover)
                engine_checked(DendriaState.capturable, st, g, mover)
                engine_checked(DendriaState.grow_refusal, st, g, mover, "a1")
                engine_checked(DendriaState.capture_refusal, st, g, mover, "a1")


@pytest.mark.parametrize("k", [2, 5])
def test_what_the_hedu_engine_says_has_the_hinted_types(k):
    st = (_games() + _ended_games())[k].state.clone()
    assert isinstance(st, HeduState)
    for name in ("regions", "region_list", "region_counts", "groups", "control",
                 "placeable_mask", "legal_placements", "placement_heights", "last_effects"):
        engine_checked(getattr(HeduState, name), st)
    for i in iter_bits(st.legal_placements()):
        engine_checked(HeduState.placement_height, st, i)
        engine_checked(HeduState.preview, st, i)
        assert engine_checked(HeduState.placement_refusal, st, i, st.to_move) is None
        st.apply(st.parse(f"place {st.board.name(i)}"))
        engine_checked(HeduState.last_effects, st)
        st.undo()
    for i in st.board.plots[:10]:
        engine_checked(HeduState.placement_refusal, st, i, st.to_move)
    groups = st.groups()
    black = HeduState.group_key((h, s) for c, h, _, s in groups if c == 0)
    white = engine_checked(HeduState.group_key, [(h, s) for c, h, _, s in groups if c == 1])
    engine_checked(HeduState.compare, black, white)
    engine_checked(HeduState.deciding_entry, black, white)


def test_the_geometry_says_what_its_hints_say():
    board = Board.hexagon(4)
    i, j = board.plots[0], board.plots[-1]
    engine_checked(Board.name, board, i)
    engine_checked(Board.cell, board, "a1")
    engine_checked(Board.names, board, board.plot_mask)
    engine_checked(Board.axial, board, i)
    engine_checked(Board.id_at, board, 0, 0)
    engine_checked(Board.first_pieces, board, i, 1 << j)
    engine_checked(Board.line_direction, board, i, j)
    engine_checked(Board.components, board, (1 << i) | (1 << j))
    engine_checked(Board.fill, board, 1 << i, board.plot_mask, 0)
    layout = Layout(board, 20)
    engine_checked(Layout.center, layout, i)
    engine_checked(Layout.corners, layout, i)
    engine_checked(Layout.cell_at, layout, *layout.center(i))
    engine_checked(Layout.cell_at, layout, -1e9, 0)


# ------------------------------------ the picture, the session, the players
def holds_its_fields(obj):
    """Every field of a dataclass ``obj`` has its hint's type, and so do the
    fields of the dataclasses it holds (directly or in a tuple or list)."""
    hints = typing.get_type_hints(type(obj), localns=HINT_NAMES)
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        assert conforms(value, hints[f.name]), (type(obj).__name__, f.name, value)
        for v in (value if isinstance(value, (tuple, list)) else (value,)):
            if dataclasses.is_dataclass(v) and not isinstance(v, type):
                holds_its_fields(v)


@pytest.mark.parametrize("k", range(5))
def test_a_scene_has_the_hinted_types(k):
    game = _games()[k]
    overlays = [o.name for o in offered(game.variant)]
    cells = [game.board.name(i) for i in game.board.plots]
    empty = [c for c in cells if c not in game.pieces]
    marks = {"marks": {cells[0]: "A"}, "arrows": [[cells[0], cells[-1]]]}
    for focus in (next(iter(game.pieces), cells[0]), empty[0]):
        scene = checked(rscene.build_scene, game, overlays=overlays, focus=focus,
                        selected=cells[0], targets=cells[:3], hover=cells[1],
                        annotations=marks, width=320)
        holds_its_fields(scene)
        for shape in scene.shapes():
            holds_its_fields(shape)
        assert scene.key and scene.find("arrow")      # the key and the arrow were drawn
        checked(rscene.Scene.shapes, scene, "pieces")
        checked(rscene.Scene.find, scene, "cell")
        checked(rscene.Scene.tags, scene)
        checked(rscene.Scene.legends, scene)
        x, y = checked(rscene.Scene.center, scene, cells[0])
        assert checked(rscene.Scene.cell_at, scene, x, y) == cells[0]
        checked(rscene.Scene.cell_at, scene, -50.0, -50.0)          # off the board: None
        for line in scene.find("arrow"):
            checked(rscene.arrow_parts, line)
        checked(rcanvas.plan, scene.shapes("overlays"))
        checked(rsvg.scene_to_svg, scene, title="a game")
    checked(rscene.legend_entries, game.variant)
    checked(rscene.key_height, game.variant, overlays, 400)
    checked(rscene.radius_for, game.board, 300)
    checked(rscene.board_geometry, game.board, 20.0)
    checked(rscene.wrap, "a few words that wrap onto lines", 12.0, 60.0)
    checked(rscene.caption_lines, 540.0, "preview")
    checked(rscene.text_width, "abc", 12.0)
    checked(rsvg.game_svg, game)
    checked(rpng.game_png, game, scale=0.5)


def test_the_themes_have_the_hinted_types():
    for theme in rtheme.THEMES.values():
        holds_its_fields(theme)
        checked(Theme.text_pairs, theme)
        checked(Theme.letter_chips, theme)
    checked(Theme.with_changes, rtheme.DEFAULT_THEME, background="#000000")
    checked(rtheme.resolve_theme, "dark")
    checked(rtheme.theme_from_css, {"--jp-layout-color0": "#111111",
                                    "--jp-ui-font-color0": "rgba(255, 255, 255, 1)"})
    for value in ("#fff", "rgb(10, 20, 30)", "var(--x)", None):
        checked(rtheme.css_colour, value)
    checked(rtheme.contrast, "#000000", "#ffffff")
    checked(rtheme.readable_on, "#0072b2")


@pytest.mark.parametrize("k", range(5))
def test_the_session_view_has_the_hinted_types(k):
    game = _games()[k]
    session = BoardSession(game.copy(), overlays=[o.name for o in offered(game.variant)])
    cell = next(iter(game.pieces), game.board.name(game.board.plots[0]))
    session.set_hover(cell)
    view = checked(BoardSession.view, session)
    holds_its_fields(view)
    checked(BoardSession.scene_request, session)
    holds_its_fields(checked(BoardSession.scene, session))
    legal = game.legal_steps()
    for func in (session_words.phase_words, session_words.mover_words,
                 session_words.score_words):
        checked(func, game)
    checked(session_words.hint, game, legal, [("End turn", "a reason")])
    for step in legal[:5] + game.steps[-3:]:
        checked(session_words.step_choice_label, step)
    if game.steps:
        checked(session_words.played_words, game, game.steps[-1], game.to_move,
                game.last_effects())


@pytest.mark.parametrize("k", range(5))
def test_what_a_click_means_has_the_hinted_types(k):
    game = _games()[k]
    legal = game.legal_steps()
    for cell in [game.board.name(i) for i in game.board.plots][:12] + [None]:
        checked(interaction.click_steps, game, cell, legal)
        checked(interaction.refusal_words, game, cell)
        if cell is not None:
            checked(interaction.natural_steps, game, cell)
            checked(interaction.refusal, game, cell)
            checked(interaction.group_cells, game, cell)
    for func in (interaction.targets, interaction.button_steps, interaction.turn_labels,
                 interaction.current_turn, interaction.journey_cell, interaction.seats,
                 interaction.seat_words, interaction.choices_made):
        checked(func, game)
    layout = rscene.board_geometry(game.board, 20.0).layout
    x, y = layout.center(game.board.plots[0])
    checked(interaction.pixel_to_cell, layout, x, y)
    checked(interaction.pixel_to_cell, layout, -1e9, 0.0)


def test_the_players_have_the_hinted_types():
    game = Game("dendria-classic", size=3)
    mcts = MCTSPlayer(iterations=20, seed=1)
    for player in (RandomPlayer(seed=1), GreedyPlayer(seed=1), mcts):
        turn = checked(Player.choose_turn, player, game)
        assert turn and all(isinstance(s, Step) for s in turn)
        assert type(player.with_seed(2)) is type(player)     # its hint: the same class
    assert conforms(mcts.last_search, dict[str, typing.Any])    # what the heat map reads
    checked(players.player_from_name, "mcts:i10")
    checked(players.seats, game)
    checked(players.seat_to_move, game)
    checked(players.play_game, Game("hedu", size=3), RandomPlayer(seed=1), RandomPlayer(seed=2),
            max_steps=6)

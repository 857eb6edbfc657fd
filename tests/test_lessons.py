"""The lessons: every one loads and renders, every exercise's solution is
judged right and every listed wrong answer wrong (with a reason), and the
lessons together teach every rule of RULE_IDS.

The table COVERED_BY below says which lesson teaches which rule; the tests
check it against the pages' ``rules_covered``.
"""

import json
import re
import tempfile
from pathlib import Path

import pytest

from dendria_widget import DendriaError, Game
from dendria_widget.lessons import (RULE_IDS, Exercise, Lesson, Page, Verdict, catalog,
                                    load)
from dendria_widget.lessons import framework
from dendria_widget.render.scene import build_scene

REPO = Path(__file__).resolve().parent.parent
LESSONS = catalog()
EXERCISES = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages)
             if isinstance(p, Exercise)]

#: Which lesson teaches which rule (the plan of issue 10; every id of RULE_IDS).
COVERED_BY = {
    "01_board": ["board-soils", "lines", "edge", "cell-names", "edge-literal"],
    "02_roots": ["roots", "nourishers", "hungry", "nourished", "plant-hungry", "turns"],
    "03_sprouting": ["sprout-majority", "sprout-either-colour", "sprout-one-per-root",
                     "sprout-hungry-never", "plant-sprout"],
    "04_fertilization": ["fertilized", "fertilized-blocked"],
    "05_seedbeds": ["seedbed", "fertile-soils", "grow", "grow-after-plant", "grow-on-move"],
    "06_capture": ["capture-fertilized", "enclosed-never", "judged-anew"],
    "07_journeys": ["journey-line", "journey-jump", "journey-block", "journey-stop",
                    "journey-slides", "journey-convert", "convert-at-start", "no-dead-ends"],
    "08_ending": ["pass-end", "superko", "move-limit"],
    "09_scoring": ["score-distinct", "score-majority", "score-half", "komi"],
    "10_pie": ["pie", "pie-swap"],
    "11_sprites_power": ["power", "power-rule"],
    "12_sprites_converting": ["no-move-limit"],
    "13_sprites_sowing": ["sowing-non-touching", "edge-touching"],
    "14_sprites_protection": ["capture-unprotected", "protection", "enclosed-sight",
                              "leafiness"],
    "15_sprites_boards": ["modular", "lagoons", "sprite-capture", "komi-pie"],
    "16_hedu": ["hedu-stacks", "hedu-regions", "hedu-place-height", "hedu-no-zero",
                "hedu-increase", "hedu-pie"],
    "17_hedu_score": ["hedu-reduce", "hedu-prisoners", "hedu-control", "hedu-value",
                      "hedu-end", "hedu-score"],
}


def _ids(lesson, k):
    return f"{lesson.name}-{k}"


def test_the_plan_names_every_rule_once():
    planned = [r for rules in COVERED_BY.values() for r in rules]
    assert sorted(planned) == sorted(RULE_IDS), "COVERED_BY must list every RULE_ID once"
    for rid, words in RULE_IDS.items():
        assert re.match(r"^[a-z][a-z-]*[a-z]$", rid)
        assert words and not words.endswith(".")


def test_every_present_lesson_teaches_its_planned_rules():
    covered = {lesson.name: set(lesson.rules_covered()) for lesson in LESSONS}
    for name, rules in COVERED_BY.items():
        if name not in covered:
            continue        # a lesson still being written (its module is not there yet)
        anywhere = set().union(*covered.values())
        missing = [r for r in rules if r not in anywhere]
        assert not missing, f"{name} should teach {', '.join(missing)}: no page covers it"


def test_every_rule_is_taught_by_some_page_and_every_lesson_has_its_notebook():
    covered = {r for lesson in LESSONS for r in lesson.rules_covered()}
    missing = sorted(set(RULE_IDS) - covered)
    assert not missing, f"no lesson page teaches {', '.join(missing)}"
    for lesson in LESSONS:
        assert (REPO / "tutorials" / f"{lesson.name}.ipynb").is_file(), \
            f"lesson {lesson.name} has no notebook"


def test_the_first_lessons_are_there_and_cover_their_rules():
    names = [lesson.name for lesson in LESSONS]
    for name in ("01_board", "02_roots", "03_sprouting", "04_fertilization", "05_seedbeds",
                 "06_capture", "07_journeys"):
        if name in names:
            lesson = load(name)
            missing = set(COVERED_BY[name]) - set(lesson.rules_covered())
            assert not missing, f"{name} misses {sorted(missing)}"
    assert "01_board" in names


def test_catalog_is_in_notebook_order_and_names_match_modules():
    names = [lesson.name for lesson in LESSONS]
    assert names == sorted(names) and len(set(names)) == len(names)
    modules = sorted(p.stem for p in (REPO / "dendria_widget/lessons/data").glob("l[0-9]*.py"))
    assert [m[1:] for m in modules] == names
    for lesson in LESSONS:
        assert lesson.summary and lesson.title and len(lesson.summary) < 140


def test_load_by_name_or_number():
    lesson = load("01_board")
    assert load("01") is lesson and load(1) is lesson and load("1") is lesson
    with pytest.raises(DendriaError, match="there is no lesson 'nope'.*01_board"):
        load("nope")
    with pytest.raises(DendriaError):
        load(None)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_page_renders_with_its_overlays(lesson):
    assert len(lesson) >= 4
    for k, page in enumerate(lesson.pages):
        assert page.title and page.text
        svg = lesson.svg(k)
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        game = lesson.game(k, len(page.play))
        for cell, piece in game.pieces.items():
            colour, kind = piece.split()
            assert f'data-tag="piece:{cell}:{colour}:{kind}"' in svg
        if page.overlays:
            scene = build_scene(game, **lesson.scene_kwargs(k, game=game))
            assert scene.layers["overlays"], f"{lesson.name} page {k}: its overlays show nothing"
        # the play steps are legal one by one, from the page's start
        for n in range(len(page.play) + 1):
            lesson.game(k, n)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_lesson_has_exercises_and_rules(lesson):
    exercises = lesson.exercises()
    if int(lesson.number) <= 17:       # 18 is for teachers
        assert len(exercises) >= 2, f"{lesson.name} needs at least two exercises"
    for rid in lesson.rules_covered():
        assert rid in RULE_IDS


@pytest.mark.parametrize("lesson,k", EXERCISES, ids=[_ids(*e) for e in EXERCISES])
def test_solution_is_right_and_wrong_answers_are_wrong(lesson, k):
    ex = lesson.page(k)
    assert ex.prompt and ex.hint and ex.solution
    assert ex.wrong, "an exercise lists at least one plausible wrong answer"
    start = lesson.start_game(k)
    before = start.position_string()
    assert not ex.judge(start).ok, "the start position must not already be a solution"
    game = ex.perform(lesson.start_game(k), ex.solution)
    verdict = ex.judge(game)
    assert verdict.ok, verdict.message
    assert _sentence(verdict.message)
    for wrong in ex.wrong:
        game = ex.perform(lesson.start_game(k), wrong)   # a wrong answer is still legal
        v = ex.judge(game)
        assert not v.ok, f"{wrong} was judged right: {v.message}"
        assert _sentence(v.message)
    assert lesson.start_game(k).position_string() == before   # fresh each time
    for c in ex.hint_cells:
        assert start.board.has_name(c)


def test_every_wrong_answer_is_a_whole_turn_the_check_judges():
    """A wrong answer ends its turn, so the exercise's own check judges it
    (an answer left under way is only ever told "not finished"); the one
    exception is an answer whose End the engine refuses, there to show that
    refusal."""
    left = []
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            if not isinstance(page, Exercise) or not page._plays_a_turn():
                continue
            for wrong in page.wrong:
                game = page.perform(lesson.start_game(k), wrong)
                if game.turn_under_way and game.is_legal("end"):
                    left.append(f"{lesson.name} page {k} ({page.title}): {wrong}")
    assert not left, "wrong answers left under way:\n" + "\n".join(left)


def _sentence(message):
    """A message in words: no Python data on screen."""
    return (isinstance(message, str) and len(message) > 10
            and not re.search(r"[\[\]{}]|None|True|False|Step\(", message))


def test_pages_continue_from_the_previous_page():
    lesson = Lesson("99_test", "t", "s", [
        Page("a", "x", start="dendria-classic h4 4/5/6/7/6/5/4 dark", play=("plant c3", "end")),
        Page("b", "y", play=("plant e2", "end")),
        Exercise("c", "z", prompt="p", check=lambda g: Verdict("e5" in g.pieces, "e5?"),
                 solution=("plant e5",)),
        Page("d", "w"),
    ])
    assert lesson.game(1).pieces == {"c3": "dark seed"}
    assert lesson.game(1, 2).pieces == {"c3": "dark seed", "e2": "light seed"}
    assert set(lesson.game(3).pieces) == {"c3", "e2", "e5"}
    g = lesson.game(1)
    g.play("plant a1")
    assert lesson.game(1).pieces == {"c3": "dark seed"}      # fresh every call


def test_a_continuing_page_drops_the_earlier_marks_unless_it_keeps_them():
    start = "dendria-classic h4 4/5/6/7/6/5/4 dark"
    lesson = Lesson("96_test", "t", "s", [
        Page("a", "x", start=start, play=("plant c3", "end"), marks={"c3": "A"},
             arrows=(("c3", "c1"),)),
        Page("b", "y", play=("plant e2", "end")),
        Page("c", "z", marks={"e2": "B"}),
        Page("d", "w", keep_marks=True, arrows=(("e2", "e4"),)),
        Page("e", "v", keep_marks=True),
    ])
    first = lesson.game(0).annotations
    assert first == {"marks": {"c3": "A"}, "arrows": [["c3", "c1"]]}
    assert lesson.game(1).annotations == {"marks": {}, "arrows": []}
    assert lesson.game(1).pieces == {"c3": "dark seed"}        # the game itself goes on
    assert lesson.game(2).annotations == {"marks": {"e2": "B"}, "arrows": []}
    assert lesson.game(3).annotations == {"marks": {"e2": "B"}, "arrows": [["e2", "e4"]]}
    assert lesson.game(4).annotations == lesson.game(3).annotations
    assert 'data-tag="mark:c3' not in lesson.svg(1) and "mark:c3" in lesson.svg(0)


def test_a_fresh_game_with_its_opening():
    lesson = Lesson("98_test", "t", "s", [
        Page("a", "x", rules={"ruleset": "dendria-classic",
                              "board": {"shape": "hexagon", "size": 4}},
             play=("plant d4", "end"))])
    assert lesson.game(0).phase == "opening"
    assert lesson.game(0, 2).phase == "swap"


def test_bad_lessons_are_refused_in_words():
    with pytest.raises(DendriaError, match="notebook's stem"):
        Lesson("roots", "t", "s", [Page("a", "x", start="dendria-classic h4 4/5/6/7/6/5/4 dark")])
    with pytest.raises(DendriaError, match="unknown rule 'nope'"):
        Lesson("97_x", "t", "s", [Page("a", "x", start="dendria-classic h4 4/5/6/7/6/5/4 dark",
                                       rules_covered=("nope",))])
    with pytest.raises(DendriaError, match="no start position"):
        Lesson("97_x", "t", "s", [Page("a", "x")]).game(0)
    bad = Lesson("97_x", "t", "s", [Page("a", "x", start="dendria-classic h4 4/5/6/7/6/5/4 dark",
                                         play=("sprout d4",))])
    with pytest.raises(DendriaError, match="cannot play its steps"):
        bad.svg(0)
    with pytest.raises(DendriaError, match="pages 0 to 0"):
        bad.page(3)


def test_teacher_actions_in_answers():
    game = Game.from_position("dendria-classic h4 4/5/6/3d3/6/5/4 dark")
    game.play("plant a1", "end")
    same = Exercise.perform(game, ["mark d4 big A", "arrow d4 d1", "arrow d4 d1",
                                   "put b2 light seed", "remove a1"])
    assert same is game                                  # in place, as the Editor does
    assert game.pieces == {"d4": "dark dendrid", "b2": "light seed"}
    assert game.annotations == {"marks": {"d4": "big A"}, "arrows": [["d4", "d1"]]}
    assert game.steps == [] and game.to_move == "light"  # the edited position is the start
    Exercise.perform(game, ["plant g1", "end"])          # game steps as before
    assert game.pieces["g1"] == "light seed"
    assert framework.teacher_action("plant d4") is None
    assert framework.teacher_action("put d1 white 2") == ("put", ["d1", "white", "2"])
    for bad, words in (("put d1", "put CELL PIECE"), ("arrow d4", "arrow FROM TO"),
                       ("remove d1 d2", "remove CELL"), ("mark d4", "mark CELL LABEL")):
        with pytest.raises(DendriaError, match=words):
            framework.teacher_action(bad)
    before = game.position_string()
    with pytest.raises(DendriaError, match="no cell 'z9'"):
        Exercise.perform(game, ["mark z9 A"])
    with pytest.raises(DendriaError):
        Exercise.perform(game, ["put d5 purple seed"])
    assert game.position_string() == before and game.pieces["g1"] == "light seed"


def test_teacher_exercises_through_the_board(tmp_path):
    """Lesson 18's set-up and annotation exercises, done with the board's own
    Editor and marks (what the learner's clicks call), and by Show solution."""
    from dendria_widget.lessons import LessonWidget, Progress

    lw = LessonWidget("18_teachers", progress=Progress(tmp_path / "progress.json"))
    done = 0
    for k, ex in enumerate(lw.lesson.pages):
        if not (ex.is_exercise and any(framework.teacher_action(a) for a in ex.solution)):
            continue
        done += 1
        lw.go(k)
        assert lw.show_solution() == list(ex.solution) and lw.verdict.ok
        lw.shown_solutions.clear()            # (as in a new session)
        lw.retry()
        assert not lw.check().ok and lw.board.game.annotations["marks"] == dict(ex.marks)
        for item in ex.solution:
            verb, args = framework.teacher_action(item)
            if verb == "put":
                lw.board.put(args[0], " ".join(args[1:]))
            elif verb == "mark":
                lw.board.mark(args[0], " ".join(args[1:]))
            elif verb == "arrow":
                lw.board.arrow(*args)
        assert lw.check().ok, lw.verdict.message
        assert k in lw.solved
    assert done >= 2


def test_words_helper():
    assert framework.words([]) == "none"
    assert framework.words(["d4"]) == "d4"
    assert framework.words(["c1", "d4", "e5"]) == "c1, d4 and e5"


def test_planted_lists_the_learner_seeds():
    g = Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark")
    g.play("plant c3", "end", "plant e2", "end")
    assert framework.planted(g) == ["c3", "e2"]
    assert framework.steps_of(g, "end") == [None, None]


# ------------------------------------------------------------- the widget
def test_lesson_widget_steps_and_checks_headless(tmp_path):
    from dendria_widget.lessons import LessonWidget, Progress

    lw = LessonWidget("01_board", progress=Progress(tmp_path / "progress.json"))
    n = len(lw.lesson)
    assert lw.page_index == 0 and f"step 1 of {n}" in lw.step_label.value
    assert lw.prev_button.disabled and not lw.next_button.disabled
    lw.next()
    assert lw.page_index == 1 and lw.progress.value == 2
    # a page with play steps: Play plays them one by one on the board
    k = next(i for i, p in enumerate(lw.lesson.pages) if p.play)
    lw.go(k)
    before = dict(lw.board.game.pieces)
    step = lw.play()
    assert step == lw.lesson.page(k).play[0] and lw.board.game.pieces != before
    while lw.play():
        pass
    assert lw.play_button.disabled
    assert lw.board.game.pieces == lw.lesson.game(k, len(lw.page.play)).pieces
    # an exercise: nothing played yet is not right; the solution is
    k = next(i for i, p in enumerate(lw.lesson.pages) if isinstance(p, Exercise))
    lw.go(k)
    assert lw.exercise_box.layout.display is None
    assert not lw.check().ok and "Not yet" in lw.verdict_html.value
    ex = lw.page
    assert lw.solution_button.layout.display == "none"      # help comes in stages
    assert lw.hint() == ex.hint and ex.hint in lw.verdict_html.value
    assert lw.solution_button.layout.display == "none"
    lw.hint()
    region = ex.hint_region(lw.board.game)
    assert set(region) <= set(lw.board.game.annotations["marks"])
    assert lw.solution_button.layout.display is None and lw.hint_button.disabled
    lw.go(k)
    assert lw.board.game.annotations["marks"] == dict(ex.marks)
    lw.hint()
    lw.hint()
    assert lw.show_solution() == list(ex.solution)
    assert "A solution" in lw.verdict_html.value and lw.verdict.ok
    assert k not in lw.solved                 # shown, not solved by the learner
    lw.shown_solutions.clear()                # (as in a new session)
    lw.retry()
    for s in ex.solution:
        lw.board.play(s)
    assert lw.check().ok and k in lw.solved and "Well done" in lw.verdict_html.value
    assert "solved: 1 of" in lw.solved_label.value
    lw.restart()
    assert lw.page_index == 0 and k in lw.solved          # solved stays solved
    assert lw.exercise_box.layout.display == "none"
    with pytest.raises(DendriaError, match="not an exercise"):
        lw.check()
    while lw.next():
        pass
    assert lw.page_index == n - 1 and lw.next_button.disabled


def test_lesson_widget_shows_the_page_overlays_and_focus():
    from dendria_widget.lessons import LessonWidget

    lesson = load("01_board")
    k = next(i for i, p in enumerate(lesson.pages) if p.overlays and p.focus)
    lw = LessonWidget(lesson, page=k)
    page = lesson.page(k)
    assert set(page.overlays) <= lw.board.overlays
    assert lw.board.inspected == page.focus
    lw.go(0)
    assert lw.board.overlays == {"annotations"} | set(lesson.page(0).overlays)
    # without a kernel (a saved notebook): words saying how to play, no picture
    # that looks clickable
    bundle = lw._repr_mimebundle_()
    assert "image/svg+xml" not in bundle and "runs in Jupyter" in bundle["text/html"]


def test_the_index_lists_every_notebook_and_lesson():
    index = (REPO / "tutorials" / "index.ipynb").read_text()
    for nb in sorted((REPO / "tutorials").glob("[0-9][0-9]_*.ipynb")):
        assert f"]({nb.name})" in index, f"tutorials/index.ipynb does not link {nb.name}"
    for lesson in LESSONS:
        assert f"]({lesson.name}.ipynb)" in index
    for k in range(21):
        assert re.search(rf"\]\({k:02d}_[a-z_]+\.ipynb\)", index), f"notebook {k:02d} not listed"


@pytest.mark.parametrize("path", sorted((REPO / "tutorials").glob("*.ipynb")),
                         ids=lambda p: p.name)
def test_committed_notebooks_are_clean(path):
    """Saved with outputs (so GitHub shows every board), without widget state,
    widget views or machine paths (scripts/build_tutorials.py)."""
    text = path.read_text()
    nb = json.loads(text)
    assert "widgets" not in nb["metadata"]
    assert "application/vnd.jupyter.widget-view+json" not in text
    assert not re.search(r"/work/|/tmp/|/root/|/home/", text), "a machine path in the outputs"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] is not None for c in code), "a cell was not run"
    if re.match(r"\d\d_", path.name) and path.name[:2] not in ("00", "18", "19"):
        assert "data:image/svg+xml," in text, "a lesson notebook shows its boards as SVG"


def test_build_script_cleans_a_notebook(tmp_path):
    import importlib.util

    import nbformat

    spec = importlib.util.spec_from_file_location("build_tutorials",
                                                  REPO / "scripts" / "build_tutorials.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"state": {}}
    cell = nbformat.v4.new_code_cell("w")
    cell.execution_count = 7
    cell.metadata["execution"] = {"iopub.status.busy": "2026"}
    cell.outputs = [
        nbformat.v4.new_output("execute_result", execution_count=7, data={
            "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
            "image/svg+xml": "<svg/>", "text/plain": "W"}),
        nbformat.v4.new_output("stream", text=f"saved {build.REPO}/tutorials/a.svg and "
                                              f"{tempfile.gettempdir()}/tmpab12/b.png\n"),
        nbformat.v4.new_output("stream", text="cut in "),
        nbformat.v4.new_output("stream", name="stderr", text="a warning\n"),
        nbformat.v4.new_output("stream", text="two"),
        nbformat.v4.new_output("stream", text="\n"),
    ]
    nb.cells = [nbformat.v4.new_markdown_cell("# t"), cell, nbformat.v4.new_code_cell("1")]
    build.clean(nb)
    assert "widgets" not in nb.metadata
    out = nb.cells[1].outputs
    assert set(out[0].data) == {"image/svg+xml", "text/plain"}
    assert out[0].execution_count == 1 and nb.cells[1].execution_count == 1
    assert nb.cells[2].execution_count == 2
    assert out[1].text == "saved tutorials/a.svg and <tmp>/b.png\ncut in "
    assert [(o.name, o.text) for o in out[2:]] == [("stderr", "a warning\n"),
                                                  ("stdout", "two\n")]
    assert "execution" not in nb.cells[1].metadata


def test_beside_a_lesson_a_game_over_shows_its_banner_where_the_turn_buttons_were(tmp_path):
    """On a projector (the compact layout) the game-over banner comes right
    under the status line, in the place of the turn buttons (nothing to
    press), with who won and the score; the reason is its tooltip and stays
    in the header below."""
    from dendria_widget.lessons.progress import Progress
    from dendria_widget.lessons.widget import LessonWidget
    ended = 0
    for lesson in catalog():
        k = next((j for j, p in enumerate(lesson.pages) if getattr(p, "idea", "")), None)
        if k is None:
            continue
        lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
        c = lw.board.controls
        side = list(lw.board.side.children)
        assert side.index(c.status_line) < side.index(c.over_line) < side.index(c.actions)
        assert c.over_line.layout.display == "none" and c.actions.layout.display is None
        lw.show_solution(delay=0)
        game = lw.board.game
        if not game.is_over:
            continue
        ended += 1
        header = lw.board.session.view().header
        assert header.over.startswith(header.result) and game.end_reason in header.over
        assert c.over_line.layout.display is None and c.actions.layout.display == "none"
        assert f">{header.result}</span>" in c.over_line.value
        assert f"title='{header.over}'" in c.over_line.value
        lw.retry()
        assert c.over_line.layout.display == "none" and c.actions.layout.display is None
    assert ended, "no lesson's first drill ends the game"

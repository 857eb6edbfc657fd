"""Practice, not a slideshow: the playable lesson first in every lesson
notebook and no solution printed anywhere; hints in stages (a sentence,
then a region of the board that is never just the answer, then the
solution, in the edition's words); the learner's progress kept between
sessions in one small file (never the real home in tests); pictures of the
pages that say nothing about a Play button they do not have."""

import importlib.util
import json
import os
import re
from pathlib import Path

import nbformat
import pytest

from dendria_widget.lessons import (
    Exercise,
    Lesson,
    LessonsProgress,
    LessonWidget,
    Progress,
    Verdict,
    catalog,
)
from dendria_widget.lessons.framework import PLAY_CUE, static_text
from dendria_widget.lessons.progress import HOME_VARIABLE, progress_path

REPO = Path(__file__).resolve().parent.parent
LESSONS = catalog()
EXERCISES = [(lesson, k) for lesson in LESSONS for k, p in enumerate(lesson.pages)
             if isinstance(p, Exercise)]
NOTEBOOKS = sorted((REPO / "tutorials").glob("*.ipynb"))


def _build_script():
    spec = importlib.util.spec_from_file_location("build_tutorials",
                                                  REPO / "scripts" / "build_tutorials.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_script()


# ------------------------------------------------------------ notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_are_in_shape_and_a_rebuild_changes_nothing(path):
    """The build script's shape (lesson first, every page drawn, no solution,
    no marker in sight) holds for the committed notebook, and cleaning it
    again changes nothing."""
    nb = nbformat.read(path, as_version=4)
    assert BUILD.shape_problems(nb, path.stem) == []
    before = nbformat.writes(nb)
    assert nbformat.writes(BUILD.clean(nb, path.stem)) == before


def test_every_lesson_notebook_opens_with_the_lesson():
    for lesson in LESSONS:
        nb = json.loads((REPO / "tutorials" / f"{lesson.name}.ipynb").read_text("utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert f'LessonWidget("{lesson.name}")' in "".join(code[0]["source"])
        assert "nbval-ignore-output" in code[0]["metadata"]["tags"]
        text = json.dumps(nb)
        assert "A solution:" not in text and "# NBVAL_" not in text


def test_the_shape_check_finds_what_is_wrong():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# x"),
                nbformat.v4.new_code_cell('lesson = lessons.load("02_roots")'),
                nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(1)"),
                nbformat.v4.new_code_cell("for ex in lesson.exercises():\n"
                                          "    print(ex.solution)")]
    problems = " ".join(BUILD.shape_problems(nb, "02_roots"))
    assert "first code cell must show the playable lesson" in problems
    assert "solution" in problems and "test marker" in problems
    BUILD.tag_markers(nb.cells[2])
    assert nb.cells[2].source == "print(1)"
    assert nb.cells[2].metadata["tags"] == ["nbval-check-output"]
    # a lesson notebook whose outputs miss a page, or ask to press Play
    good = nbformat.read(REPO / "tutorials" / "02_roots.ipynb", as_version=4)
    shown = next(c for c in good.cells if "lesson.show(5)" in c.source)
    shown.outputs = []
    assert any("pages 6 of" in p for p in BUILD.shape_problems(good, "02_roots"))
    shown.outputs = [nbformat.v4.new_output("display_data", data={
        "text/markdown": "**Where** (step 6 of 8) Press **Play**: a seed.",
        "text/plain": "x"})]
    assert any("press Play" in p for p in BUILD.shape_problems(good, "02_roots"))


def test_no_picture_asks_to_press_play_and_play_is_only_where_a_button_is():
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            words = page.text + " " + getattr(page, "prompt", "")
            if "**Play**" in words:
                assert page.play, f"{lesson.name} page {k + 1} asks to press Play, " \
                                  "but it plays no steps (no Play button)"
            md = lesson.markdown(k)
            assert "Play**" not in md and not PLAY_CUE.search(md)
    assert static_text("Look. Press **Play**: the dendrid slides.") == \
        "Look. The dendrid slides."
    assert static_text("Press **Play**: d4 sprouts.") == "d4 sprouts."
    assert static_text("Swap now. Press **Play**.") == "Swap now."


def test_captions_say_which_steps_a_picture_shows_in_the_edition_words(tmp_path):
    lesson, k = next((x, i) for x in LESSONS for i, p in enumerate(x.pages)
                     if x.game(i).rules.ruleset == "dendria-sprites"
                     and any(s.split()[0] in ("plant", "sow") for s in p.play))
    assert "sow " in lesson.caption(k) and "plant " not in lesson.caption(k)
    lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
    while lw.page.play[lw.played].split()[0] not in ("plant", "sow"):
        lw.play()
    assert "next: <code>sow " in lw.play_label.value
    assert lesson.caption(k, 0) == "*Before the steps of this page.*"
    plain = next(i for i, p in enumerate(lesson.pages) if not p.play)
    assert lesson.caption(plain) == ""


def test_a_page_picture_follows_the_theme():
    """Both themes in the picture; JupyterLab's dark theme, VS Code's, or a
    dark system (where the page has no theme of its own) show the dark one;
    with the styles stripped (an untrusted notebook) the light one shows."""
    from urllib.parse import unquote

    from dendria_widget.render.theme import DARK_THEME, DEFAULT_THEME

    lesson = LESSONS[1]
    bundle = lesson.picture(0)
    assert set(bundle) == {"text/html", "text/plain"}
    html = bundle["text/html"]
    imgs = re.findall(r"<img class='(dw-light|dw-dark)'([^>]*)>", html)
    assert [c for c, _ in imgs] == ["dw-light", "dw-dark"]
    light, dark = (unquote(re.search(r'src="data:image/svg\+xml,([^"]*)"', a).group(1))
                   for _, a in imgs)
    assert "display:none" in imgs[1][1] and "display" not in imgs[0][1]
    assert light.startswith("<svg") and dark.startswith("<svg")
    assert f"fill='{DEFAULT_THEME.background}'" in light
    assert f"fill='{DARK_THEME.background}'" in dark
    assert "data-tag" not in light and 'alt="The board of step 1' in html
    style = html[html.index("<style>"):html.index("</style>")]
    assert "[data-jp-theme-light='false'] .dendria-picture .dw-dark" in style
    assert "prefers-color-scheme: dark" in style and "vscode-dark" in style
    assert "step 1" in bundle["text/plain"] and "<" not in bundle["text/plain"]


# ---------------------------------------------------------------- hints
@pytest.mark.parametrize("lesson,k", EXERCISES, ids=[f"{x.name}-{k}" for x, k in EXERCISES])
def test_the_hint_region_holds_the_answer_and_more(lesson, k):
    ex = lesson.page(k)
    game = lesson.start_game(k)
    answer = set(ex.answer_cells(game))
    region = set(ex.hint_region(game))
    if not answer:
        assert region == set()
        return
    assert answer < region, "the region is a strict superset of the answer's cells"
    assert region != answer
    assert all(game.board.has_name(c) for c in region)
    # the solution played on the board: its cells are what the region covers
    played = ex.perform(lesson.start_game(k), ex.solution)
    touched = {s.arg for s in played.steps[len(game.steps):] if isinstance(s.arg, str)}
    assert touched <= region


def test_hints_come_in_stages_then_the_solution(tmp_path):
    lesson = next(x for x in LESSONS if x.name == "02_roots")
    k = next(i for i, p in enumerate(lesson.pages) if p.is_exercise)
    lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
    ex = lw.page
    region = ex.hint_region(lw.board.game)
    assert lw.hint_stages() == 2
    assert lw.solution_button.layout.display == "none" and not lw.hint_button.disabled
    status = lw.board.session.status
    lw.hint()                                           # 1: the sentence only
    assert ex.hint in lw.verdict_html.value and lw.verdict.ok is None
    first = lw.verdict.message
    assert lw.board.game.annotations["marks"] == dict(ex.marks)
    assert lw.hint_button.description == "Where to look"
    assert lw.solution_button.layout.display == "none"
    lw.hint()                                           # 2: the region, marked
    marks = lw.board.game.annotations["marks"]
    assert set(region) <= set(marks) and all(marks[c] == "" for c in region)
    drawn = {sh.tag for layer in lw.board.scene().layers.values() for sh in layer}
    assert {f"mark:{c}" for c in region} <= drawn          # on the canvas, not only in the game
    assert f"{len(region)} cells marked" in lw.verdict_html.value
    second = lw.verdict.message
    assert lw.hint_button.disabled and lw.solution_button.layout.display is None
    lw.hint()                                           # no stage beyond: nothing new
    assert lw.hints == 2
    # three distinct stages, each said once: the rule, the region, the move
    assert ex.hint not in second and "marked" not in first
    assert lw.board.session.status == status            # (not said again under the board)
    lw.show_solution()
    third = lw.verdict.message
    assert ", ".join(lw.solution_words()) in third
    assert ex.hint not in third and "marked" not in third
    assert len({first, second, third}) == 3
    lw.retry()                                          # the help seen stays
    assert set(region) <= set(lw.board.game.annotations["marks"])
    assert lw.solution_button.layout.display is None
    lw.next()
    lw.previous()                                       # a new visit starts over
    assert lw.solution_button.layout.display == "none" and lw.hints == 0


def test_the_hint_marks_are_not_judged_as_the_learners_marks(tmp_path):
    lesson = next(x for x in LESSONS if x.name == "18_teachers")
    k = next(i for i, p in enumerate(lesson.pages)
             if p.is_exercise and any(s.startswith("mark ") for s in p.solution))
    lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
    lw.hint()
    lw.hint()
    assert len(lw.board.game.annotations["marks"]) > len(lw.page.marks)
    for item in lw.page.solution:
        lw._answer(item)
    assert lw.check().ok, lw.verdict.message


def test_sprites_solutions_are_shown_in_the_sprites_words(tmp_path):
    found = 0
    for lesson, k in EXERCISES:
        ex = lesson.page(k)
        game = lesson.start_game(k)
        words = ex.solution_words(game)
        assert len(words) == len(ex.solution)
        if game.rules.ruleset != "dendria-sprites":
            continue
        for step, said in zip(ex.solution, words):
            if step.split()[0] in ("plant", "sow"):
                found += 1
                assert said.split()[0] == game.variant.verb_word("plant") == "sow"
                lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
                lw.show_solution()
                assert f"A solution: {', '.join(words)}." in lw.verdict_html.value
                assert "plant " not in lw.verdict_html.value
    assert found, "some sprites exercise sows a seed"


# ------------------------------------------------------------- progress
def test_progress_is_kept_in_one_small_file(tmp_path):
    path = tmp_path / "home" / ".dendria-widget" / "progress.json"
    lesson = LESSONS[1]
    first, second = [ex.title for ex in lesson.exercises()[:2]]
    p = Progress(path)
    assert p.count(lesson) == (0, len(lesson.exercises())) and not path.exists()
    p.mark_solved(lesson, first)
    p.mark_solved(lesson, first)
    assert Progress(path).count(lesson)[0] == 1        # a new session reads it
    p.mark_solved(lesson, second)
    assert Progress(path).solved(lesson) == [first, second]
    assert sorted(x.name for x in path.parent.iterdir()) == ["progress.json"]
    data = json.loads(path.read_text("utf-8"))
    assert data == {"version": 1, "solved": {lesson.name: [first, second]}}
    other = LESSONS[2]
    p.mark_solved(other, other.exercises()[0].title)
    p.reset(lesson)
    assert p.count(lesson)[0] == 0 and p.count(other)[0] == 1
    p.reset()
    assert p.count(other)[0] == 0 and p.kept
    with pytest.raises(Exception, match="has no exercise 'nope'"):
        p.mark_solved(lesson, "nope")


def test_progress_lasts_the_session_where_the_file_cannot_be_kept(tmp_path, monkeypatch,
                                                                   caplog):
    lesson = LESSONS[1]
    title = lesson.exercises()[0].title
    blocker = tmp_path / "file"
    blocker.write_text("x")
    p = Progress(blocker / "progress.json")      # its folder is a file
    p.mark_solved(lesson, title)
    assert not p.kept and "for this session only" in p.note
    assert f"{blocker} is not a folder; nothing was written" in p.note
    assert p.count(lesson)[0] == 1
    assert "cannot use" in caplog.text                  # the traceback is logged
    # a disk that refuses the write: the session goes on in memory
    full = tmp_path / "full"

    def refuse(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("dendria_widget.files.os.replace", refuse)
    p = Progress(full / "progress.json")
    p.mark_solved(lesson, title)
    assert "no space left on device; nothing was written" in p.note
    assert p.count(lesson)[0] == 1 and sorted(x.name for x in full.iterdir()) == []
    monkeypatch.undo()
    # a file that is not a progress file is kept, not overwritten, even by Reset
    bad = tmp_path / "bad" / "progress.json"
    bad.parent.mkdir()
    bad.write_text("{not json", encoding="utf-8")
    p = Progress(bad)
    assert p.count(lesson)[0] == 0 and "is not valid JSON" in p.note
    assert "left as it is" in p.note and "Reset" not in p.note
    p.mark_solved(lesson, title)
    assert bad.read_text("utf-8") == "{not json" and p.count(lesson)[0] == 1
    p.reset()
    assert not p.kept and p.count(lesson)[0] == 0 and bad.read_text("utf-8") == "{not json"
    # a kernel in the browser (Pyodide) with no home chosen: nothing written
    monkeypatch.setattr("sys.platform", "emscripten")
    monkeypatch.delenv(HOME_VARIABLE)
    home = tmp_path / "pyodide"
    p = Progress(home / "progress.json")
    p.mark_solved(lesson, title)
    assert p.count(lesson)[0] == 1 and not home.exists() and "browser" in p.note


def test_tests_never_write_the_real_home(tmp_path, monkeypatch):
    assert os.environ.get(HOME_VARIABLE), "the tests' conftest points the progress away"
    assert not progress_path().is_relative_to(Path.home() / ".dendria-widget")
    monkeypatch.setenv(HOME_VARIABLE, str(tmp_path))
    assert progress_path() == tmp_path / "progress.json"
    monkeypatch.delenv(HOME_VARIABLE)
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    assert progress_path() == tmp_path / "h" / ".dendria-widget" / "progress.json"
    assert Progress().place == "~/.dendria-widget/progress.json"


def test_solving_counts_in_the_lesson_and_in_the_index(tmp_path):
    store = Progress(tmp_path / "progress.json")
    lesson = next(x for x in LESSONS if x.name == "01_board")
    k = next(i for i, p in enumerate(lesson.pages) if p.is_exercise)
    total = len(lesson.exercises())
    lw = LessonWidget(lesson, page=k, progress=store)
    assert f"solved: 0 of {total}" in lw.solved_label.value
    lw.show_solution()                       # shown is not solved
    assert store.count(lesson)[0] == 0
    lw.retry()                               # nor played again after it was shown
    for s in lw.page.solution:
        lw.board.play(s)
    assert lw.check().ok and store.count(lesson)[0] == 0
    lw = LessonWidget(lesson, page=k, progress=store)
    for s in lw.page.solution:
        lw.board.play(s)
    assert lw.check().ok and f"solved: 1 of {total}" in lw.solved_label.value
    assert "(solved)" in lw.title_html.value
    # a new session (a new widget, the same file) remembers it
    again = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "progress.json"))
    assert f"solved: 1 of {total}" in again.solved_label.value
    table = LessonsProgress(progress=Progress(tmp_path / "progress.json"))
    rows = {name: (done, n) for name, _t, done, n in table.rows()}
    assert rows[lesson.name] == (1, total)
    assert set(rows) == {x.name for x in LESSONS}
    assert re.search(rf"The board</td><td[^>]*>1 of {total}<", table.table.value)
    assert "~/" not in table.note.value or "progress.json" in table.note.value
    # a saved notebook keeps the table as it was (the still under the live table)
    assert re.search(rf"The board</td><td[^>]*>1 of {total}<", table.still()["text/html"])
    table.reset_button.click()                  # the first click asks
    assert store.count(lesson)[0] == 1 and "1 exercise solved would be forgotten" in (
        table.note.value)
    table.refresh_button.click()                # Refresh keeps them
    assert table.reset_button.description == "Reset progress"
    table.reset_button.click()
    table.reset_button.click()                  # the second click forgets
    assert store.count(lesson)[0] == 0 and f">0 of {total}<" in table.table.value
    assert table.reset_button.description == "Reset progress"
    lw.go(k)
    assert f"solved: 0 of {total}" in lw.solved_label.value


def test_a_new_lesson_gets_its_notebook_in_shape(tmp_path):
    """`build_tutorials.py --new NAME`: the notebook of a lesson written from
    its data, in shape before and after it runs (every page drawn)."""
    lesson = LESSONS[9]
    nb = BUILD.new_notebook(lesson.name)
    assert BUILD.shape_problems(nb, lesson.name) == []
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert code[0].endswith(f'LessonWidget("{lesson.name}")')
    assert all(any(f"lesson.show({k}" in c for c in code) for k in range(len(lesson)))
    assert LESSONS[10].name + ".ipynb" in nb.cells[-1].source
    path = tmp_path / f"{lesson.name}.ipynb"
    nbformat.write(nb, path)
    home = os.environ.get("HOME")
    BUILD.build(path)                        # runs it, checks its shape, saves it
    assert os.environ.get("HOME") == home
    built = nbformat.read(path, as_version=4)
    assert BUILD.shape_problems(built, lesson.name) == []
    with pytest.raises(SystemExit, match="there is no lesson '99_nope'"):
        BUILD.new_notebook("99_nope")


def test_an_exercise_without_cells_has_one_stage_of_help(tmp_path):
    # (the lessons have no such exercise any more: one-click choices judge a
    # button, not a rule; a lesson of one is made here)
    lesson = Lesson("97_pass", "t", "s", [
        Exercise("End it", "x", prompt="Pass twice in a row.", turn="",
                 start="dendria-classic h4 4/5/6/3d3/6/5/4 dark", setup=("pass",),
                 check=lambda g: Verdict(g.is_over, "Over." if g.is_over else "Not over."),
                 hint="One more pass ends the game.", solution=("pass",))])
    k = 0
    assert not lesson.page(k).answer_cells(lesson.start_game(k))
    lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
    assert lw.hint_stages() == 1 and lw.solution_button.layout.display == "none"
    lw.hint()
    assert lw.hint_button.disabled and lw.hint_button.description == "Hint"
    assert lw.solution_button.layout.display is None
    assert lw.board.game.annotations["marks"] == {}


# ---------------------------------------------------------------- drills
def _drills():
    """Every drill: (lesson, its exercises' page indexes by level)."""
    out = []
    for lesson in LESSONS:
        ideas = dict.fromkeys(p.idea for p in lesson.exercises() if p.idea)
        for idea in ideas:
            first = next(k for k, p in enumerate(lesson.pages)
                         if isinstance(p, Exercise) and p.idea == idea)
            out.append((lesson, lesson.drill(first)))
    return out


DRILLS = _drills()


def test_every_drill_has_three_levels_in_a_row_right_after_its_idea():
    """A drill's levels 1, 2, 3... follow each other, each on its own
    position, and come right after the page that teaches the idea (or the
    pages that continue that page's game)."""
    assert len(DRILLS) >= 12
    for lesson, pages in DRILLS:
        levels = [lesson.page(k).level for k in pages]
        assert len(pages) >= 3, f"{lesson.name}: a drill of {len(pages)}"
        assert levels == list(range(1, len(pages) + 1))
        assert pages == list(range(pages[0], pages[0] + len(pages))), lesson.name
        first = lesson.page(pages[0])
        before = pages[0] - 1
        # the page before, and the pages whose game it continues; a page that
        # teaches two ideas is followed by both drills, one after the other
        def other_drill(p):
            return isinstance(p, Exercise) and bool(p.idea) and p.idea != first.idea

        chain = [lesson.page(before)]
        while (chain[-1].start is None and chain[-1].rules is None) or other_drill(chain[-1]):
            before -= 1
            chain.append(lesson.page(before))
        assert not any(isinstance(p, Exercise) and not other_drill(p) for p in chain), \
            f"{lesson.name} {first.title}"
        assert any(set(p.rules_covered) & set(first.rules_covered)
                   for p in chain if not other_drill(p)), \
            f"{lesson.name} {first.title} comes after {chain[0].title}, and no page of " \
            "its game teaches one of its rules"
        assert len({lesson.start_game(k).position_string() for k in pages}) == len(pages)


def test_another_position_after_the_solution_is_shown(tmp_path):
    """A learner who shows the solution of a drill's position is offered
    another position of the same idea, and gets it; an exercise alone in
    its idea offers none."""
    lesson, pages = DRILLS[0]
    lw = LessonWidget(lesson, page=pages[0], progress=Progress(tmp_path / "p.json"))
    assert lw.another_button.layout.display == "none"
    while lw.hints < lw.hint_stages():
        lw.hint()
    lw.show_solution()
    assert lw.verdict.ok, lw.verdict.message
    assert lw.another_button.layout.display is None and not lw.another_button.disabled
    lw.another_position()
    assert lw.page_index == pages[1] and lw.page.idea == lesson.page(pages[0]).idea
    assert lw.another_button.layout.display == "none"   # (not shown before its solution)
    lw.go(pages[-1])
    lw.show_solution()
    lw.another_position()                               # after the last, the first
    assert lw.page_index == pages[0]
    alone = next((le, k) for le, k in EXERCISES if not le.page(k).idea)
    lw = LessonWidget(alone[0], page=alone[1], progress=Progress(tmp_path / "q.json"))
    lw.show_solution()
    assert lw.another_button.layout.display == "none" and lw.another_position() is None


def test_a_solution_shown_ends_the_turn_and_is_right(tmp_path):
    """Show solution plays a whole turn (ending it when the solution's
    steps leave it open), so its verdict is the check's, not 'not finished'."""
    for lesson, pages in DRILLS[:3]:
        lw = LessonWidget(lesson, page=pages[-1], progress=Progress(tmp_path / "p.json"))
        lw.show_solution()
        assert not lw.board.game.turn_under_way
        assert lw.verdict.ok, lw.verdict.message


#: Lessons with no drill, and why: lesson 01 teaches the board (its
#: exercises find cells and lines, no turn of play), lesson 18 the
#: teacher's tools (no rule of play).
WITHOUT_DRILL = {"01_board", "18_teachers"}


def test_every_kind_of_drill_is_in_a_lesson_and_every_lesson_of_play_has_one():
    from dendria_widget.lessons.data.drill_positions import POSITIONS
    from dendria_widget.lessons.drills import KINDS

    ideas = {lesson.page(pages[0]).idea: lesson.name for lesson, pages in DRILLS}
    assert set(POSITIONS) == set(KINDS)
    for name, kind in KINDS.items():
        assert kind.idea in ideas, f"the drill {name!r} is in no lesson"
        assert len(POSITIONS[name]) >= 3, name
    with_drill = {lesson.name for lesson, _ in DRILLS}
    assert {x.name for x in LESSONS} - with_drill == WITHOUT_DRILL
    assert sum(len(pages) for _, pages in DRILLS) >= 60


# ------------------------------------------------------- a drill after every idea
#: Ideas a drill practises as a part of its own (its goal cannot be reached
#: without them), each with the drill (a kind of :data:`KINDS`).
PRACTISED_IN = {
    "roots": "nourish", "nourishers": "nourish", "hungry": "nourish",
    "plant-hungry": "nourish", "turns": "nourish",
    "sprout-one-per-root": "sprout", "sprout-hungry-never": "sprout",
    "plant-sprout": "sprout",
    "fertilized": "unfertilize",
    "seedbed": "grow", "fertile-soils": "grow", "grow": "grow",
    "journey-line": "journey", "journey-jump": "journey", "journey-stop": "journey",
    "journey-block": "journey", "journey-slides": "journey",
    "pass-end": "limit",
    "score-distinct": "lead", "score-majority": "lead",
    "power": "power",
    "hedu-stacks": "height", "hedu-regions": "height", "hedu-increase": "height",
    "hedu-reduce": "prisoner",
}

#: Ideas with no drill, and why.
NO_DRILL = {
    "no-dead-ends": "the engine never offers a slide with no way on: nothing to find",
    "superko": "a turn that repeats a board cannot be played, so no whole turn of a "
               "drill shows it (its exercise, 'Home again', plays the repetition)",
    "komi": "a number the players agree on, not a turn",
    "komi-pie": "a choice of sides and a number, not a turn on the board",
    "pie-swap": "a choice of sides: one click (the tests refuse one-click exercises)",
    "hedu-pie": "a choice of sides: one click",
    "modular": "the shape of the board, not a turn",
    "no-move-limit": "the absence of a rule: no turn practises it (its exercise plays "
                     "twenty quiet turns)",
    "hedu-end": "how a game ends after passes: no goal one turn reaches",
}


def _taught_ideas():
    """Every idea (rule id) a page of a lesson of play teaches (not an
    exercise), with the lesson that teaches it first."""
    out = {}
    for lesson in LESSONS:
        if lesson.name in WITHOUT_DRILL or lesson.name.startswith("00"):
            continue
        for page in lesson.pages:
            if not isinstance(page, Exercise):
                for idea in page.rules_covered:
                    out.setdefault(idea, lesson.name)
    return out


def test_every_idea_has_a_drill_or_says_why_not():
    """Lichess's pattern, one idea then practice: every idea a page teaches
    is the idea of a drill, or a part of a drill's goal, or says why it has
    no drill; a drill named here exists, and nothing listed is not taught."""
    from dendria_widget.lessons.drills import KINDS

    taught = _taught_ideas()
    drilled = {k.idea: name for name, k in KINDS.items()}
    assert set(PRACTISED_IN.values()) <= set(KINDS)
    left = sorted(set(taught) - set(drilled) - set(PRACTISED_IN) - set(NO_DRILL))
    assert not left, f"ideas with no drill and no reason: {left}"
    assert not (set(PRACTISED_IN) | set(NO_DRILL)) - set(taught)
    assert not set(drilled) & set(NO_DRILL), set(drilled) & set(NO_DRILL)
    assert not set(drilled) & set(PRACTISED_IN), set(drilled) & set(PRACTISED_IN)
    print(f"{len(taught)} ideas: {len(drilled)} drills, {len(PRACTISED_IN)} practised "
          f"inside a drill, {len(NO_DRILL)} without")


def test_a_drills_solutions_use_only_what_its_lesson_taught():
    """A drill placed before the lesson on journeys (growing on a move, in
    the lesson on seedbeds) shows solutions of one slide and no conversion
    on the way: ``Kind.fits`` says so, and every position's solution fits."""
    from dendria_widget.lessons.data.drill_positions import POSITIONS
    from dendria_widget.lessons.drills import KINDS

    assert not KINDS["grow-move"].fits(("move c1", "slide c3", "sprout d4", "slide c5",
                                        "grow c4", "end"))
    assert KINDS["grow-move"].fits(("move g1", "slide d4", "grow a2", "end"))
    for name, found in POSITIONS.items():
        for position, target, solution in found:
            assert KINDS[name].fits(solution), (name, position, solution)


def test_a_drill_shows_the_overlays_its_kind_names(tmp_path, monkeypatch):
    """A kind of drill that names overlays (the facts its idea is about)
    gives each of its exercises those overlays, and the lesson's board
    shows them; a kind that names none shows none."""
    from dataclasses import replace

    from dendria_widget.lessons import drills
    from dendria_widget.lessons.data.drill_positions import POSITIONS
    from dendria_widget.lessons.framework import Lesson
    from dendria_widget.lessons.progress import Progress
    from dendria_widget.lessons.widget import LessonWidget

    (position, cell, solution), = POSITIONS["power"][:1]
    made = {}
    for named in ((), ("power",)):
        monkeypatch.setitem(drills.KINDS, "power",
                            replace(drills.KINDS["power"], overlays=named))
        made[named] = drills.drill_exercise(drills.KINDS["power"], position, cell, solution,
                                            with_wrong=False)
    plain, shown = made[()], made[("power",)]
    assert plain.overlays == () and shown.overlays == ("power",)
    lesson = Lesson("99_overlays", "Overlays", "a drill with its overlays", [shown, plain])
    lw = LessonWidget(lesson, progress=Progress(tmp_path / "p.json"))
    assert "power" in lw.board.overlays
    lw.next()
    assert "power" not in lw.board.overlays


def _cells_named(text, cells):
    return {c for c in cells if re.search(rf"(?<![A-Za-z0-9]){re.escape(c)}(?![0-9])", text)}


def test_an_exercise_names_no_cell_of_its_answer_under_the_board(tmp_path):
    """Every exercise is a quiz: the advice and the status line under the
    board name no cell of the solution's steps still to play (no "sprout
    c3", no "slide to b4, c6"), before the first step and after each one;
    the board highlights only where a journey may slide, never a seed,
    seedbed or forest the mover may convert. A reading page is no quiz."""
    from dendria_widget.lessons import teacher_action
    from dendria_widget.notation import Step

    checked = converting = 0
    for lesson in LESSONS:
        pages = [k for k, p in enumerate(lesson.pages) if isinstance(p, Exercise)]
        if not pages:
            continue
        lw = LessonWidget(lesson, page=pages[0], progress=Progress(tmp_path / "p.json"))
        reading = next((k for k, p in enumerate(lesson.pages)
                        if not isinstance(p, Exercise)), None)
        for k in pages:
            lw.go(k)
            ex = lw.page
            assert lw.board.quiz and lw.board.session.quiz, (lesson.name, k)
            items = list(ex.solution)
            steps = [None if teacher_action(i) else Step.parse(i, lw.board.game.board)
                     for i in items]
            for n, item in enumerate(items + [None]):
                ahead = {s.arg for s in steps[n:] if s is not None and isinstance(s.arg, str)}
                done = {s.arg for s in steps[:n] if s is not None and isinstance(s.arg, str)}
                hidden = ahead - done
                view = lw.board.session.view()
                said = _cells_named(view.advice + " " + view.status, hidden)
                assert not said, (lesson.name, ex.title, n, view.advice, view.status)
                legal = lw.board.session.legal()
                slides = {s.arg for s in legal if s.verb == "slide"}
                assert set(view.scene.targets) <= slides, (lesson.name, ex.title, n)
                if any(s.verb in ("sprout", "grow", "capture") for s in legal):
                    converting += 1
                if item is None:
                    break
                assert lw._answer(item), (lesson.name, ex.title, item)
            checked += 1
        if reading is not None:
            lw.go(reading)
            assert not lw.board.quiz
    assert checked >= 100 and converting >= 20, (checked, converting)


def test_the_solution_shown_is_not_praised_but_the_learners_answer_is(tmp_path):
    """*Show solution* plays the answer: the verdict says "A solution: ...",
    not "Well done" (the learner did not find it); the learner's own right
    answer afterwards is praised again."""
    lesson = next(x for x in LESSONS if x.name == "12_sprites_converting")
    k = next(i for i, p in enumerate(lesson.pages) if isinstance(p, Exercise))
    lw = LessonWidget(lesson, page=k, progress=Progress(tmp_path / "p.json"))
    lw.show_solution(delay=0)
    assert lw.verdict.ok and "A solution:" in lw.verdict_html.value
    assert "Well done" not in lw.verdict_html.value
    lw.retry()
    for item in lw.page.solution:
        assert lw._answer(item)
    assert lw.check().ok and "Well done" in lw.verdict_html.value

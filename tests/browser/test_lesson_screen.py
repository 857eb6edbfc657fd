"""Every lesson on a classroom projector (JupyterLab at 1280x720, the file
browser open, headless Chromium): once the lesson is scrolled to the top of
the notebook, the lesson's title, *Next*, the board's last row, the board's
turn buttons and an exercise's verdict all lie inside the window together,
on every lesson's last and longest page and its first and longest exercise
(see pages_to_check), and on every lesson's first drill in each of its
states (in the light theme, and with its help and a wrong answer in
JupyterLab's dark theme; a lesson without a drill: its longest page).
Screenshots of each lesson's longest page are written to the test's folder."""

import contextlib
import time

import pytest

from dendria_widget.lessons import catalog

from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1280, 720
CELLS = [
    "import ipywidgets as widgets\n"
    "from dendria_widget import lessons\n"
    "from dendria_widget.lessons.progress import Progress\n"
    "store = Progress(); store._keep_in_memory('a test')\n"
    "box = widgets.VBox([lessons.LessonWidget('01', progress=store)])\n"
    "box",
]

# the bottom of the board's last row, as a share of the scene's width (the
# canvas is shown at the width the window leaves it: see BoardWidget._size_layout),
# and whether the game is over: one question to the kernel
BOTTOM_AND_OVER = (
    "((lambda sc, b: (max(sc.center(b.name(i))[1] for i in b.plots) "
    "+ sc.layout.radius) / sc.width)(lw.board.scene(), lw.board.game.board), "
    "lw.board.game.is_over)")


def inside(box, width=WIDTH, height=HEIGHT):
    return (box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            and box["y"] >= 0 and box["y"] + box["height"] <= height)


# scroll the element to the top of the window, then wait (up to 2 s) until
# its place holds still for two frames in a row: the boxes are read after
SCROLL_TO_TOP = """async (e) => {
  e.scrollIntoView({block: 'start'});
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const t0 = performance.now();
  let last = null, still = 0;
  while (still < 2 && performance.now() - t0 < 2000) {
    await frame();
    const top = e.getBoundingClientRect().top;
    still = top === last ? still + 1 : 0;
    last = top;
  }
}"""


def show_page(lab, page, cell, lesson, k):
    """Page ``k`` of ``lesson`` (its verdict shown on an exercise), the
    lesson scrolled to the top of the notebook; the parts' boxes."""
    exercise = lesson.pages[k].is_exercise
    lab.kernel_exec(page, f"lw.go({k})\nif lw.page.is_exercise: lw.check()", timeout=60)
    page.wait_for_function(
        "([s, want]) => { const l = document.querySelector(s);"
        " return l && l.innerText.includes(want); }",
        arg=[".dendria-lesson", f"step {k + 1} of {len(lesson)}"], timeout=20_000)
    out = cell.locator(".dendria-lesson").first
    if exercise:
        out.locator(".dendria-verdict").wait_for()
    out.evaluate(SCROLL_TO_TOP)
    found = lesson_parts(lab, page, out)
    if exercise:
        found["verdict"] = out.locator(".dendria-verdict").first.bounding_box()
    return found


def lesson_parts(lab, page, out):
    """The boxes every page shows, as the window shows them: the title,
    Next, the board down to its last row, and the turn buttons (or the
    game-over banner)."""
    board = out.locator(".dendria-board").first.bounding_box()
    share, over = lab.kernel_literal(page, BOTTOM_AND_OVER)
    bottom = float(share) * board["width"]
    found = {
        "title": out.locator(".dendria-lesson-title").first.bounding_box(),
        "Next": out.get_by_role("button", name="Next").first.bounding_box(),
        "board's last row": {"x": board["x"], "y": board["y"], "width": board["width"],
                             "height": bottom},
    }
    found.update(turn_or_banner(page, out, over))
    return found


def turn_or_banner(page, out, over):
    """The turn buttons' boxes; once the game is over, the game-over banner
    in their place (there is nothing to press), whole in its column."""
    if not over:
        turn = out.locator(".dendria-turn-buttons button:visible")
        return {"turn buttons": [turn.nth(j).bounding_box() for j in range(turn.count())]}
    banner = out.locator(".dendria-over-line .dendria-banner").first
    assert banner.evaluate("(e) => { const a = e.getBoundingClientRect(), b = e.closest("
                           "'.dendria-side').getBoundingClientRect(); return a.width > 0 "
                           "&& a.left >= b.left - 1 && a.right <= b.right + 1; }"), \
        "the game-over banner is cut by its column"
    return {"game-over banner": banner.bounding_box()}


def check_all(found, where, width=WIDTH, height=HEIGHT):
    for part, box in found.items():
        boxes = box if isinstance(box, list) else [box]
        assert boxes, f"{where}: no {part} shown"
        for b in boxes:
            assert inside(b, width, height), \
                f"{where}: the {part} is outside the {width}x{height} window: {b}"


def pages_to_check(lesson) -> list[int]:
    """The pages of a lesson whose layout differs most: the last, the first
    exercise, and the longest page and longest exercise (the most words
    above or beside the board, and a verdict under it). The first drill is
    left to test_every_lessons_first_drill_fits_a_projector_screen, which
    shows it in every state, and the first page to the longest (a page's
    words are what push the board down). Every page of every lesson took
    over two minutes, most of the suite's budget."""
    n = len(lesson)
    exercises = [k for k in range(n) if lesson.pages[k].is_exercise]
    chosen = {n - 1, max(range(n), key=lambda j: len(lesson.markdown(j)))}
    if exercises:
        chosen |= {exercises[0], max(exercises, key=lambda j: len(lesson.markdown(j)))}
    return sorted(chosen - {first_drill(lesson)})


def test_every_lesson_fits_a_projector_screen(lab, page, tmp_path):
    t0 = time.monotonic()
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    lab.open_notebook(page, "lesson-screen.ipynb", source_cells=CELLS, timeout=120)
    cell = lab.cell_locator(page, 0)
    cell.locator(".dendria-lesson canvas").first.wait_for()
    longest = {}
    checked = 0
    dark = []
    for lesson in catalog():
        n = len(lesson)
        lab.kernel_exec(page, f"lw = lessons.LessonWidget({lesson.name!r}, progress=store); "
                              "box.children = [lw]", timeout=60)
        # its longest page (words and prompt) is one of them: its screenshot
        longest[lesson.name] = max(range(n), key=lambda j: len(lesson.markdown(j)))
        for k in pages_to_check(lesson):
            where = f"lesson {lesson.name}, step {k + 1} of {n}"
            check_all(show_page(lab, page, cell, lesson, k), where)
            checked += 1
            if k == longest[lesson.name]:
                page.screenshot(path=str(tmp_path / f"light-{lesson.name}.png"))
    # the lessons with a drill are shown in the dark by the drill test
    # (test_every_lessons_first_drill_fits_a_projector_screen); the others here
    with jupyterlab_dark(page):
        for lesson in (lesson for lesson in catalog() if first_drill(lesson) is None):
            lab.kernel_exec(page, f"lw = lessons.LessonWidget({lesson.name!r}, "
                                  "progress=store); box.children = [lw]", timeout=60)
            k = longest[lesson.name]
            found = show_page(lab, page, cell, lesson, k)
            check_all(found, f"dark, lesson {lesson.name}, step {k + 1}")
            dark.append(lesson.name)
            page.screenshot(path=str(tmp_path / f"dark-{lesson.name}.png"))
    assert dark, "no lesson without a drill was shown in the dark"
    print(f"{checked} pages of {len(longest)} lessons fit {WIDTH}x{HEIGHT}, and the longest "
          f"page of {', '.join(dark)} in the dark; "
          f"{time.monotonic() - t0:.0f} s; screenshots in {tmp_path}")


def test_a_lesson_fits_a_small_screen_and_its_board_grows_on_a_large_one(lab, page, tmp_path):
    # 1024x768 (the file browser open): the words, the exercise's buttons and
    # its verdict stay beside the board, all in the window; 1920x1080: the
    # board grows with the window and everything still fits in it
    lesson = catalog()[2]
    k = max((j for j in range(len(lesson)) if lesson.pages[j].is_exercise),
            key=lambda j: len(lesson.markdown(j)))
    widths = {}
    for w, h in ((1024, 768), (1920, 1080)):
        page.set_viewport_size({"width": w, "height": h})
        if not widths:
            lab.open_notebook(page, "lesson-sizes.ipynb", source_cells=CELLS, timeout=120)
            cell = lab.cell_locator(page, 0)
            cell.locator(".dendria-lesson canvas").first.wait_for()
            lab.kernel_exec(page, f"lw = lessons.LessonWidget({lesson.name!r}, "
                                  "progress=store); box.children = [lw]", timeout=60)
        found = show_page(lab, page, cell, lesson, k)
        out = cell.locator(".dendria-lesson").first
        found["prompt"] = out.locator(".dendria-lesson-prompt").first.bounding_box()
        check_all(found, f"{w}x{h}, lesson {lesson.name}, step {k + 1}", w, h)
        board = found["board's last row"]
        # beside the board, not under it
        assert found["verdict"]["x"] >= board["x"] + board["width"], (w, found)
        widths[w] = board["width"]
        page.screenshot(path=str(tmp_path / f"lesson-{w}x{h}.png"))
    assert widths[1920] > 1.4 * widths[1024], widths


# ------------------------------------------------------------------ drills
#: a drill's states, one after the other: the drill as it opens, its help
#: in stages (the rule, then the part of the board), a wrong answer judged,
#: and the solution shown (the third stage); each is (name, code)
DRILL_STATES = (
    ("start", ""),
    ("hint-1", "lw.hint()"),
    ("hint-2", "lw.hint() if lw.hint_stages() >= 2 else None"),
    ("wrong", "lw.retry()\nfor s in (lw.page.wrong[0] if lw.page.wrong else ()):\n"
              "    lw._answer(s)\nlw.check()"),
    ("solution", "lw.show_solution(delay=0)"),
)


#: the states checked in the dark theme too: the help at each stage and a
#: wrong answer (the hint's marks, the verdict's tint, the turn buttons);
#: the code of every state runs in both themes, so checking one costs only
#: its boxes and a screenshot
DARK_STATES = ("hint-1", "hint-2", "wrong")
LAST_DARK = max(j for j, (state, _) in enumerate(DRILL_STATES) if state in DARK_STATES)


def first_drill(lesson) -> int | None:
    """The page of the lesson's first drill (an exercise on an idea)."""
    return next((k for k, p in enumerate(lesson.pages) if getattr(p, "idea", "")), None)


def drill_parts(lab, page, cell, state):
    """The boxes of the drill's parts as the window shows them, the lesson
    scrolled to the top of the notebook: as for a page, and the prompt and
    (but at the start) the verdict; the turn buttons unless the game is over."""
    out = cell.locator(".dendria-lesson").first
    if state != "start":
        out.locator(".dendria-verdict").wait_for()
    out.evaluate(SCROLL_TO_TOP)
    found = lesson_parts(lab, page, out)
    found["prompt"] = out.locator(".dendria-lesson-prompt").first.bounding_box()
    found["Check"] = out.get_by_role("button", name="Check").first.bounding_box()
    if state != "start":
        found["verdict"] = out.locator(".dendria-verdict").first.bounding_box()
    return found


def test_every_lessons_first_drill_fits_a_projector_screen(lab, page, tmp_path):
    """Every lesson's first drill at 1280x720: as it opens, with a hint at
    each stage, a wrong answer and the solution, its prompt, board, turn
    buttons (the game-over banner once the game is over), verdict and the
    lesson's navigation all inside the notebook's room, in the light theme
    (and DARK_STATES in the dark). Screenshots: drill-<theme>-<lesson>-<state>.png."""
    t0 = time.monotonic()
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    lab.open_notebook(page, "drill-screen.ipynb", source_cells=CELLS, timeout=120)
    cell = lab.cell_locator(page, 0)
    cell.locator(".dendria-lesson canvas").first.wait_for()
    drills = [(lesson, first_drill(lesson)) for lesson in catalog()]
    drills = [(lesson, k) for lesson, k in drills if k is not None]
    assert drills, "no lesson has a drill"
    shots = 0
    for theme in ("light", "dark"):
        with (jupyterlab_dark(page) if theme == "dark" else contextlib.nullcontext()):
            for lesson, k in drills:
                lab.kernel_exec(page, f"lw = lessons.LessonWidget({lesson.name!r}, page={k}, "
                                      "progress=store); box.children = [lw]", timeout=60)
                page.wait_for_function(
                    "([s, want]) => { const l = document.querySelector(s);"
                    " return l && l.innerText.includes(want); }",
                    arg=[".dendria-lesson", f"step {k + 1} of {len(lesson)}"], timeout=20_000)
                for j, (state, code) in enumerate(DRILL_STATES):
                    if theme == "dark" and j > LAST_DARK:
                        break                  # nothing after it is checked in the dark
                    if code:
                        lab.kernel_exec(page, code, timeout=60)
                    if theme == "dark" and state not in DARK_STATES:
                        continue
                    where = f"{theme}, lesson {lesson.name}, its first drill (step {k + 1}), {state}"
                    # inside the notebook's own room (JupyterLab's status bar
                    # covers the window's last rows)
                    bottom = cell.evaluate("(e) => e.closest('.jp-WindowedPanel-outer, "
                                           ".jp-Notebook').getBoundingClientRect().bottom")
                    check_all(drill_parts(lab, page, cell, state), where, WIDTH, bottom)
                    page.screenshot(path=str(tmp_path / f"drill-{theme}-{lesson.name}-{state}.png"))
                    shots += 1
    print(f"{len(drills)} first drills fit {WIDTH}x{HEIGHT} in {shots} states; "
          f"{time.monotonic() - t0:.0f} s; screenshots in {tmp_path}")

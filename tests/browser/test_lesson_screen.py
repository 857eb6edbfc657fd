"""Every lesson on a classroom projector (JupyterLab at 1280x720, the file
browser open, headless Chromium): once the lesson is scrolled to the top of
the notebook, the lesson's title, *Next*, the board's last row, the board's
turn buttons and an exercise's verdict all lie inside the window together,
on every lesson's first, last and longest page and its first and longest
exercise (see pages_to_check), and on each lesson's longest page in
JupyterLab's dark theme.
Screenshots of each lesson's longest page are written to the test's folder."""

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
# canvas is shown at the width the window leaves it: see BoardWidget._size_layout)
BOTTOM = ("(lambda sc, b: (max(sc.center(b.name(i))[1] for i in b.plots) "
          "+ sc.layout.radius) / sc.width)(lw.board.scene(), lw.board.game.board)")


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
    board = out.locator(".dendria-board").first.bounding_box()
    bottom = float(lab.kernel_eval(page, BOTTOM)) * board["width"]
    turn = out.locator(".dendria-turn-buttons button:visible")
    found = {
        "title": out.locator(".dendria-lesson-title").first.bounding_box(),
        "Next": out.get_by_role("button", name="Next").first.bounding_box(),
        "board's last row": {"x": board["x"], "y": board["y"], "width": board["width"],
                             "height": bottom},
        "turn buttons": [turn.nth(j).bounding_box() for j in range(turn.count())],
    }
    if exercise:
        found["verdict"] = out.locator(".dendria-verdict").first.bounding_box()
    return found


def check_all(found, where, width=WIDTH, height=HEIGHT):
    for part, box in found.items():
        boxes = box if isinstance(box, list) else [box]
        assert boxes, f"{where}: no {part} shown"
        for b in boxes:
            assert inside(b, width, height), \
                f"{where}: the {part} is outside the {width}x{height} window: {b}"


def pages_to_check(lesson) -> list[int]:
    """The pages of a lesson whose layout differs most: the first and the
    last, the first exercise, and the longest page and longest exercise (the
    most words above or beside the board, and a verdict under it). Every
    page of every lesson took over two minutes, most of the suite's budget."""
    n = len(lesson)
    exercises = [k for k in range(n) if lesson.pages[k].is_exercise]
    chosen = {0, n - 1, max(range(n), key=lambda j: len(lesson.markdown(j)))}
    if exercises:
        chosen |= {exercises[0], max(exercises, key=lambda j: len(lesson.markdown(j)))}
    return sorted(chosen)


def test_every_lesson_fits_a_projector_screen(lab, page, tmp_path):
    t0 = time.monotonic()
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    lab.open_notebook(page, "lesson-screen.ipynb", source_cells=CELLS, timeout=120)
    cell = lab.cell_locator(page, 0)
    cell.locator(".dendria-lesson canvas").first.wait_for()
    longest = {}
    checked = 0
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
    with jupyterlab_dark(page):
        for lesson in catalog():
            lab.kernel_exec(page, f"lw = lessons.LessonWidget({lesson.name!r}, "
                                  "progress=store); box.children = [lw]", timeout=60)
            k = longest[lesson.name]
            found = show_page(lab, page, cell, lesson, k)
            check_all(found, f"dark, lesson {lesson.name}, step {k + 1}")
            page.screenshot(path=str(tmp_path / f"dark-{lesson.name}.png"))
    print(f"{checked} pages of {len(longest)} lessons fit {WIDTH}x{HEIGHT}; "
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

"""The puzzle trainer in a real browser: JupyterLab (headless Chromium), a
Hedu puzzle solved by clicking its answer on the canvas and pressing
*Check*; the verdict, the rating and the streak show in the page. Screenshots
at 1280x720 and 1920x1080 in JupyterLab Light and Dark (in the test's
temporary folder, to look at)."""

import time

import pytest

from .dom import near
from .lab import LabError
from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

NOTEBOOK = "puzzle_trainer.ipynb"
SETUP = ("import os, tempfile\n"
         "os.environ['DENDRIA_WIDGET_HOME'] = tempfile.mkdtemp()  # a fresh learner\n"
         "from dendria_widget import puzzles\n"
         "t = puzzles.Trainer(editions=['hedu'], goal='prisoners')\n"
         "t")


def assert_in_room(out, where):
    """The trainer's rating row and its whole canvas lie inside the
    notebook's room as the page shows it now (JupyterLab's bars cover the
    rest of the window): nothing of it is scrolled out of sight."""
    top, bottom = out.evaluate("(e) => { const r = e.closest('.jp-WindowedPanel-outer, "
                               ".jp-Notebook').getBoundingClientRect(); "
                               "return [r.top, r.bottom]; }")
    row = out.locator(".dendria-puzzles-score").first.bounding_box()
    canvas = out.locator(".dendria-puzzles canvas").first.bounding_box()
    assert row is not None and canvas is not None, where
    assert top - 0.5 <= row["y"] and row["y"] + row["height"] <= bottom + 0.5, (where, row, top)
    assert top - 0.5 <= canvas["y"] and canvas["y"] + canvas["height"] <= bottom + 0.5, (
        where, canvas, top, bottom)


def assert_piece_drawn_solid(lab, page, cell):
    """The stack on ``cell`` shows in its colour at full opacity on the
    canvas (not faint, as a ghost or a preview): a pixel left of its number,
    inside its inner ring."""
    colour = lab.kernel_literal(
        page, f"t.board.board_canvas.theme.piece_fill[0 if t.board.game.pieces[{cell!r}]"
              ".startswith('black') else 1]")
    x, y = lab.kernel_literal(page, f"tuple(t.board.cell_center({cell!r}))")
    r = lab.kernel_literal(page, "t.board.scene().layout.radius "
                                 "* t.board.board_canvas.theme.stack_scale")
    img = lab.wait_for_canvas(page, 0, lambda im: True)
    scale = img.width / lab.kernel_literal(page, "t.board.scene().width")
    px = img.getpixel((int((x - 0.5 * r) * scale), int(y * scale)))
    if not near(px, colour, 24):
        raise LabError(f"the stack on {cell} shows {px}, not its colour {colour}")


def test_a_puzzle_solved_by_clicking_in_jupyterlab(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, NOTEBOOK, source_cells=[SETUP], timeout=120)
    lab.wait_for_kernel(page, "t.session.puzzle is not None")
    out = lab.output_locator(page, 0).first
    goal = lab.kernel_literal(page, "t.session.view().goal_words")
    deadline = time.monotonic() + 20
    while goal not in out.inner_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert goal in out.inner_text() and "Your rating" in out.inner_text()
    lab.wait_for_canvas(page, 0, lambda im: im.getbbox() is not None)
    assert_in_room(out, "the trainer as it opens")
    page.screenshot(path=str(tmp_path / "trainer-light.png"))

    # the answer: one placement; click its cell on the canvas
    cell = lab.kernel_literal(page, "t.session.puzzle.solutions[0][0].split()[1]")
    x, y = lab.kernel_literal(page, f"tuple(t.board.cell_center({cell!r}))")
    lab.click_canvas(page, 0, 2 * x, 2 * y)          # canvas pixels are 2x CSS pixels
    lab.wait_for_kernel(page, f"{cell!r} in t.board.game.pieces", timeout=20)
    out.get_by_role("button", name="Check").click()
    lab.wait_for_kernel(page, "t.session.verdict is not None and t.session.verdict.right",
                        timeout=20)
    deadline = time.monotonic() + 10
    while "Right!" not in out.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    text = out.inner_text()
    assert "Right!" in text and "streak 1" in text
    assert lab.kernel_literal(page, "t.session.view().rating") > 1500
    assert_piece_drawn_solid(lab, page, cell)
    assert_in_room(out, "the puzzle solved")
    page.screenshot(path=str(tmp_path / "trainer-solved-light.png"))
    out.get_by_role("button", name="Hint").click()       # a hint and its marks, to look at
    lab.wait_for_kernel(page, "t.session.hints_shown == 1", timeout=20)
    time.sleep(0.5)
    with jupyterlab_dark(page):
        time.sleep(0.5)
        assert_piece_drawn_solid(lab, page, cell)
        assert_in_room(out, "the puzzle solved, a hint shown, in the dark theme")
        page.screenshot(path=str(tmp_path / "trainer-solved-dark.png"))
        page.set_viewport_size({"width": 1920, "height": 1080})
        time.sleep(0.5)
        page.screenshot(path=str(tmp_path / "trainer-1920-dark.png"))
    time.sleep(0.5)
    page.screenshot(path=str(tmp_path / "trainer-1920-light.png"))
    # nothing of the trainer is cut off at either size: its buttons are in the page
    for name in ("Check", "Hint", "Retry", "Next"):
        box = out.get_by_role("button", name=name).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1920, name

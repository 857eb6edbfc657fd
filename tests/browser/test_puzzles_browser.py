"""The puzzle trainer in a real browser: JupyterLab (headless Chromium), a
Hedu puzzle solved by clicking its answer on the canvas and pressing
*Check*; the verdict, the rating and the streak show in the page. Screenshots
at 1280x720 and 1920x1080 in JupyterLab Light and Dark (in the test's
temporary folder, to look at)."""

import time

import pytest

from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

NOTEBOOK = "puzzle_trainer.ipynb"
SETUP = ("import os, tempfile\n"
         "os.environ['DENDRIA_WIDGET_HOME'] = tempfile.mkdtemp()  # a fresh learner\n"
         "from dendria_widget import puzzles\n"
         "t = puzzles.Trainer(editions=['hedu'], goal='prisoners')\n"
         "t")


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
    page.screenshot(path=str(tmp_path / "trainer-solved-light.png"))
    out.get_by_role("button", name="Hint").click()       # a hint and its marks, to look at
    lab.wait_for_kernel(page, "t.session.hints_shown == 1", timeout=20)
    time.sleep(0.5)
    with jupyterlab_dark(page):
        time.sleep(0.5)
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

"""The board widget in a real browser: JupyterLab + headless Chromium.

One notebook session: a BoardWidget of a small classic game; real mouse
clicks on the canvas (pixels computed from the widget's layout, read from
the kernel); the game state read back from the kernel; the canvas pixels
compared before and after around the clicked cell; an illegal click's
reason read from the status line in the page.
"""

import re
import time

import pytest

pytestmark = pytest.mark.browser

CELLS = [
    # cell 0: the widget
    "from dendria_widget import BoardWidget, Game\n"
    "game = Game('dendria-classic', size=5)\n"
    "w = BoardWidget(game, width=420, auto_end=False)\n"
    "w",
]


def region(img, x, y, r):
    return img.crop((int(x - r), int(y - r), int(x + r), int(y + r)))


def mean_diff(a, b):
    pa, pb = list(a.convert("RGB").tobytes()), list(b.convert("RGB").tobytes())
    return sum(abs(p - q) for p, q in zip(pa, pb)) / len(pa)


def close(px, hexcolour, tol=40):
    want = tuple(int(hexcolour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(px, want))


def test_widget_click_pixels_and_refusal(lab, page, tmp_path):
    t0 = time.monotonic()
    lab.open_notebook(page, "widget_click.ipynb", source_cells=CELLS)
    # the layout, from the kernel: CSS size of the board, centres of cells
    # (the canvas keeps room below the board for an overlay's key)
    width, height = lab.kernel_literal(page, "(round(w.scene().width), w.canvas.height // 2)")
    # every part of the widget rendered (hidden tabs included)
    assert "javascript error" not in lab.output_locator(page, 0).text_content().lower()
    canvas = lab.canvas_locator(page, 0)
    assert canvas.evaluate("(c) => [c.width, c.height]") == [2 * width, 2 * height]
    box = canvas.bounding_box()
    assert abs(box["width"] - width) <= 1 and abs(box["height"] - height) <= 1

    cx, cy = lab.kernel_literal(page, "tuple(w.cell_center('c3'))")
    fx, fy = lab.kernel_literal(page, "tuple(w.cell_center('a1'))")
    radius = lab.kernel_literal(page, "w.scene().layout.radius")
    cell_fill = lab.kernel_literal(page, "w.theme.cell")
    dark_fill = lab.kernel_literal(page, "w.theme.piece_fill[0]")

    # wait until the board is drawn: the centre of c3 shows the cell colour
    before = lab.wait_for_canvas(page, 0, lambda im: close(im.getpixel((int(cx), int(cy))),
                                                           cell_fill),
                                 save_to=tmp_path / "before.png")

    # click c3 with the real mouse (canvas pixels are 2x the CSS pixels)
    lab.click_canvas(page, 0, 2 * cx, 2 * cy)
    lab.wait_for_kernel(page, "game.pieces == {'c3': 'dark seed'}")
    assert lab.kernel_literal(page, "[str(s) for s in game.steps]") == ["plant c3"]

    # the dark seed is drawn on c3, and far away (a1) nothing changed
    after = lab.wait_for_canvas(page, 0, lambda im: close(im.getpixel((int(cx), int(cy))),
                                                          dark_fill),
                                save_to=tmp_path / "after.png")
    r = radius * 0.6
    assert mean_diff(region(before, cx, cy, r), region(after, cx, cy, r)) > 20
    assert mean_diff(region(before, fx, fy, r), region(after, fx, fy, r)) < 1

    # an illegal click (c3 again: the opening turn is one seed) changes
    # nothing and shows the engine's reason in the status line
    reason = lab.kernel_literal(page, "game.why_illegal('sprout c3')")
    assert reason
    lab.click_canvas(page, 0, 2 * cx, 2 * cy)
    status = lab.output_locator(page, 0).locator(".dendria-status")
    deadline = time.monotonic() + 10
    while reason not in status.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert reason in status.inner_text()
    assert lab.kernel_literal(page, "len(game.steps)") == 1

    # the End turn button is a real button in the page
    lab.output_locator(page, 0).get_by_role("button", name="End turn").click()
    lab.wait_for_kernel(page, "game.phase == 'swap'")

    # hovering a cell explains it in the details panel
    px, py = lab.canvas_to_page(page, 0, 2 * fx, 2 * fy)
    page.mouse.move(px, py)
    lab.wait_for_kernel(page, "w.hover == 'a1'")
    details = lab.output_locator(page, 0).locator(".dendria-details")
    deadline = time.monotonic() + 10
    while "a1" not in details.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "a1" in details.inner_text()
    print(f"widget browser test took {time.monotonic() - t0:.1f} s after the server was up")


def test_players_tab_hint_by_iterations_draws_on_the_canvas(lab, page, tmp_path):
    """The Players tab in the page: choosing "iterations" enables that
    field only; a typed number of iterations and the Hint button give the
    MCTS player's own turn for that budget (the same on any machine), drawn
    on the canvas with its key."""
    lab.open_notebook(page, "players_hint.ipynb", source_cells=[
        "from dendria_widget import BoardWidget, Game\n"
        "from dendria_widget.players import MCTSPlayer\n"
        "w = BoardWidget(Game('dendria-classic', size=4, opening='none'), width=420)\n"
        "w"])
    out = lab.output_locator(page, 0)
    cell_fill = lab.kernel_literal(page, "w.theme.cell")
    cx, cy = lab.kernel_literal(page, "tuple(w.cell_center('a1'))")
    before = lab.wait_for_canvas(page, 0, lambda im: close(im.getpixel((int(cx), int(cy))),
                                                           cell_fill))
    out.get_by_role("tab", name="Players").click()
    seconds = out.get_by_label("seconds a turn")
    iterations = out.get_by_label("iterations a turn")
    assert seconds.is_enabled() and not iterations.is_enabled()
    out.get_by_role("button", name="iterations", exact=True).click()
    lab.wait_for_kernel(page, "w.players_panel.budget.value == 'iterations'")
    assert iterations.is_enabled() and not seconds.is_enabled()
    iterations.fill("30")
    iterations.press("Enter")
    lab.wait_for_kernel(page, "w.players_panel.iterations.value == 30")
    out.get_by_title(re.compile("^MCTS suggests a turn")).click()   # the Hint button
    lab.wait_for_kernel(page, "w.players_panel.hint is not None", timeout=60)
    assert lab.kernel_literal(page, "w.players_panel.hint['name']") == "mcts:i30"
    same = ("[str(s) for s in w.players_panel.hint['turn']] == [str(s) for s in "
            "MCTSPlayer(seed=w.players_panel.seed, iterations=30).choose_turn(w.game)]")
    assert lab.kernel_literal(page, same) is True
    # the hint is drawn: the canvas changes, and its key is in the scene drawn
    after = lab.wait_for_canvas(page, 0, lambda im: mean_diff(im, before) > 0.5,
                                save_to=tmp_path / "hint-timeout.png", timeout=15)
    after.save(tmp_path / "hint.png")
    key = lab.kernel_literal(page, "' '.join(t.text for t in w.scene().find('hint-key'))")
    assert key.startswith("Hint from the MCTS player (30 tries a turn): ")

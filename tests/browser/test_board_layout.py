"""The board's layout in JupyterLab, at a classroom projector's 1280x720 and at
1920x1080: once the board is scrolled to the top of the notebook, the board,
the turn buttons, the history buttons and the status line all lie inside the
window and do not overlap; nothing is cut (no horizontal scrollbar, every
button label fits); the board does not move when a hint and its key appear;
after a reload of the page the output is the board or its picture, never
the widget's name.
"""

import time

import pytest

pytestmark = pytest.mark.browser

CELLS = [
    "from dendria_widget import BoardWidget, Game\n"
    "game = Game('dendria-classic', size=7)\n"
    "w = BoardWidget(game)\n"
    "w",
]


def boxes(out, lab, page, turn_button="End turn"):
    """The bounding boxes of the parts that must show at once (``turn_button``:
    the button that closes a turn, Hedu's Pass where a placement is a turn)."""
    parts = {
        "board": lab.canvas_locator(page, 0),
        "status": out.locator(".dendria-status"),
        "end turn": out.get_by_role("button", name=turn_button, exact=True),
        "undo": out.get_by_role("button", name="Undo"),
        "advice": out.locator(".dendria-hint"),
    }
    return {name: loc.bounding_box() for name, loc in parts.items()}


def overlap(a, b):
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("ruleset,size", [("dendria-classic", (1280, 720)),
                                          ("hedu", (1280, 720)),
                                          ("dendria-classic", (1920, 1080))])
def test_the_board_its_buttons_and_status_fit_the_window(lab, page, tmp_path, ruleset, size):
    # each ruleset's default board (side 7: 13 rows), the file browser open
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    lab.open_notebook(page, f"layout-{ruleset}-{width}.ipynb",
                      source_cells=[CELLS[0].replace("'dendria-classic'", repr(ruleset))])
    out = lab.output_locator(page, 0)
    board = lab.canvas_locator(page, 0)
    out.locator(".dendria-board-widget").evaluate("(e) => e.scrollIntoView({block: 'start'})")
    time.sleep(0.5)
    found = boxes(out, lab, page, "Pass" if ruleset == "hedu" else "End turn")
    page.screenshot(path=str(tmp_path / f"board-{ruleset}-{width}x{height}.png"))
    for name, box in found.items():
        assert box is not None, name
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
    names = list(found)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(found[a], found[b]), (a, b, found[a], found[b])
    # the tabs stand beside the board on these pages
    tabs = out.locator(".jupyter-widget-Tab, .widget-tab").first.bounding_box()
    assert tabs["x"] >= found["board"]["x"] + found["board"]["width"]
    # nothing cut: no horizontal scrollbar in the output, every label fits
    assert out.evaluate("(o) => o.scrollWidth <= o.clientWidth + 1")
    cut = out.evaluate("""(o) => Array.from(o.querySelectorAll('button, .lm-TabBar-tab'))
        .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
        .map((b) => b.textContent.trim())""")
    assert cut == [], cut
    # a hint and its key appear: the board does not move nor change size
    before = board.bounding_box()
    lab.kernel_exec(page, "p = w.players_panel; p.budget.value = 'iterations'; "
                          "p.iterations.value = 30; p.ask_hint() or p.wait(20)")
    lab.wait_for_kernel(page, "w.session.hint is not None", timeout=30)
    status = out.locator(".dendria-status")
    deadline = time.monotonic() + 10
    while "is ready" not in status.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    first = "Black" if ruleset == "hedu" else "Dark"
    assert f"The hint for {first} is ready" in status.inner_text()
    time.sleep(0.3)
    after = board.bounding_box()
    for k in ("x", "y", "width", "height"):
        assert abs(after[k] - before[k]) <= 2, (k, before, after)
    page.screenshot(path=str(tmp_path / f"hint-{width}x{height}.png"))


def test_after_a_reload_the_board_or_its_picture_shows(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, "reload.ipynb", source_cells=CELLS)
    lab.kernel_exec(page, "w.play('plant g7', 'end')")
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    time.sleep(1.5)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.content"
        " && window.jupyterapp.shell.currentWidget.content.widgets.length > 0", timeout=60_000)
    out = lab.output_locator(page, 0)
    deadline = time.monotonic() + 30
    shown = ""
    while time.monotonic() < deadline:
        if out.locator("canvas").count() or out.locator("img").count():
            break
        time.sleep(0.2)
    shown = out.inner_text()
    page.screenshot(path=str(tmp_path / "reloaded.png"))
    assert "BoardWidget(" not in shown and "Error displaying widget" not in shown, shown
    assert out.locator("canvas").count() or out.locator("img").count(), shown


def test_on_a_narrow_page_the_tabs_go_below_the_board(lab, page):
    page.set_viewport_size({"width": 900, "height": 900})
    lab.open_notebook(page, "narrow.ipynb", source_cells=CELLS)
    out = lab.output_locator(page, 0)
    board = lab.canvas_locator(page, 0).bounding_box()
    tabs = out.locator(".jupyter-widget-Tab, .widget-tab").first.bounding_box()
    status = out.locator(".dendria-status").bounding_box()
    assert tabs["y"] >= board["y"] + board["height"] - 1, (tabs, board)
    assert status["y"] >= board["y"] + board["height"] - 1, (status, board)
    assert out.evaluate("(o) => o.scrollWidth <= o.clientWidth + 1")


def test_a_lessons_verdict_and_hint_show_beside_the_board_which_holds_still(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, "lesson02.ipynb", source_cells=[
        "from dendria_widget import lessons\n"
        "lw = lessons.LessonWidget('02_roots', page=6)\n"
        "lw"])
    out = lab.output_locator(page, 0)
    board = lab.canvas_locator(page, 0)
    out.locator(".dendria-board-widget").evaluate("(e) => e.scrollIntoView({block: 'start'})")
    time.sleep(0.4)
    before = board.bounding_box()
    lab.kernel_exec(page, "lw.check()")
    verdict = out.locator(".dendria-verdict")
    verdict.wait_for()
    time.sleep(0.3)
    parts = {"board": board.bounding_box(), "verdict": verdict.bounding_box(),
             "check": out.get_by_role("button", name="Check").bounding_box(),
             "status": out.locator(".dendria-status").bounding_box(),
             "end turn": out.get_by_role("button", name="End turn").bounding_box()}
    page.screenshot(path=str(tmp_path / "lesson-verdict-1280x720.png"))
    for name, box in parts.items():
        assert box["y"] >= 0 and box["y"] + box["height"] <= 720, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (name, box)
    names = list(parts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(parts[a], parts[b]), (a, b)
    for k in ("x", "y", "width", "height"):
        assert abs(parts["board"][k] - before[k]) <= 2, (k, before, parts["board"])

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


def ask_hint(lab, page, out):
    """A 30-try MCTS hint asked from the kernel; the board's status line,
    once it says the hint is ready (or after 10 s)."""
    lab.kernel_exec(page, "p = w.players_panel; p.budget.value = 'iterations'; "
                          "p.iterations.value = 30; p.ask_hint() or p.wait(20)")
    lab.wait_for_kernel(page, "w.session.hint is not None", timeout=30)
    status = out.locator(".dendria-status")
    deadline = time.monotonic() + 10
    while "is ready" not in status.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    return status


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
    status = ask_hint(lab, page, out)
    first = "Black" if ruleset == "hedu" else "Dark"
    assert f"The hint for {first} is ready" in status.inner_text()
    time.sleep(0.3)
    after = board.bounding_box()
    for k in ("x", "y", "width", "height"):
        assert abs(after[k] - before[k]) <= 2, (k, before, after)
    page.screenshot(path=str(tmp_path / f"hint-{width}x{height}.png"))


def buttons_shown(out):
    """{label: enabled} of the board's labelled buttons the page shows."""
    return out.evaluate("""(o) => Object.fromEntries(Array.from(o.querySelectorAll('button'))
        .filter((b) => b.offsetParent !== null && b.textContent.trim())
        .map((b) => [b.textContent.trim(), !b.disabled]))""")


BUTTONS_IN_KERNEL = ("{b.label or {'end': 'End turn', 'pass': 'Pass', 'swap': 'Swap', "
                     "'undo': 'Undo', 'redo': 'Redo', 'komi': 'Set komi'}.get(b.name, b.name): "
                     "b.enabled for b in w.session.view().buttons if b.shown}")


def test_after_a_reload_the_board_or_its_picture_shows(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, "reload.ipynb", source_cells=CELLS)
    lab.kernel_exec(page, "w.play('plant g7', 'end')")
    out = lab.output_locator(page, 0)
    want = lab.kernel_literal(page, BUTTONS_IN_KERNEL)
    # the session's words: after a whole turn, End turn waits for a step
    assert want["End turn"] is False and want["Undo"] is True and want["Redo"] is False
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
    assert "BoardWidget(" not in shown and "Error displaying widget" not in shown, shown
    assert out.locator("canvas").count() or out.locator("img").count(), shown
    # the kernel is alive: the board shows again, its buttons enabled as the
    # session says (End turn off after a whole turn, Undo on)
    out.get_by_role("button", name="End turn", exact=True).wait_for()
    time.sleep(0.5)
    page.screenshot(path=str(tmp_path / "reloaded.png"))
    seen = buttons_shown(out)
    labelled = {k: v for k, v in want.items() if k in ("End turn", "Pass", "Swap", "Undo", "Redo")}
    assert {k: seen.get(k) for k in labelled} == labelled, (labelled, seen)
    end = out.get_by_role("button", name="End turn", exact=True)
    assert end.is_disabled()
    # and it looks disabled: like Redo (disabled too), not like the green
    # End turn of a turn under way
    look = "(b) => { const s = getComputedStyle(b); return [s.backgroundColor, s.color]; }"
    redo = out.locator("button", has_text="Redo")
    assert redo.is_disabled() and end.evaluate(look) == redo.evaluate(look)
    lab.kernel_exec(page, "w.set_flag('auto_end', False); w.play('plant c3')")
    deadline = time.monotonic() + 10
    while end.is_disabled() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not end.is_disabled() and end.evaluate(look) != redo.evaluate(look)


def test_a_saved_notebook_without_the_widget_shows_the_picture_and_a_line_in_words(
        lab, page, tmp_path, monkeypatch):
    # a learner opens a saved notebook JupyterLab does not trust (downloaded,
    # or sent by the teacher): the widget cannot be drawn, its words and its
    # saved picture (the cell's second output) show, and no Python data
    import IPython.display
    import nbformat

    from dendria_widget import BoardWidget, Game
    from dendria_widget.render.svg import data_uri, scene_to_svg

    w = BoardWidget(Game("dendria-classic", size=5), overlays=["roots"])
    w.play("plant c3", "end", "plant e5", "end")
    shown = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, raw=False, **kw: shown.append(obj))
    w._ipython_display_()           # what a notebook saves: the live output, the still
    assert "application/vnd.jupyter.widget-view+json" in shown[0]
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells.append(nbformat.v4.new_code_cell(
        "from dendria_widget import BoardWidget, Game\n"
        "w = BoardWidget(Game('dendria-classic', size=5), overlays=['roots'])\nw",
        execution_count=1,
        outputs=[nbformat.v4.new_output("display_data", data=d) for d in shown]))
    nbformat.write(nb, str(lab.root / "saved-untrusted.ipynb"))
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, "saved-untrusted.ipynb", run=False)
    out = lab.output_locator(page, 0)
    img = out.locator(".dendria-still img.dw-light")
    img.wait_for()
    time.sleep(0.5)
    page.screenshot(path=str(tmp_path / "saved-untrusted.png"))
    # the picture shown is the board as it was, whole (not cut, not scaled up)
    light = w.session.export_scene("light", w.board_canvas.width)
    assert img.get_attribute("src") == data_uri(scene_to_svg(light))
    natural = img.evaluate("(i) => [i.naturalWidth, i.naturalHeight]")
    box = img.bounding_box()
    assert natural == [round(light.width), round(light.height)]
    assert abs(box["width"] - natural[0]) <= 1 and box["x"] + box["width"] <= 1280
    assert out.locator(".dendria-still img.dw-dark").evaluate("(i) => i.offsetParent === null")
    # in words only: the widget's sentence, no widget error, no Python repr
    text = out.locator(".jp-OutputArea-output").all_inner_texts()
    text = "\n".join(text)
    assert "Shift+Enter" in text and "A board of Dendria, classic edition" in text
    for bad in ("BoardWidget(", "Game(", "Error displaying widget", "Loading widget",
                "None", "{", "["):
        assert bad not in text, (bad, text)


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


LONG_PREVIEW = ("hedu h5 1w21w1b1/w2b31w11b1/2b21b12/1w2w31w1b11b1/b2b31b21w12w1/1b2w21w13/"
                "w1b11w11w1w1/b1b13b1/3w11 white prisoners=1,5")


def test_with_a_large_key_on_a_hint_keys_and_long_captions_leave_the_board_still(
        lab, page, tmp_path):
    # Hedu's preview draws the largest key; on g3 its caption (thirteen
    # stacks change, a prisoner) outgrows the room kept for it; then a hint
    # and two more overlays' keys: the canvas grows downwards, the board
    # neither moves nor changes size (within 2 px)
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, "large-key.ipynb", source_cells=[
        "from dendria_widget import BoardWidget, Game\n"
        f"w = BoardWidget(Game.from_position({LONG_PREVIEW!r}), overlays=['preview'])\n"
        "w.inspected = 'a1'\n"
        "w"])
    out = lab.output_locator(page, 0)
    board = lab.canvas_locator(page, 0)
    out.locator(".dendria-board-widget").evaluate("(e) => e.scrollIntoView({block: 'start'})")
    time.sleep(0.5)
    before = board.bounding_box()
    board_h = lab.kernel_literal(page, "w.scene().board_height")
    shots = [("before", before)]

    def settle(name):
        time.sleep(0.6)
        box = board.bounding_box()
        page.screenshot(path=str(tmp_path / f"large-key-{name}.png"))
        shots.append((name, box))
        return box

    lab.kernel_exec(page, "w.inspected = 'g3'")
    lab.wait_for_kernel(page, "'prisoner' in w.scene().captions['preview']")
    grown = settle("long-caption")
    assert grown["height"] > before["height"] + 10, (before, grown)   # the key grew
    status = ask_hint(lab, page, out)
    assert "The hint for White is ready" in status.inner_text()
    settle("hint")
    lab.kernel_exec(page, "w.set_overlay('regions'); w.set_overlay('heights')")
    lab.wait_for_kernel(page, "{'regions', 'heights'} <= w.overlays")
    settle("three-keys")
    lab.kernel_exec(page, "w.inspected = 'a1'; w.session.set_hint(None)")
    settle("short-again")
    # the board is the top board_h px of the canvas: its place and its scale
    scale0 = before["width"]
    for name, box in shots:
        assert abs(box["x"] - before["x"]) <= 2 and abs(box["y"] - before["y"]) <= 2, (name, box)
        assert abs(box["width"] - scale0) <= 2, (name, box, before)
    assert board_h * scale0 / lab.kernel_literal(page, "round(w.scene().width)") > 300
    # the buttons beside the board are where they were, and inside the window
    end = out.get_by_role("button", name="Pass", exact=True).bounding_box()
    assert end["y"] + end["height"] <= 720

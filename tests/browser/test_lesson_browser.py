"""A lesson in a real browser: the tutorial notebook 01 run in JupyterLab
(headless Chromium), its LessonWidget driven with the real mouse: *Next*
changes the board on the canvas, and an exercise solved by clicking the
board gets the success verdict in the page; the pictures of the pages below
it turn dark with JupyterLab's dark theme.
"""

import contextlib
import json
import time

import pytest

from .dom import pictures_shown

pytestmark = pytest.mark.browser

NOTEBOOK = "01_board.ipynb"


def mean_diff(a, b):
    pa, pb = a.convert("RGB").tobytes(), b.convert("RGB").tobytes()
    return sum(abs(p - q) for p, q in zip(pa, pb)) / len(pa)


def close(px, hexcolour, tol=40):
    want = tuple(int(hexcolour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(px, want))


@contextlib.contextmanager
def jupyterlab_dark(page):
    """JupyterLab in its Dark theme (the splash it shows while changing
    theme gone), then back to Light."""
    def theme(name, light):
        page.evaluate("(t) => { window.jupyterapp.commands.execute("
                      "'apputils:change-theme', {theme: t}); }", name)
        page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
        page.wait_for_selector("#jupyterlab-splash", state="detached")

    theme("JupyterLab Dark", "false")
    try:
        yield
    finally:
        theme("JupyterLab Light", "true")


def test_lesson_next_and_an_exercise_solved_by_clicking(lab, page, tmp_path):
    t0 = time.monotonic()
    cells = json.loads((lab.root / NOTEBOOK).read_text())["cells"]
    # the playable lesson is the first code cell (the pictures of the pages follow)
    last = next(k for k, c in enumerate(cells) if c["cell_type"] == "code")
    assert "LessonWidget" in "".join(cells[last]["source"])
    lab.open_notebook(page, NOTEBOOK, timeout=120)
    lab.kernel_exec(page, "lw = next(v for v in Out.values() "
                          "if type(v).__name__ == 'LessonWidget')")   # the first cell's value
    assert lab.kernel_literal(page, "(lw.lesson.name, lw.page_index)") == ("01_board", 0)
    out = lab.output_locator(page, last).first   # (Output widgets nest output areas)
    assert "step 1 of" in out.inner_text()

    cell_fill = lab.kernel_literal(page, "lw.board.theme.cell")
    ax, ay = lab.kernel_literal(page, "tuple(lw.board.cell_center('a1'))")
    before = lab.wait_for_canvas(page, last, lambda im: close(im.getpixel((int(ax), int(ay))),
                                                              cell_fill),
                                 save_to=tmp_path / "page1.png")

    # Next: page 2 marks five cells with their names; the canvas changes there
    out.get_by_role("button", name="Next").click()
    lab.wait_for_kernel(page, "lw.page_index == 1")
    after = lab.wait_for_canvas(page, last, lambda im: mean_diff(before, im) > 1,
                                save_to=tmp_path / "page2.png")
    assert mean_diff(before, after) > 1
    assert "step 2 of" in out.inner_text()

    # on to the first exercise, pressing Next
    target = lab.kernel_literal(page, "next(i for i, p in enumerate(lw.lesson.pages) "
                                      "if p.is_exercise)")
    for k in range(2, target + 1):
        out.get_by_role("button", name="Next").click()
        lab.wait_for_kernel(page, f"lw.page_index == {k}")
    assert lab.kernel_literal(page, "lw.page.solution") == ("plant f2", "end")
    assert "Find f2" in out.inner_text()

    # solve it by clicking f2 on the canvas, then press Check
    fx, fy = lab.kernel_literal(page, "tuple(lw.board.cell_center('f2'))")
    dark = lab.kernel_literal(page, "lw.board.theme.piece_fill[0]")
    lab.click_canvas(page, last, 2 * fx, 2 * fy)     # canvas pixels are 2x CSS pixels
    lab.wait_for_kernel(page, "lw.board.game.pieces.get('f2') == 'dark seed'")
    lab.wait_for_canvas(page, last, lambda im: close(im.getpixel((int(fx), int(fy))), dark),
                        save_to=tmp_path / "planted.png")
    out.get_by_role("button", name="Check").click()
    lab.wait_for_kernel(page, "lw.verdict is not None and lw.verdict.ok")
    verdict = out.locator(".dendria-verdict")
    deadline = time.monotonic() + 10
    while "Well done" not in verdict.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    text = verdict.inner_text()
    assert "Well done" in text and "f2" in text
    total = lab.kernel_literal(page, "len(lw.lesson.exercises())")
    assert f"solved: 1 of {total}" in out.inner_text()

    # the pictures of the pages follow JupyterLab's theme: dark in JupyterLab Dark
    pictures = page.locator(".dendria-picture").count()
    assert pictures >= len(cells) // 4 and set(pictures_shown(page)) == {"dw-light"}
    with jupyterlab_dark(page):
        assert pictures_shown(page) == ["dw-dark"] * pictures
        page.locator(".dendria-picture:visible").first.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "pictures-dark.png"))
    print(f"lesson browser test took {time.monotonic() - t0:.1f} s after the server was up")


def test_a_saved_lesson_shows_its_pages_without_running(lab, page, tmp_path):
    """Opened as saved and untrusted (JupyterLab sanitizes the HTML and runs
    nothing), a lesson notebook still shows every page's picture, in the
    light colours, and the lesson cell says how to play it. (The project's
    commands mark the tutorials trusted: see the next test.)"""
    lab.open_notebook(page, "02_roots.ipynb", run=False, timeout=120)
    page.wait_for_function("() => document.querySelectorAll('.dendria-picture img').length > 0")
    shown = page.evaluate("""() => [...document.querySelectorAll('.dendria-picture img')]
        .map((i) => [i.className, getComputedStyle(i).display !== 'none', i.naturalWidth])""")
    light = [s for s in shown if s[0] == "dw-light"]
    dark = [s for s in shown if s[0] == "dw-dark"]
    assert light and len(light) == len(dark)
    assert all(visible and width > 100 for _c, visible, width in light)
    assert not any(visible for _c, visible, _w in dark)
    text = lab.output_locator(page, 2).first.inner_text()
    assert "plays here" in text and "Shift+Enter" in text
    page.screenshot(path=str(tmp_path / "saved.png"))


def test_a_trusted_saved_lesson_shows_dark_pictures_in_a_dark_theme(lab, lab_env, page,
                                                                     monkeypatch, tmp_path):
    """The tutorials are marked trusted when they are opened with the
    project's command (scripts/lab.sh) or copied with ``dendria-widget
    tutorials``: JupyterLab then keeps their saved style, so in JupyterLab
    Dark the pages' pictures are dark before any cell runs."""
    from dendria_widget.tutorials import trust_notebooks

    folder = lab.root / "trusted"
    folder.mkdir(exist_ok=True)
    saved = folder / "04_fertilization.ipynb"
    saved.write_text((lab.root / "04_fertilization.ipynb").read_text(encoding="utf-8"),
                     encoding="utf-8")
    monkeypatch.setenv("JUPYTER_DATA_DIR", lab_env["JUPYTER_DATA_DIR"])
    assert trust_notebooks([saved]) == 1
    lab.open_notebook(page, "trusted/04_fertilization.ipynb", run=False, timeout=120)
    page.wait_for_function("() => document.querySelectorAll('.dendria-picture img').length > 0")
    pictures = page.locator(".dendria-picture").count()
    assert pictures > 3 and pictures_shown(page) == ["dw-light"] * pictures
    with jupyterlab_dark(page):
        assert pictures_shown(page) == ["dw-dark"] * pictures
        page.locator(".dendria-picture:visible").first.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "trusted-dark.png"))

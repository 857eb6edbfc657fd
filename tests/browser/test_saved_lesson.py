"""A lesson saved after it ran, opened again with a new kernel (JupyterLab
headless, 1280x720): the board's picture stands where the board was, with a
line saying to run the cell, never ipywidgets' "Error displaying widget:
model not found", whether JupyterLab trusts the notebook (it then picks the
widget's view, whose model is gone) or not (it then shows the widget's
sentence); run again, the live lesson shows and the picture hides. A plain
board leaves its picture the same way (dendria_widget/widget/still.py)."""

import time
from contextlib import contextmanager

import pytest

from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

SOURCE = 'from dendria_widget import lessons\nlessons.LessonWidget("02_roots")'
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_OUTPUT = ".jp-OutputArea-output.jupyter-widgets"   # ipywidgets' output, not drawn


def visible_text(out):
    return out.evaluate("(o) => o.innerText")


def still_shown(out):
    """The still picture's shown images (their class) and whether the run line shows."""
    return out.evaluate("""(o) => {
        const still = o.querySelector('.dendria-still');
        if (!still || still.offsetParent === null) return null;
        const imgs = [...still.querySelectorAll('img')].filter((i) => i.offsetParent !== null
            && i.naturalWidth > 100).map((i) => i.className);
        const words = still.querySelector('.dendria-still-words');
        return [imgs, !!words && words.offsetParent !== null];
    }""")


def save_run_lesson(lab, page, name, source=SOURCE, live=".dendria-lesson canvas"):
    """Run the cell ``source`` in JupyterLab, save it with the live widget's
    output, shut its kernel down."""
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, name, source_cells=[source], timeout=120)
    out = lab.output_locator(page, 0).first
    out.locator(live).first.wait_for()
    # alive: the widget shows, its still picture is hidden
    assert still_shown(out) is None
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    deadline = time.monotonic() + 120
    while WIDGET_VIEW not in (lab.root / name).read_text():
        assert time.monotonic() < deadline, "the notebook was not saved"
        time.sleep(0.2)
    time.sleep(0.5)
    page.context.close()
    lab.server.shutdown_kernels()


def trust(lab, lab_env, name):
    """The learner trusts their own saved notebook (what `jupyter trust` does;
    the package signs only its own tutorials, checked against their manifest)."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary(data_dir=lab_env["JUPYTER_DATA_DIR"])
    saved = nbformat.read(str(lab.root / name), as_version=4)
    notary.sign(saved)
    assert notary.check_signature(saved)


@contextmanager
def reopened(lab, name, context_options=None):
    """The saved notebook ``name`` opened again, not run, in a new page at
    1280x720 with a new kernel: (the page, its first cell's output) once
    the still picture is in it; then the page is closed and the kernels shut
    down."""
    page = lab.new_page(context_options)
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        lab.open_notebook(page, name, run=False, timeout=120)
        out = lab.output_locator(page, 0).first
        out.locator(".dendria-still img").first.wait_for(state="attached")
        yield page, out
    finally:
        page.context.close()
        lab.server.shutdown_kernels()


def trusted_picture_text(page, out):
    """Trusted, JupyterLab drew the widget's view (its model gone): no
    widget error shows, the light picture and its line do. Their text."""
    page.wait_for_function(
        "(sel) => { const v = document.querySelector(sel);"
        " return v && /Error displaying widget|Loading widget/.test(v.textContent); }",
        arg=WIDGET_OUTPUT, timeout=30_000)
    time.sleep(1.0)
    text = visible_text(out)
    assert "Error displaying widget" not in text and "Loading widget" not in text, text
    assert still_shown(out) == [["dw-light"], True], still_shown(out)
    return text


def test_a_trusted_saved_lesson_shows_its_picture_with_a_new_kernel(
        lab, lab_env, monkeypatch, tmp_path):
    name = "saved-lesson-trusted.ipynb"
    save_run_lesson(lab, lab.new_page(), name)
    trust(lab, lab_env, name)
    with reopened(lab, name) as (page, out):
        text = trusted_picture_text(page, out)
        assert "Run this cell (Shift+Enter)" in text
        box = out.locator(".dendria-still img.dw-light").bounding_box()
        assert box["width"] > 300 and box["height"] > 300
        page.screenshot(path=str(tmp_path / "saved-trusted-light.png"))
        with jupyterlab_dark(page):
            assert still_shown(out) == [["dw-dark"], True]
            assert "Error displaying widget" not in visible_text(out)
            page.screenshot(path=str(tmp_path / "saved-trusted-dark.png"))
        # run again: the lesson lives, the picture and its line hide
        lab.run_all(page, name, timeout=120)
        out.locator(".dendria-lesson canvas").first.wait_for()
        time.sleep(0.5)
        assert still_shown(out) is None
        assert "Error displaying widget" not in visible_text(out)


def test_an_untrusted_saved_lesson_shows_its_sentence_and_picture(lab, tmp_path):
    name = "saved-lesson-untrusted.ipynb"
    save_run_lesson(lab, lab.new_page(), name)
    # changed outside Jupyter (its signature no longer matches): untrusted
    path = lab.root / name
    path.write_text(path.read_text().replace('"metadata": {}', '"metadata": {"x": 1}', 1))
    with reopened(lab, name) as (page, out):
        time.sleep(1.0)
        assert out.locator(WIDGET_OUTPUT).count() == 0     # the view is not drawn
        text = visible_text(out)
        assert "Error displaying widget" not in text
        assert "plays here" in text and "Shift+Enter" in text
        shown = still_shown(out)
        assert shown is not None and shown[0] == ["dw-light"], shown
        page.screenshot(path=str(tmp_path / "saved-untrusted.png"))


BOARD_SOURCE = ("from dendria_widget import BoardWidget, Game\n"
                "g = Game('dendria-classic', size=5)\ng.play('plant c3', 'end')\nBoardWidget(g)")


def test_a_trusted_saved_board_shows_its_picture_with_a_new_kernel(lab, lab_env, tmp_path):
    # the plain board leaves its picture as the lesson does (widget/still.py);
    # opened at HiDPI (device scale 2), where the picture (SVG) stays sharp
    name = "saved-board-trusted.ipynb"
    save_run_lesson(lab, lab.new_page(), name, BOARD_SOURCE, ".dendria-board-widget canvas")
    trust(lab, lab_env, name)
    with reopened(lab, name, {"device_scale_factor": 2}) as (page, out):
        text = trusted_picture_text(page, out)
        assert "run this cell (Shift+Enter)" in text
        img = out.locator(".dendria-still img.dw-light")
        assert img.get_attribute("src").startswith("data:image/svg+xml,")
        box = img.bounding_box()
        assert box["width"] > 300 and box["height"] > 300
        page.screenshot(path=str(tmp_path / "saved-board-trusted-hidpi.png"))

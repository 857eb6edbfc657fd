"""A drill in a real browser (JupyterLab, headless Chromium, 1280x720): the
first drill of lessons 02 and 09 (a drill about the whole board, its
scores filled by the engine), its help in stages (the rule, then the part of the board,
then the solution), a wrong answer told the rule it missed, and the
*Another position* button after the solution, in the light and the dark
theme. The screenshots are kept beside the test's temporary folder."""

import json
import time

import pytest

from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

#: The notebooks whose first drill is played (the classic edition's first,
#: and a drill about the whole board; two, for the suite's time).
NOTEBOOKS = ("02_roots.ipynb", "09_scoring.ipynb")


def _verdict(out, wanted, timeout=10):
    verdict = out.locator(".dendria-verdict")
    deadline = time.monotonic() + timeout
    while wanted not in verdict.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    return verdict.inner_text()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_drill_with_its_help_a_wrong_answer_and_another_position(lab, page, tmp_path,
                                                                    notebook):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, notebook, timeout=120)
    lab.kernel_exec(page, "lw = next(v for v in Out.values() "
                          "if type(v).__name__ == 'LessonWidget')")
    first = lab.kernel_literal(page, "next(i for i, p in enumerate(lw.lesson.pages) "
                                     "if getattr(p, 'idea', ''))")
    lab.kernel_exec(page, f"lw.go({first})")
    lab.wait_for_kernel(page, f"lw.page_index == {first}")
    cells = json.loads((lab.root / notebook).read_text())["cells"]
    cell = next(k for k, c in enumerate(cells) if c["cell_type"] == "code")
    out = lab.output_locator(page, cell).first
    assert "level 1 of" in out.inner_text()
    out.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "drill-light.png"))

    # help, stage 1: the rule (no cell of the answer)
    out.get_by_role("button", name="Hint").click()
    hint = lab.kernel_literal(page, "lw.page.hint")
    assert hint[:30] in _verdict(out, hint[:30])
    page.screenshot(path=str(tmp_path / "hint-1-light.png"))
    # stage 2: the part of the board, marked
    out.get_by_role("button", name="Where to look").click()
    assert "cells marked" in _verdict(out, "cells marked")
    page.screenshot(path=str(tmp_path / "hint-2-light.png"))
    with jupyterlab_dark(page):
        page.screenshot(path=str(tmp_path / "hint-2-dark.png"))

    # a wrong answer: told the rule it missed, not the answer's cells
    wrong = lab.kernel_literal(page, "lw.page.wrong[0]")
    lab.kernel_exec(page, "lw.retry()\nfor s in lw.page.wrong[0]:\n    lw._answer(s)")
    out.get_by_role("button", name="Check").click()
    lab.wait_for_kernel(page, "lw.verdict is not None and lw.verdict.ok is False")
    text = _verdict(out, "Not yet")
    assert "Not yet" in text, (wrong, text)
    answer = [s.split()[1] for s in lab.kernel_literal(page, "lw.page.solution")
              if s.split()[0] in ("plant", "place", "slide")]
    assert not any(c in text.split() for c in answer if c not in " ".join(wrong))
    page.screenshot(path=str(tmp_path / "wrong-light.png"))
    with jupyterlab_dark(page):
        page.screenshot(path=str(tmp_path / "wrong-dark.png"))

    # stage 3: the solution, then another position of the same idea
    out.get_by_role("button", name="Show solution").click()
    lab.wait_for_kernel(page, "lw.verdict is not None and lw.verdict.ok", timeout=30)
    another = out.get_by_role("button", name="Another position")
    another.wait_for(state="visible")
    page.screenshot(path=str(tmp_path / "solution-light.png"))
    another.click()
    lab.wait_for_kernel(page, f"lw.page_index == {first + 1}")
    assert "level 2 of" in out.inner_text()
    with jupyterlab_dark(page):
        page.screenshot(path=str(tmp_path / "another-dark.png"))
    print("screenshots in", tmp_path)

"""Rewritten lesson pages in a real browser (JupyterLab, headless Chromium,
1280x720): the sprites edition's power lesson (lesson 11 since the lessons
were numbered 01..N) shows its numbers as the engine filled them, in the
title, the text and the hint, light and dark. The screenshots are kept
beside the test's temporary folder."""

import json
import re

import pytest

from .test_lesson_browser import jupyterlab_dark

pytestmark = pytest.mark.browser

NOTEBOOK = "11_sprites_power.ipynb"


def test_pages_show_the_engines_numbers(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 720})
    lab.open_notebook(page, NOTEBOOK, timeout=120)
    lab.kernel_exec(page, "lw = next(v for v in Out.values() "
                          "if type(v).__name__ == 'LessonWidget')")
    cells = json.loads((lab.root / NOTEBOOK).read_text())["cells"]
    cell = next(k for k, c in enumerate(cells) if c["cell_type"] == "code")
    out = lab.output_locator(page, cell).first
    for title, name in (("The power rule", "power-rule"), ("Downhill", "downhill")):
        k = lab.kernel_literal(page, f"next(i for i, p in enumerate(lw.lesson.pages) "
                                     f"if p.title == {title!r})")
        lab.kernel_exec(page, f"lw.go({k})")
        lab.wait_for_kernel(page, f"lw.page_index == {k}")
        text = lab.kernel_literal(page, "lw.page.text")
        shown = out.inner_text()
        first = re.sub(r"\*+", "", text.split(".")[0])     # (the markdown, as shown)
        assert title in shown and first in " ".join(shown.split()), (first, shown)
        if name == "power-rule":
            # the exception is stated with the rule, and where it is shown
            number = lab.kernel_literal(page, "__import__('dendria_widget.lessons.facts', "
                                              "fromlist=['x']).lesson_number("
                                              "'sprites_protection')")
            assert f"lesson {number} shows it" in " ".join(shown.split())
        else:
            out.get_by_role("button", name="Hint").click()
            hint = lab.kernel_literal(page, "lw.page.hint")
            page.wait_for_function("(h) => document.body.innerText.includes(h)",
                                   arg=hint[:40])
        out.locator("h4").first.scroll_into_view_if_needed()     # the page's title
        page.screenshot(path=str(tmp_path / f"{name}-light.png"))
        with jupyterlab_dark(page):
            page.screenshot(path=str(tmp_path / f"{name}-dark.png"))
    print("screenshots in", tmp_path)

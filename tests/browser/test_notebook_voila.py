"""The board in the other front ends people use: Notebook 7 and Voila (the
notebook as an app, code hidden). A smoke test each: the board draws and a
click on a cell (at its ``cell_center``) plays the step, as the move list
shows. Neither page exposes ``window.jupyterapp``: they are driven through
the page (tests/browser/dom.py)."""

import json
import os
import re
import sys
import time
import uuid
from contextlib import contextmanager

import pytest

from .dom import DomNotebook, ServerProcess, click_board, move_list, wait_pixel
from .lab import LabError

pytestmark = pytest.mark.browser

CELLS = [
    ("from dendria_widget import BoardWidget, Game\n"
     "game = Game('dendria-classic', size=5)\n"
     "w = BoardWidget(game, width=420)\n"
     "w"),
    ("import json\n"
     "print('@@' + json.dumps([w.cell_center('c3'), w.theme.cell, w.theme.piece_fill[0]]) + '@@')"),
]


def write_notebook(folder, name="board.ipynb", cells=None):
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "cells": [{"cell_type": "code", "id": f"c{k}", "metadata": {}, "outputs": [],
                     "execution_count": None, "source": src}
                    for k, src in enumerate(CELLS if cells is None else cells)]}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(nb))
    return name


def facts(text):
    found = re.search(r"@@(.*?)@@", text, re.DOTALL)
    assert found, f"no board facts printed in {text[:500]!r}"
    return json.loads(found.group(1))


def click_plays_c3(page, scope, text_of_facts):
    """The board in ``scope`` draws, and a click on c3 plants there."""
    (x, y), cell_fill, dark_fill = facts(text_of_facts())
    canvas = scope.locator("canvas").first
    wait_pixel(canvas, x, y, cell_fill, timeout=60)            # the board is drawn
    click_board(canvas, x, y)
    deadline = time.monotonic() + 30
    while not any("plant c3" in t for t in move_list(scope)):
        if time.monotonic() > deadline:
            raise LabError(f"the move list does not show plant c3: {move_list(scope)}")
        time.sleep(0.2)
    wait_pixel(canvas, x, y, dark_fill)                         # and the seed is drawn


@pytest.fixture
def fresh_page(lab_browser):
    context = lab_browser.new_context(viewport={"width": 1280, "height": 900},
                                      device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def _server(cmd, root, lab_env, tmp_path, ready_path):
    server = ServerProcess(cmd, root, lab_env, tmp_path / "server.log", ready_path)
    try:
        server.start(timeout=90)
    except LabError as exc:
        server.stop()
        pytest.fail(str(exc), pytrace=False)
    return server


@contextmanager
def notebook_7(root, name, lab_env, page, tmp_path):
    """Notebook 7 serving ``root``, the notebook ``name`` open in ``page``
    and run: its :class:`DomNotebook`; the server stopped after."""
    token = uuid.uuid4().hex
    server = _server([sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1",
                      "--port={port}", "--ServerApp.port_retries=0",
                      f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                      "--ServerApp.log_level=WARN",
                      *(["--allow-root"] if os.geteuid() == 0 else [])], root, lab_env, tmp_path,
                     f"/api/status?token={token}")
    try:
        page.goto(f"{server.url}/notebooks/{name}?token={token}",
                  wait_until="domcontentloaded")
        nb = DomNotebook(page, name)
        nb.run_all(timeout=120)
        yield nb
    finally:
        server.stop()


@contextmanager
def voila(root, name, lab_env, page, tmp_path, shown="@@", timeout=90,
          failure="showed no board facts"):
    """Voila running the notebook ``name`` of ``root`` in ``page``, once the
    page shows ``shown`` (else a LabError: "Voila ``failure``"): the page's
    body; the server stopped after."""
    server = _server([sys.executable, "-m", "voila", name, "--no-browser",
                      "--Voila.ip=127.0.0.1", "--port={port}", "--Voila.port_retries=0",
                      "--show_tracebacks=True"], root, lab_env, tmp_path,
                     "/voila/static/none")
    try:
        page.goto(server.url + "/", wait_until="domcontentloaded")
        body = page.locator("body")
        deadline = time.monotonic() + timeout
        while shown not in body.inner_text():               # Voila runs the notebook
            if time.monotonic() > deadline:
                raise LabError(f"Voila {failure}:\n{server.log_tail()}")
            time.sleep(0.3)
        yield body
    finally:
        server.stop()


def test_the_board_in_notebook_7(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    page = fresh_page
    with notebook_7(root, write_notebook(root), lab_env, page, tmp_path) as nb:
        click_plays_c3(page, nb.output(0), lambda: nb.output(1).inner_text())
        # the board's picture (widget/still.py) is there, hidden while the board lives
        assert page.locator(".dendria-still").count() == 1
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")


def test_the_board_in_voila(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    page = fresh_page
    with voila(root, write_notebook(root), lab_env, page, tmp_path) as body:
        assert "Traceback" not in body.inner_text()
        click_plays_c3(page, body, lambda: body.inner_text())
        # the board's picture (widget/still.py) is there, hidden while the board lives
        assert page.locator(".dendria-still").count() == 1
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")


def test_a_lesson_in_voila_shows_the_live_lesson_not_its_picture(lab_env, fresh_page,
                                                                 tmp_path):
    # the lesson's cell has two outputs: the live lesson, and its still
    # picture for a saved notebook; in Voila the lesson lives, so the
    # picture stays hidden (and no widget error shows)
    root = tmp_path / "root"
    cells = ['from dendria_widget import lessons\nlessons.LessonWidget("02_roots")',
             "print('@@' + 'lesson shown' + '@@')"]
    name = write_notebook(root, "lesson.ipynb", cells)
    page = fresh_page
    with voila(root, name, lab_env, page, tmp_path, "@@lesson shown@@", 120,
               "did not run the lesson") as body:
        page.locator(".dendria-lesson canvas").first.wait_for(timeout=60_000)
        time.sleep(0.5)
        assert page.locator(".dendria-still").count() == 1        # there, hidden
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")
        text = body.inner_text()
        assert "Error displaying widget" not in text and "Traceback" not in text
        assert "Run this cell" not in text
        page.screenshot(path=str(tmp_path / "voila-lesson.png"))


TRAINER_CELLS = [
    ("import os, tempfile\n"
     "os.environ['DENDRIA_WIDGET_HOME'] = tempfile.mkdtemp()   # a fresh learner\n"
     "from dendria_widget import puzzles\n"
     "t = puzzles.Trainer(editions=['hedu'], goal='prisoners')\n"
     "t"),
    ("import json\n"
     "_step = t.session.puzzle.solutions[0][0]\n"
     "_cell = _step.split()[1]\n"
     "print('@@' + json.dumps([t.board.cell_center(_cell), t.board.theme.cell, _step]) + '@@')"),
]


def solve_the_puzzle(page, scope, text_of_facts, tmp_path, name):
    """The trainer in ``scope`` draws; a click on the answer's cell and
    Check: the verdict says Right and the streak is 1."""
    (x, y), cell_fill, step = facts(text_of_facts())
    trainer = scope.locator(".dendria-puzzles").first
    canvas = trainer.locator("canvas").first
    wait_pixel(canvas, x, y, cell_fill, timeout=60)
    click_board(canvas, x, y)
    # the kernel has played the click (its move list shows the step) before Check
    deadline = time.monotonic() + 30
    while not any(step in t for t in move_list(trainer)):
        if time.monotonic() > deadline:
            raise LabError(f"the move list does not show {step}: {move_list(trainer)}")
        time.sleep(0.2)
    trainer.locator("button", has_text="Check").first.click()
    deadline = time.monotonic() + 30
    while "Right!" not in scope.locator(".dendria-puzzles").first.inner_text():
        if time.monotonic() > deadline:
            raise LabError("no verdict: "
                           + scope.locator(".dendria-puzzles").first.inner_text()[:500])
        time.sleep(0.2)
    text = " ".join(scope.locator(".dendria-puzzles").first.inner_text().split())
    assert "streak 1" in text and "Traceback" not in text
    page.screenshot(path=str(tmp_path / f"{name}.png"))


def test_a_puzzle_solved_in_notebook_7(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    name = write_notebook(root, "trainer.ipynb", TRAINER_CELLS)
    page = fresh_page
    with notebook_7(root, name, lab_env, page, tmp_path) as nb:
        solve_the_puzzle(page, nb.output(0), lambda: nb.output(1).inner_text(), tmp_path,
                         "notebook7-trainer")


def test_a_puzzle_solved_in_voila(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    name = write_notebook(root, "trainer.ipynb", TRAINER_CELLS)
    page = fresh_page
    with voila(root, name, lab_env, page, tmp_path, failure="showed no trainer") as body:
        solve_the_puzzle(page, body, lambda: body.inner_text(), tmp_path, "voila-trainer")

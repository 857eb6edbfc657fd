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


def test_the_board_in_notebook_7(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    name = write_notebook(root)
    token = uuid.uuid4().hex
    server = _server([sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1",
                      "--port={port}", "--ServerApp.port_retries=0",
                      f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                      "--ServerApp.log_level=WARN",
                      *(["--allow-root"] if os.geteuid() == 0 else [])], root, lab_env, tmp_path,
                     f"/api/status?token={token}")
    try:
        page = fresh_page
        page.goto(f"{server.url}/notebooks/{name}?token={token}",
                  wait_until="domcontentloaded")
        nb = DomNotebook(page, name)
        nb.run_all(timeout=120)
        click_plays_c3(page, nb.output(0), lambda: nb.output(1).inner_text())
        # the board's picture (widget/still.py) is there, hidden while the board lives
        assert page.locator(".dendria-still").count() == 1
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")
    finally:
        server.stop()


def test_the_board_in_voila(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    name = write_notebook(root)
    server = _server([sys.executable, "-m", "voila", name, "--no-browser",
                      "--Voila.ip=127.0.0.1", "--port={port}", "--Voila.port_retries=0",
                      "--show_tracebacks=True"], root, lab_env, tmp_path,
                     "/voila/static/none")
    try:
        page = fresh_page
        page.goto(server.url + "/", wait_until="domcontentloaded")
        body = page.locator("body")
        deadline = time.monotonic() + 90
        while "@@" not in body.inner_text():               # Voila runs the notebook
            if time.monotonic() > deadline:
                raise LabError(f"Voila showed no board facts:\n{server.log_tail()}")
            time.sleep(0.3)
        assert "Traceback" not in body.inner_text()
        click_plays_c3(page, body, lambda: body.inner_text())
        # the board's picture (widget/still.py) is there, hidden while the board lives
        assert page.locator(".dendria-still").count() == 1
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")
    finally:
        server.stop()


def test_a_lesson_in_voila_shows_the_live_lesson_not_its_picture(lab_env, fresh_page,
                                                                 tmp_path):
    # the lesson's cell has two outputs: the live lesson, and its still
    # picture for a saved notebook; in Voila the lesson lives, so the
    # picture stays hidden (and no widget error shows)
    root = tmp_path / "root"
    root.mkdir(parents=True)
    cells = ['from dendria_widget import lessons\nlessons.LessonWidget("02_roots")',
             "print('@@' + 'lesson shown' + '@@')"]
    nb = {"nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "cells": [{"cell_type": "code", "id": f"c{k}", "metadata": {}, "outputs": [],
                     "execution_count": None, "source": src} for k, src in enumerate(cells)]}
    (root / "lesson.ipynb").write_text(json.dumps(nb))
    server = _server([sys.executable, "-m", "voila", "lesson.ipynb", "--no-browser",
                      "--Voila.ip=127.0.0.1", "--port={port}", "--Voila.port_retries=0",
                      "--show_tracebacks=True"], root, lab_env, tmp_path,
                     "/voila/static/none")
    try:
        page = fresh_page
        page.goto(server.url + "/", wait_until="domcontentloaded")
        body = page.locator("body")
        deadline = time.monotonic() + 120
        while "@@lesson shown@@" not in body.inner_text():
            if time.monotonic() > deadline:
                raise LabError(f"Voila did not run the lesson:\n{server.log_tail()}")
            time.sleep(0.3)
        page.locator(".dendria-lesson canvas").first.wait_for(timeout=60_000)
        time.sleep(0.5)
        assert page.locator(".dendria-still").count() == 1        # there, hidden
        assert page.locator(".dendria-still").evaluate("(e) => e.offsetParent === null")
        text = body.inner_text()
        assert "Error displaying widget" not in text and "Traceback" not in text
        assert "Run this cell" not in text
        page.screenshot(path=str(tmp_path / "voila-lesson.png"))
    finally:
        server.stop()


TRAINER_CELLS = [
    ("import os, tempfile\n"
     "os.environ['DENDRIA_WIDGET_HOME'] = tempfile.mkdtemp()   # a fresh learner\n"
     "from dendria_widget import puzzles\n"
     "t = puzzles.Trainer(editions=['hedu'], goal='prisoners')\n"
     "t"),
    ("import json\n"
     "_cell = t.session.puzzle.solutions[0][0].split()[1]\n"
     "print('@@' + json.dumps([t.board.cell_center(_cell), t.board.theme.cell]) + '@@')"),
]


def solve_the_puzzle(page, scope, text_of_facts, tmp_path, name):
    """The trainer in ``scope`` draws; a click on the answer's cell and
    Check: the verdict says Right and the streak is 1."""
    (x, y), cell_fill = facts(text_of_facts())
    canvas = scope.locator(".dendria-puzzles canvas").first
    wait_pixel(canvas, x, y, cell_fill, timeout=60)
    click_board(canvas, x, y)
    time.sleep(0.5)
    scope.locator(".dendria-puzzles button", has_text="Check").first.click()
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
    token = uuid.uuid4().hex
    server = _server([sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1",
                      "--port={port}", "--ServerApp.port_retries=0",
                      f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                      "--ServerApp.log_level=WARN",
                      *(["--allow-root"] if os.geteuid() == 0 else [])], root, lab_env, tmp_path,
                     f"/api/status?token={token}")
    try:
        page = fresh_page
        page.goto(f"{server.url}/notebooks/{name}?token={token}",
                  wait_until="domcontentloaded")
        nb = DomNotebook(page, name)
        nb.run_all(timeout=120)
        solve_the_puzzle(page, nb.output(0), lambda: nb.output(1).inner_text(), tmp_path,
                         "notebook7-trainer")
    finally:
        server.stop()


def test_a_puzzle_solved_in_voila(lab_env, fresh_page, tmp_path):
    root = tmp_path / "root"
    name = write_notebook(root, "trainer.ipynb", TRAINER_CELLS)
    server = _server([sys.executable, "-m", "voila", name, "--no-browser",
                      "--Voila.ip=127.0.0.1", "--port={port}", "--Voila.port_retries=0",
                      "--show_tracebacks=True"], root, lab_env, tmp_path,
                     "/voila/static/none")
    try:
        page = fresh_page
        page.goto(server.url + "/", wait_until="domcontentloaded")
        body = page.locator("body")
        deadline = time.monotonic() + 90
        while "@@" not in body.inner_text():
            if time.monotonic() > deadline:
                raise LabError(f"Voila showed no trainer:\n{server.log_tail()}")
            time.sleep(0.3)
        solve_the_puzzle(page, body, lambda: body.inner_text(), tmp_path, "voila-trainer")
    finally:
        server.stop()

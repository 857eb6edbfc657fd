"""The classroom site (scripts/build_site.sh): JupyterLite, Python on
Pyodide in the browser, nothing installed. The site is built (its downloads
are cached), served on 127.0.0.1 by a static web server, and two lessons are
run in headless Chromium as a student would: the Run menu, clicks on the
board, the Players tab and an exercise's Check. JupyterLite has no
``window.jupyterapp``: everything goes through the page (tests/browser/dom.py).
"""

import hashlib
import json
import re
import subprocess
import time
import zipfile
from pathlib import Path

import pytest

from .dom import DomNotebook, click_board, move_list, pictures_shown, serve_folder, wait_pixel
from .lab import LabError

pytestmark = pytest.mark.browser
REPO_ROOT = Path(__file__).resolve().parents[2]


#: every answer the site's server sent: (path, status, bytes)
SERVED: list[tuple[str, int, int]] = []
#: the site's files that make up the runtime (Python and its packages, the
#: wheels, JupyterLab's scripts)
RUNTIME = ("/static/", "/pypi/", "/build/", "/extensions/")


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The built site's folder and its URL on a static server (which notes
    every answer it sends in SERVED)."""
    out = tmp_path_factory.mktemp("site") / "site"
    done = subprocess.run(["bash", str(REPO_ROOT / "scripts" / "build_site.sh"), str(out)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=900, check=False)
    if done.returncode != 0:
        pytest.fail(f"the site did not build:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}",
                    pytrace=False)
    server, url = serve_folder(out, SERVED)
    yield out, url
    server.shutdown()


@pytest.fixture
def lite_page(lab_browser, request, tmp_path):
    context = lab_browser.new_context(viewport={"width": 1280, "height": 900},
                                      device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    console = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    yield page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            page.screenshot(path=str(tmp_path / "site-on-failure.png"), timeout=10_000)
            print(f"screenshot of the page: {tmp_path / 'site-on-failure.png'}")
        except Exception as exc:  # noqa: BLE001 - best effort
            print(f"(no screenshot: {exc})")
        print("browser console:\n  " + "\n  ".join(console[-30:]))
    context.close()


def _norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def open_lesson(page, url, name):
    page.goto(f"{url}/lab/index.html?path=tutorials/{name}", wait_until="domcontentloaded")
    nb = DomNotebook(page, name)
    nb.wait_shown()
    return nb


def wait_for(predicate, what, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise LabError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.2)


def test_the_site_is_complete_and_checked(site):
    out, _ = site
    info = json.loads((out / "site-build.json").read_text())
    assert info["megabytes"] < 60
    assert "checked against the official pyodide-lock.json" in info["pyodide_packages"]
    assert any(w.startswith("dendria_widget-") and w.endswith("-py3-none-any.whl")
               for w in info["wheels"])
    assert "index.ipynb" in info["tutorials"] and len(info["tutorials"]) >= 10
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    # the kernel starts with what a lesson imports, every file from the
    # site's lock, as its sha256 says: nothing resolved or installed after
    options = kernel["loadPyodideOptions"]
    assert {"piplite", "pyodide_kernel", "ipython", "ipycanvas", "dendria-widget"} <= set(
        options["packages"])
    lock_path = out / options["lockFileURL"]
    lock = json.loads(lock_path.read_text())
    assert lock["info"]["version"] == info["pyodide"]
    names = {_norm(n) for n in lock["packages"]}
    assert {_norm(n) for n in options["packages"]} <= names
    for entry in lock["packages"].values():
        assert {_norm(d) for d in entry["depends"]} <= names, entry
        data = (lock_path.parent / entry["file_name"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["file_name"]
    # the site's copy of this package leaves out what a lesson never uses
    ours = lock["packages"]["dendria-widget"]
    with zipfile.ZipFile(lock_path.parent / ours["file_name"]) as z:
        inside = z.namelist()
    assert "dendria_widget/lessons/__init__.py" in inside
    assert not [n for n in inside if n.startswith(("dendria_widget/_bundled/",
                                                   "dendria_widget/_native_src/"))]
    assert {e["name"] for e in config["federated_extensions"]} >= {
        "ipycanvas", "@jupyter-widgets/jupyterlab-manager"}
    assert not list(out.rglob("*.map"))
    # every tutorial starts with the guarded install cell, and none has run
    for name in info["tutorials"]:
        nb = json.loads((out / "files" / "tutorials" / name).read_text())
        first = "".join(nb["cells"][0]["source"])
        assert 'sys.platform == "emscripten"' in first and "piplite.install" in first
        assert all(c["execution_count"] is None for c in nb["cells"]
                   if c["cell_type"] == "code")
    # the first page opens the tutorials' index
    assert "lab/index.html?path=tutorials/index.ipynb" in (out / "index.html").read_text()


def test_lesson_00_in_the_browser_click_and_computer_player(site, lite_page, tmp_path):
    _, url = site
    page = lite_page
    nb = open_lesson(page, url, "00_start_here.ipynb")
    nb.run_all(timeout=240)                      # installs the package, then the lesson

    # the lesson's board draws: the dark seed of c3, and an empty cell
    board_cell = next(c["index"] for c in nb.cells()
                      if "BoardWidget(game)" in c["source"])
    facts = nb.ask("[board.cell_center('c3'), board.theme.piece_fill[0], board.theme.cell, "
                   "[(s.arg, board.cell_center(s.arg)) for s in game.legal_steps() "
                   "if s.verb == 'plant'][0]]")
    (c3x, c3y), dark_fill, cell_fill, (target, (tx, ty)) = facts
    canvas = nb.output(board_cell).locator("canvas").first
    wait_pixel(canvas, c3x, c3y, dark_fill)
    wait_pixel(canvas, tx, ty, cell_fill)

    # a click on a cell plays the step: the move list says so, and the kernel
    click_board(canvas, tx, ty)
    output = nb.output(board_cell)
    wait_for(lambda: any(f"plant {target}" in t for t in move_list(output)),
             f"the move list shows plant {target}")
    assert f"plant {target}" in nb.ask("[str(s) for s in game.steps[-2:]]")  # (then "end")

    # the Players tab: a computer player for Light answers Dark's opening
    # seed (on the event loop: no thread can start in the browser)
    index = nb.append_cell("w = BoardWidget(Game('dendria-classic', size=5))\nw")
    out = nb.output(index)
    out.locator(".lm-TabBar-tab", has_text="Players").click()
    pickers = out.locator(".widget-dropdown select:visible")
    pickers.nth(1).select_option(label="Random")
    (wx, wy), fill = nb.ask("[w.cell_center('c3'), w.theme.piece_fill[0]]")
    w_canvas = out.locator("canvas").first
    click_board(w_canvas, wx, wy)
    wait_pixel(w_canvas, wx, wy, fill)
    wait_for(lambda: "played" in out.locator(".dendria-players-message").inner_text(),
             "the computer player's turn")
    played = nb.ask("[w.players_panel.turns_played, w.game.to_move, "
                    "[str(s) for s in w.game.steps], __import__('sys').platform]")
    turns, to_move, steps, platform = played
    assert platform == "emscripten" and turns == 1 and to_move == "dark"
    assert steps[0] == "plant c3" and len(steps) >= 2
    out.locator(".lm-TabBar-tab", has_text="Moves").click()
    listed = " ".join(move_list(out))
    assert all(s in listed for s in steps), (steps, listed)
    page.screenshot(path=str(tmp_path / "lesson-00.png"))


def test_a_rule_lesson_in_the_browser_and_an_exercise_check(site, lite_page):
    _, url = site
    page = lite_page
    nb = open_lesson(page, url, "02_roots.ipynb")
    nb.run_all(timeout=240)
    index = nb.append_cell(
        "from dendria_widget import lessons\n"
        "lw = lessons.LessonWidget(lessons.load('02_roots'))\n"
        "lw")
    out = nb.output(index)
    # its first exercise, as the page's navigation would show it
    nb.append_cell("lw.go(next(k for k in range(len(lw.lesson)) "
                   "if lw.lesson.page(k).is_exercise))")
    (x, y), cell_fill = nb.ask(
        "(lambda b: [(b.cell_center(c), b.theme.cell) for c in "
        "b.game.board.names(b.game.board.plots) "
        "if c not in b.game.pieces][0])(lw.board)")
    wait_pixel(out.locator("canvas").first, x, y, cell_fill)     # the exercise's board draws
    out.locator("button", has_text="Check").click()
    verdict = out.locator(".dendria-verdict")
    verdict.wait_for(state="visible")
    ok, message = nb.ask("[lw.verdict.ok, lw.verdict.message]")
    assert ok is False                           # nothing done yet: not solved
    assert verdict.inner_text().startswith("Not yet.") and message in verdict.inner_text()
    # the lesson started without what it does not use (the site's copies of
    # IPython, ipycanvas, numpy and Pillow), and each part loads when asked:
    # numpy's random and Pillow's compiled modules, IPython's terminal
    assert nb.ask("sorted(m for m in ('prompt_toolkit', 'PIL', 'PIL._imaging', "
                  "'numpy.random') if m in __import__('sys').modules)") == []
    assert nb.ask("int(__import__('numpy').random.default_rng(7).integers(3, 4))") == 3
    assert nb.ask(r"__import__('dendria_widget.render.png', fromlist=['x']).scene_to_png("
                  r"lw.board.export_scene())[:4] == b'\x89PNG'") is True
    assert nb.ask("callable(__import__('IPython').embed)") is True
    # IPython's history started without SQLite (the site's copies of IPython
    # and sqlite3), which loads, compiled module and all, when a database is used
    assert nb.ask("sorted(m for m in ('sqlite3', '_sqlite3') "
                  "if m in __import__('sys').modules)") == []
    assert nb.ask("type(get_ipython().history_manager.db).__name__") == "DummyDB"
    assert nb.ask("__import__('sqlite3').connect(':memory:')"
                  ".execute('select 40 + 2').fetchone()[0]") == 40 + 2
    assert nb.ask("__import__('_sqlite3').__file__.endswith('.lazy')") is True
    assert nb.ask("__import__('IPython').core.history.HistoryAccessor("
                  "hist_file=':memory:').db.execute('select 1').fetchone()[0]") == 1
    # nor stack_data (with executing) and Pygments' formatters, which IPython
    # imports when it shows a traceback
    shown = ("sorted(m for m in ('stack_data', 'executing', 'pygments.formatters') "
             "if m in __import__('sys').modules)")
    assert nb.ask(shown) == []
    assert nb.ask("(lambda ns: (exec('def f():\\n    return 1 / 0\\ntry:\\n    f()\\n"
                  "except ZeroDivisionError:\\n    import sys\\n    e = sys.exc_info()', ns), "
                  "get_ipython().InteractiveTB.text(*ns['e']))[1])({})").count(
                      "ZeroDivisionError") >= 1
    assert {"executing", "stack_data"} <= set(nb.ask(shown))


def test_a_lessons_saved_pictures_follow_the_dark_theme_before_anything_runs(site, lite_page):
    """The site's lessons are trusted: JupyterLite keeps the style of their
    saved pictures, which turn dark when the student picks JupyterLab Dark,
    before any cell has run (no kernel is needed to read the pages)."""
    _, url = site
    page = lite_page
    open_lesson(page, url, "04_fertilization.ipynb")
    page.wait_for_selector(".dendria-picture img", state="attached")
    pictures = page.locator(".dendria-picture").count()
    assert pictures > 3 and pictures_shown(page) == ["dw-light"] * pictures
    page.locator("#jp-MainMenu").get_by_text("Settings", exact=True).click()
    page.locator(".lm-Menu").get_by_text("Theme", exact=True).hover()
    page.locator(".lm-Menu").get_by_text("JupyterLab Dark", exact=True).click()
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
    wait_for(lambda: pictures_shown(page) == ["dw-dark"] * pictures, "the dark pictures")


def _site_builder():
    import runpy

    return runpy.run_path(str(REPO_ROOT / "scripts" / "build_site.py"))


_JS_STREAMS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"]')]
    .map((e) => e.innerText)"""


_JS_OUTPUTS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')].map((e) => e.innerText)"""


def _words(text):
    return " ".join(text.split())


def test_every_saved_page_shows_its_text_as_printed(site, lite_page):
    """Before anything runs, a lesson shows the text its cells printed as
    they printed it (JupyterLite shows a text saved as a list of lines joined
    with commas: ', ,A seed whose...'). Every lesson the site holds has each
    text saved as one string; the browser shows the four that print the most
    (each page opened starts Python in the browser: all of them took over a
    minute of the suite)."""
    out, url = site
    page = lite_page
    every = {}
    for path in sorted((out / "files" / "tutorials").glob("*.ipynb")):
        saved = json.loads(path.read_text(encoding="utf-8"))
        for cell in saved["cells"]:
            assert isinstance(cell["source"], str), (path.name, cell["source"][:3])
            for o in cell.get("outputs", []):
                texts = [o["text"]] if "text" in o else list(o.get("data", {}).values())
                assert all(isinstance(t, (str, dict)) for t in texts), (path.name, o)
        every[path] = [_words(o["text"]) for c in saved["cells"]
                       for o in c.get("outputs", [])
                       if o["output_type"] == "stream" and o["name"] == "stdout"]
    assert len(every) >= 20
    checked = 0
    for path in sorted(every, key=lambda p: -len(every[p]))[:4]:
        printed = every[path]
        open_lesson(page, url, path.name)
        wait_for(lambda n=len(printed): len(page.evaluate(_JS_STREAMS)) == n,
                 f"{path.name}: its {len(printed)} printed outputs shown")
        shown = page.evaluate(_JS_STREAMS)
        for want, seen in zip(printed, shown):
            assert _words(seen) == want, (path.name, seen[:300])
        # and no text of any output (tables, results) has lines joined by commas
        for seen in page.evaluate(_JS_OUTPUTS):
            assert not any(line.lstrip().startswith(",") for line in seen.splitlines()), (
                path.name, seen[:300])
        checked += len(printed)
    assert checked > 20


def test_an_exercise_solved_in_lesson_02_is_kept_across_a_reload(site, lite_page, tmp_path):
    """Progress lives on the site's drive (the browser's storage): solved in
    lesson 02, it is still solved after a reload, in the lesson and in the
    index (another notebook, another Python), and the reload asks nothing."""
    _, url = site
    page = lite_page
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(f"{d.type}: {d.message}"), d.accept()))

    def saved():
        wait_for(lambda: page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0,
                 "the notebook saved by itself", 60)
    nb = open_lesson(page, url, "02_roots.ipynb")
    nb.wait_idle(300)                            # Python starts in the page
    nb.run_all(timeout=240)
    index = nb.append_cell(
        "from dendria_widget import lessons\n"
        "lw = lessons.LessonWidget(lessons.load('02_roots'))\n"
        "lw.go(next(k for k in range(len(lw.lesson)) if lw.lesson.page(k).is_exercise))\n"
        "for _s in lw.page.solution:\n"
        "    lw.board.play(_s)\n"
        "lw")
    out = nb.output(index)
    out.locator("button", has_text="Check").click()
    wait_for(lambda: "exercises solved: 1 of" in out.inner_text(), "the lesson counts it")
    title, where = nb.ask("[lw.page.title, str(lw.store.path)]")
    assert where == "/drive/.dendria-widget/progress.json"
    saved()                                      # the notebook saves itself

    page.reload(wait_until="domcontentloaded")
    nb = DomNotebook(page, "02_roots.ipynb")
    nb.wait_shown()
    assert "02_roots" in page.url                # the lesson again, not the Launcher
    nb.wait_idle(300)                            # Python starts again in the page
    nb.run_all(timeout=240)
    lesson_cell = next(c["index"] for c in nb.cells() if "LessonWidget(" in c["source"])
    lesson_out = nb.output(lesson_cell)
    wait_for(lambda: "exercises solved: 1 of" in lesson_out.inner_text(),
             "the lesson shows the exercise solved after the reload")
    nb.append_cell("from dendria_widget import lessons as _lessons")
    assert nb.ask("_lessons.Progress().solved(_lessons.load('02_roots'))") == [title]
    saved()

    nb = open_lesson(page, url, "index.ipynb")
    nb.run_all(timeout=240)
    table = page.locator(".dendria-progress-table").first
    table.wait_for(state="visible")
    row = table.locator("tr", has_text="02 ").first.inner_text()
    assert "1 of" in row, row
    assert dialogs == []                        # no "Leave site?" on the way
    page.screenshot(path=str(tmp_path / "index-after-reload.png"))


def _worker_list(out: Path, name: str):
    """A list the site's worker was built with (scripts/site_cache.js)."""
    text = (out / "service-worker.js").read_text(encoding="utf-8")
    found = re.search(rf"^const {name} = ([{{\[].*?[}}\]]);$", text, re.MULTILINE)
    assert found, f"the site's worker has no {name}"
    return json.loads(found.group(1))


def _fixed_files(out: Path) -> set[str]:
    """The paths (from the site's root) of the files the site's worker keeps
    by their hash: those that never change within a build."""
    return {"/" + path for path in _worker_list(out, "DENDRIA_FILES")}


def _pages(out: Path) -> list[str]:
    """The paths (under the site) of its other files: pages, settings,
    lessons, which the worker keeps once a lesson has loaded."""
    return _worker_list(out, "DENDRIA_PAGES")


def test_a_second_lesson_fetches_no_runtime_file_again(site, lite_page):
    """The site's service worker keeps the runtime (Python, its packages, the
    wheels, JupyterLab's scripts) in the browser: a second lesson asks the
    site for none of the runtime files the first visit fetched (the site's
    server counts what it sends). Files the worker fetches in the background
    for the first time, to hold the whole site, are not fetched again. (On a
    busy machine the first page loads some files before the worker is there,
    and the browser's memory may let them go before the worker copies them:
    the worker then fetches them once more, in the background; the test
    waits for that copy before it opens the second lesson.)"""
    out, url = site
    page = lite_page                             # a new browser context: nothing cached
    start = len(SERVED)
    nb = open_lesson(page, url, "01_board.ipynb")
    nb.run_all(timeout=240)
    # what the first page loaded before the site's worker was there is
    # copied into the site's cache in the background (scripts/site_cache.js):
    # the second lesson is opened once that copy is made, as a student's
    # second lesson is, minutes later
    fixed = _fixed_files(out)
    missing: list[str] = []

    def kept() -> bool:
        missing[:] = page.evaluate(_JS_KEPT, sorted(
            {path for path, _status, _size in SERVED[start:] if path in fixed}))
        return not missing

    try:
        wait_for(kept, "the site's cache holds the runtime files the first lesson fetched", 150)
    except LabError as exc:
        raise AssertionError(f"{exc}; not kept: {missing[:10]}") from exc
    first = len(SERVED)
    before = {path for path, _status, _size in SERVED[start:first]
              if path.startswith(RUNTIME)}
    assert before, "the first lesson fetched no runtime file"
    nb = open_lesson(page, url, "03_sprouting.ipynb")
    nb.run_all(timeout=240)
    assert nb.ask("__import__('sys').platform") == "emscripten"
    again = [(path, size) for path, _status, size in SERVED[first:]
             if path.startswith(RUNTIME) and path in before]
    assert again == [], again[:20]


def test_after_one_visit_a_lesson_opens_and_draws_with_no_network(site, lite_page):
    """A lesson visited once opens again with no network at all: the page,
    Python and its packages come from the site's cache in the browser, the
    kernel starts (with the package loaded: the install cell has nothing to
    do and says nothing) and the board draws."""
    _, url = site
    page = lite_page
    nb = open_lesson(page, url, "05_seedbeds.ipynb")
    nb.wait_idle(300)
    nb.run_all(timeout=240)
    page.wait_for_timeout(2000)                  # the site's cache keeps what the page loaded
    page.context.set_offline(True)
    try:
        again = page.context.new_page()
        again.set_default_timeout(30_000)
        page.close()
        nb = open_lesson(again, url, "05_seedbeds.ipynb")
        nb.wait_idle(300)                        # Python has started in the page, offline
        nb.run_all(timeout=240)                  # fails on any error output
        assert nb.output(0).inner_text().strip() == ""
        lesson_cell = next(c["index"] for c in nb.cells() if "LessonWidget(" in c["source"])
        board = nb.output(lesson_cell).locator("canvas").first
        board.wait_for(state="visible")
        assert nb.ask("[__import__('sys').platform, "
                      "'dendria_widget.lessons' in __import__('sys').modules]") == [
            "emscripten", True]
    finally:
        page.context.set_offline(False)


_JS_KEPT = """async (paths) => {
    const cache = await caches.open('dendria-site');
    const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
    return paths.filter((p) => !kept.has(new URL(p, location.href).pathname));
}"""


def test_after_one_visit_a_lesson_never_opened_opens_with_no_network(site, lite_page):
    """One lesson visited (Python started in the page): the site's cache then
    holds every lesson, so a lesson never opened opens with no network, its
    kernel starts with the package loaded, and its board draws."""
    out, url = site
    page = lite_page
    nb = open_lesson(page, url, "01_board.ipynb")
    nb.wait_idle(300)                            # Python has started in the page
    lessons = sorted(p.name for p in (out / "files" / "tutorials").glob("*.ipynb"))
    wanted = [f"{url}/files/tutorials/{name}" for name in lessons]
    assert set(wanted) <= {f"{url}/{path}" for path in _pages(out)}
    # every page the site's worker keeps (the lessons and the page that
    # opens them among them)
    wanted = [f"{url}/{path}" for path in _pages(out)]
    wait_for(lambda: page.evaluate(_JS_KEPT, wanted) == [],
             "the site's cache holds every lesson and page", 300)
    never = "06_capture.ipynb"
    assert never in lessons
    page.context.set_offline(True)
    try:
        again = page.context.new_page()
        again.set_default_timeout(30_000)
        page.close()
        nb = open_lesson(again, url, never)
        nb.wait_idle(300)                        # Python has started in the page, offline
        nb.run_all(timeout=240)                  # fails on any error output
        assert nb.output(0).inner_text().strip() == ""
        lesson_cell = next(c["index"] for c in nb.cells() if "LessonWidget(" in c["source"])
        nb.output(lesson_cell).locator("canvas").first.wait_for(state="visible")
        assert nb.ask("[__import__('sys').platform, "
                      "'dendria_widget.lessons' in __import__('sys').modules]") == [
            "emscripten", True]
    finally:
        page.context.set_offline(False)


def test_a_puzzle_solved_on_the_site_is_kept_across_a_reload(site, lite_page, tmp_path):
    """The puzzle trainer in the classroom (no threads, Python in the page):
    a Hedu puzzle solved by a click on its answer and Check; its rating and
    the solve are kept on the site's drive, and after a reload a new
    trainer starts from them."""
    _, url = site
    page = lite_page
    nb = open_lesson(page, url, "20_puzzles.ipynb")
    nb.wait_idle(300)                            # Python starts in the page
    nb.run_all(timeout=240)
    index = nb.append_cell("t = puzzles.Trainer(editions=['hedu'], goal='prisoners')\nt")
    out = nb.output(index)
    cell = nb.ask("t.session.puzzle.solutions[0][0].split()[1]")
    (x, y), fill = nb.ask(f"[t.board.cell_center({cell!r}), t.board.theme.cell]")
    canvas = out.locator("canvas").first
    wait_pixel(canvas, x, y, fill)                       # the puzzle's board draws
    click_board(canvas, x, y)
    wait_for(lambda: nb.ask(f"{cell!r} in t.board.game.pieces"), "the click placed a stack")
    out.locator("button", has_text="Check").click()
    wait_for(lambda: "Right!" in out.inner_text(), "the verdict")
    solved, rating, where = nb.ask("[t.session.puzzle.id, t.session.view().rating, "
                                   "str(t.session.store.path)]")
    assert where == "/drive/.dendria-widget/puzzles.json" and rating > 1500
    assert "streak 1" in " ".join(out.inner_text().split())
    page.screenshot(path=str(tmp_path / "site-puzzle-solved.png"))

    page.reload(wait_until="domcontentloaded")
    nb = DomNotebook(page, "20_puzzles.ipynb")
    nb.wait_shown()
    nb.wait_idle(300)
    nb.run_all(timeout=240)
    index = nb.append_cell("t2 = puzzles.Trainer(editions=['hedu'], goal='prisoners')\nt2")
    out = nb.output(index)
    wait_for(lambda: "solved 1" in " ".join(out.inner_text().split()),
             "the trainer shows the puzzle solved after the reload")
    kept = nb.ask("[t2.session.store.solved(), t2.session.view().rating, "
                  "t2.session.puzzle.id]")
    assert kept[0] == [solved] and kept[1] == rating and kept[2] != solved

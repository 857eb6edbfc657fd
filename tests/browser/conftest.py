"""Fixtures for the browser tests (marked ``browser``): ONE JupyterLab server
and ONE headless Chromium per test session, and one page that keeps
JupyterLab loaded from test to test (each test starts with no document open).

    def test_something(lab, page):
        lab.open_notebook(page, "x.ipynb", source_cells=["..."])

See tests/browser/lab.py for the helper API. A missing Chromium or Playwright
makes these tests fail (never skip): run scripts/test.sh, which installs both.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from .lab import (CHROMIUM, CHROMIUM_ARGS, DEFAULT_VIEWPORT, Lab, LabServer, copy_notebooks,
                  isolated_env)

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # Mark every test under tests/browser/ (before -m selection runs).
    # Run them last: Playwright's session keeps an event loop running in the
    # main thread, which would change how later tests see asyncio.
    browser = []
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            browser.append(item)
    if browser:
        chosen = set(map(id, browser))
        items[:] = [i for i in items if id(i) not in chosen] + browser


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


@pytest.fixture(scope="session")
def lab_notebooks_dir() -> Path:
    """The folder the server works on a copy of. Override to change it."""
    return REPO / "tutorials"


@pytest.fixture(scope="session")
def lab_env(tmp_path_factory) -> dict:
    """Environment with isolated Jupyter/IPython/XDG folders (server + browser)."""
    return isolated_env(tmp_path_factory.mktemp("lab-env"))


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory, lab_env, lab_notebooks_dir):
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        pytest.fail(
            "jupyterlab is not installed in this Python "
            f"({sys.executable}): run `python -m pip install -e '.[test]'` "
            "or scripts/test.sh",
            pytrace=False,
        )
    base = tmp_path_factory.mktemp("lab-server")
    root = copy_notebooks(lab_notebooks_dir, base / "root")
    server = LabServer(root, lab_env, base / "jupyterlab.log")
    try:
        server.start()
    except AssertionError as exc:
        server.stop()
        pytest.fail(f"could not start JupyterLab: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def lab_browser(lab_env, tmp_path_factory):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "the Python package `playwright` is not installed "
            f"({sys.executable}): run `python -m pip install -e '.[test]'` "
            "or scripts/test.sh (never `playwright install`: the tests use "
            "Debian's chromium)",
            pytrace=False,
        )
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's package with "
            "`apt-get install -y chromium` (scripts/test.sh does it)",
            pytrace=False,
        )
    env = dict(lab_env)
    env["HOME"] = str(tmp_path_factory.mktemp("browser-home"))
    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, env=env,
            timeout=60_000,
        )
    except Exception as exc:
        pw.stop()
        pytest.fail(f"could not launch {CHROMIUM} with Playwright: {exc}", pytrace=False)
    yield browser
    try:
        browser.close()
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def lab(lab_browser, lab_server) -> Lab:
    """The helper API (see tests/browser/lab.py)."""
    return Lab(lab_server, lab_browser)


@pytest.fixture(scope="session")
def _lab_pages(lab):
    """The page the ``page`` fixture hands out: ``[page]``, or ``[]`` until
    the first test asks (or after a failed test): closed at the end."""
    kept: list = []
    yield kept
    for page in kept:
        page.context.close()


@pytest.fixture
def page(lab, _lab_pages, request, tmp_path):
    """A page with default timeouts, the window at its default size and
    JupyterLab, once a test has loaded it, kept loaded from one test to the
    next (loading it again would take seconds of processor time): no
    document is open and no kernel runs when the test starts. After the
    test its documents are closed and its kernels shut down; on failure a
    screenshot of the page is saved, the browser console errors are printed
    and the page is closed (the next test gets a fresh one)."""
    if not _lab_pages:
        _lab_pages.append(lab.new_page())
    page = _lab_pages[0]
    page.set_viewport_size(dict(DEFAULT_VIEWPORT))
    page.mouse.move(0, 0)
    console: list[str] = []

    def on_console(m):
        if m.type in ("error", "warning"):
            console.append(f"{m.type}: {m.text}")

    def on_error(e):
        console.append(f"pageerror: {e}")

    page.on("console", on_console)
    page.on("pageerror", on_error)
    yield page
    page.remove_listener("console", on_console)
    page.remove_listener("pageerror", on_error)
    rep = getattr(request.node, "rep_call", None)
    failed = rep is not None and rep.failed
    try:
        if failed:
            shot = tmp_path / "page-on-failure.png"
            try:
                page.screenshot(path=str(shot), timeout=10_000)
                print(f"screenshot of the page: {shot}")
            except Exception as exc:  # noqa: BLE001 - best effort
                print(f"(no screenshot: {exc})")
            if console:
                print("browser console:\n  " + "\n  ".join(console[-30:]))
        else:
            try:
                lab.close_documents(page)
            except Exception as exc:  # noqa: BLE001 - then a fresh page for the next test
                print(f"(a fresh page for the next test: {exc})")
                failed = True
    finally:
        if failed:
            _lab_pages.clear()
            page.context.close()
        lab.server.shutdown_kernels()

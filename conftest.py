"""Every test run (tests/, the tutorial notebooks through nbval, and the
kernels and Jupyter servers they start) keeps the learner's progress in a
temporary folder, never in the real home: DENDRIA_WIDGET_HOME is set for
this process and everything it starts, and each test function gets a fresh
folder of its own (so no test sees what another one saved, whatever order
or worker runs them).

Tests run in parallel (scripts/test.sh: pytest-xdist workers for the tests
that are not browser tests, and the browser tests in a pytest of their own
beside them; see CONTRIBUTING.md). A tutorial notebook's cells share one
kernel, so the cells of one notebook always go to the same worker: with
``-n`` the distribution is ``loadgroup`` (which is ``load`` for every test
without an ``xdist_group`` mark), and every notebook is a group.
"""

import os
import shutil
import tempfile

import pytest

_HOME = tempfile.mkdtemp(prefix="dendria-widget-home-")


def pytest_configure(config):
    os.environ["DENDRIA_WIDGET_HOME"] = _HOME
    _notebook_kernels_start_outside_the_clone()


def _notebook_kernels_start_outside_the_clone():
    """nbval starts each notebook's kernel in the notebook's folder, and
    lesson 00 saves the learner's game in ``my_games`` beside it: a test run
    would write into tutorials/ while other workers copy that folder (the
    wheels, the site, the tutorials command). Start the kernels in a fresh
    folder of this run instead (no tutorial reads a file beside itself)."""
    try:
        from nbval import plugin
    except ImportError:  # no nbval: no notebook runs
        return
    started = plugin.RunningKernel
    if getattr(started, "outside_the_clone", False):
        return

    class RunningKernel(started):
        outside_the_clone = True

        def __init__(self, kernel_name, cwd=None, *args, **kwargs):
            super().__init__(kernel_name, tempfile.mkdtemp(prefix="notebook-", dir=_HOME),
                             *args, **kwargs)

    plugin.RunningKernel = RunningKernel


def pytest_unconfigure(config):
    shutil.rmtree(_HOME, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    # before pytest-xdist picks "load" for -n: "loadgroup" keeps each group
    # (a notebook's cells) on one worker and spreads everything else alike
    if getattr(config.option, "numprocesses", None) and getattr(
            config.option, "dist", None) in ("no", "load"):
        config.option.dist = "loadgroup"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # one notebook, one group (before pytest-xdist reads the marks)
    for item in items:
        if str(item.path).endswith(".ipynb"):
            item.add_marker(pytest.mark.xdist_group(f"notebook:{item.path.name}"))


@pytest.fixture(autouse=True)
def _own_progress_folder(monkeypatch):
    """This test's own DENDRIA_WIDGET_HOME (inside the run's folder)."""
    monkeypatch.setenv("DENDRIA_WIDGET_HOME", tempfile.mkdtemp(prefix="test-", dir=_HOME))

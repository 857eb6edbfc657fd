"""Every test run (tests/, the tutorial notebooks through nbval, and the
kernels and Jupyter servers they start) keeps the learner's progress in a
temporary folder, never in the real home: DENDRIA_WIDGET_HOME is set for
this process and everything it starts, and each test function gets a fresh
folder of its own (so no test sees what another one saved, whatever order
or worker runs them).

Tests run in parallel (scripts/test.sh: pytest-xdist workers for the tests
that are neither browser tests nor notebooks, and the browser tests and the
tutorial notebooks in a pytest of their own beside them; see
CONTRIBUTING.md). A tutorial notebook's cells share one kernel, so its cells
are marked ``notebook`` and never given to pytest-xdist's workers.
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


def _is_notebook_cell(item):
    return type(item).__module__.startswith("nbval") or str(item.path).endswith(".ipynb")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # Mark every tutorial notebook's cells (before -m selection runs): the
    # cells of a notebook share one kernel, so they must run in order in one
    # process; scripts/test.sh runs them beside the browser tests, not on
    # pytest-xdist's workers.
    for item in items:
        if _is_notebook_cell(item):
            item.add_marker(pytest.mark.notebook)


@pytest.fixture(autouse=True)
def _own_progress_folder(monkeypatch):
    """This test's own DENDRIA_WIDGET_HOME (inside the run's folder)."""
    monkeypatch.setenv("DENDRIA_WIDGET_HOME", tempfile.mkdtemp(prefix="test-", dir=_HOME))

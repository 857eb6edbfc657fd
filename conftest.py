"""Every test run (tests/, the tutorial notebooks through nbval, and the
kernels and Jupyter servers they start) keeps the learner's progress in a
temporary folder, never in the real home: DENDRIA_WIDGET_HOME is set for
this process and everything it starts, and each test function gets a fresh
folder of its own (so no test sees what another one saved, whatever order
or worker runs them).

Tests run in parallel (scripts/test.sh: pytest-xdist workers for the tests
that are neither browser tests nor notebooks, the longest first; and the
browser tests and the tutorial notebooks in two pytest runs of their own
beside them; see CONTRIBUTING.md). A tutorial notebook's cells share one
kernel, so its cells are marked ``notebook`` and never given to
pytest-xdist's workers.
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
    _slow_first(items)


# The longest tests of the run on pytest-xdist's workers (scripts/test.sh),
# longest first, as measured on CI: they start at once, one after the other
# on whichever worker is free (scripts/test.sh hands out one test at a time),
# so they run beside the many short tests instead of trailing at the end.
# Everything else keeps its order (a notebook's cells above all). A test
# missing here only runs later; a name here that matches nothing is ignored.
SLOW_FIRST = (
    "tests/test_accel.py::test_the_wheel_built_with_a_compiler_runs_compiled_and_plays_the_same",
    "tests/test_lab_studies.py::test_a_million_games_keep_memory_flat",
    "tests/test_accel.py::test_a_machine_without_a_c_compiler_still_installs_and_plays",
    "tests/test_lab_studies.py::test_ctrl_c_keeps_every_finished_game_and_resume_gives_the_same_result",
    "tests/test_lab_studies.py::test_a_killed_dask_worker_keeps_the_finished_games",
    "tests/test_lab_studies.py::test_a_failing_game_on_an_executor_keeps_the_games_in_flight",
    "tests/test_lab_studies.py::test_three_variants_in_one_table_with_differences_and_a_plot",
    "tests/test_hedu_properties.py::test_random_games_follow_the_plain_model",
    "tests/test_types.py::test_mypy_finds_the_whole_package_consistent",
    "tests/test_packaging.py::",
)


def _slow_rank(item):
    name = item.nodeid.split("[", 1)[0]
    for rank, slow in enumerate(SLOW_FIRST):
        if name == slow or (slow.endswith("::") and name.startswith(slow)):
            return rank
    return len(SLOW_FIRST)


def _slow_first(items):
    items[:] = sorted(items, key=_slow_rank)   # stable: the rest keep their order


@pytest.fixture(autouse=True)
def _own_progress_folder(monkeypatch):
    """This test's own DENDRIA_WIDGET_HOME (inside the run's folder)."""
    monkeypatch.setenv("DENDRIA_WIDGET_HOME", tempfile.mkdtemp(prefix="test-", dir=_HOME))

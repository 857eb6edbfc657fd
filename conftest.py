"""Every test run (tests/, the tutorial notebooks through nbval, and the
kernels and Jupyter servers they start) keeps the learner's progress in a
temporary folder, never in the real home: DENDRIA_WIDGET_HOME is set for
this process and everything it starts."""

import os
import shutil
import tempfile

_HOME = tempfile.mkdtemp(prefix="dendria-widget-home-")


def pytest_configure(config):
    os.environ["DENDRIA_WIDGET_HOME"] = _HOME


def pytest_unconfigure(config):
    shutil.rmtree(_HOME, ignore_errors=True)

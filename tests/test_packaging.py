"""The pure wheel (DENDRIA_WIDGET_PURE=1): pure Python (``py3-none-any``, what
Pyodide installs in the browser), and its dependencies are the kernel side
only: no Jupyter server comes with it."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: what a Jupyter server or front end brings; none is needed to draw the board
SERVER_PACKAGES = {"jupyterlab", "jupyter-server", "jupyter-client", "notebook", "tornado",
                   "ipykernel", "jupyterlab-server", "nbconvert", "pyzmq", "terminado"}


@pytest.fixture(scope="module")
def pure_wheel(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pure")
    src = tmp / "src"
    # a copy of the clone's sources: the build leaves nothing in the clone
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", "*.so",
        "_compiled.json", "_bundled", ".hypothesis", ".pytest_cache", "node_modules"))
    env = dict(os.environ, DENDRIA_WIDGET_PURE="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp / "out"), str(src)], check=True, env=env,
                   stdin=subprocess.DEVNULL)
    wheels = list((tmp / "out").glob("*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_pure_build_makes_a_py3_none_any_wheel(pure_wheel):
    assert pure_wheel.name == "dendria_widget-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(pure_wheel) as z:
        names = z.namelist()
        wheel_info = z.read("dendria_widget-0.1.0.dist-info/WHEEL").decode()
    assert "Root-Is-Purelib: true" in wheel_info and "Tag: py3-none-any" in wheel_info
    # the package at the wheel's root (not under .data/), with no compiled file
    assert "dendria_widget/__init__.py" in names and "dendria_widget/rules/dendria.py" in names
    assert not [n for n in names if ".data/" in n or n.endswith((".so", ".pyd", ".c"))]
    # the tutorials and docs it carries for `dendria-widget tutorials`
    assert "dendria_widget/_bundled/tutorials/00_start_here.ipynb" in names
    assert "dendria_widget/_bundled/docs/rules.md" in names
    # the puzzle banks, one per edition (puzzles.bank reads them)
    for edition in ("dendria-classic", "dendria-sprites", "hedu"):
        assert f"dendria_widget/puzzles/data/{edition}.json" in names


def test_the_pure_wheel_pulls_no_jupyter_server(pure_wheel, tmp_path):
    """What pip would install into a bare virtual environment: the widget
    toolkits and their kernel-side needs, no server."""
    report = tmp_path / "report.json"
    subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
                    "-q", "--report", str(report), str(pure_wheel)], check=True,
                   env=dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1"),
                   stdin=subprocess.DEVNULL)
    names = {item["metadata"]["name"].lower().replace("_", "-")
             for item in json.loads(report.read_text())["install"]}
    assert {"dendria-widget", "ipywidgets", "ipycanvas", "pillow"} <= names
    assert not names & SERVER_PACKAGES, sorted(names & SERVER_PACKAGES)

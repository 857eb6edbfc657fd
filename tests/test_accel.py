"""The compiled engine (dendria_widget/accel.py, setup.py): the same Python
source compiled by Cython where a C compiler is there. It plays exactly the
games the source plays; a compiled module older than its source is never
used; a machine without a compiler still installs and plays."""

import importlib
import importlib.machinery
import json
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

from dendria_widget import accel

ROOT = pathlib.Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]

# A few seeded random games of every engine, as text: moves, end and score
# (the same code runs here and in the other processes).
PLAY = """
from dendria_widget import Game
from dendria_widget.bench import game_rng, playout


def games():
    out = []
    for ruleset, kw in (("dendria-classic", {"size": 4}), ("dendria-sprites", {"size": 3}),
                        ("hedu", {"size": 4})):
        for k in range(3):
            g = Game(ruleset, **kw)
            playout(g, game_rng(7, k))
            out.append([[str(s) for s in t] for t in g.history] + [g.end_reason, g.score()])
    return out
"""
GAMES = PLAY + """
import importlib, json
from dendria_widget import accel
print(json.dumps({"games": games(), "plan": accel.install(), "describe": accel.describe(),
                  "files": {m: importlib.import_module("dendria_widget." + m).__file__
                            for m in accel.COMPILED}}))
"""


def run_python(code, path=None, env=None):
    environ = dict(os.environ)
    environ.pop(accel.PURE_ENV, None)
    environ.update(env or {})
    if path is not None:
        environ["PYTHONPATH"] = str(path)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=environ, cwd=path or ROOT, timeout=600)
    return done


def games_here():
    space = {}
    exec(PLAY, space)
    return json.loads(json.dumps(space["games"]()))


def test_each_module_runs_as_the_plan_says():
    plan = accel.install()
    assert set(plan) == set(accel.COMPILED)
    for module, how in plan.items():
        path = importlib.import_module(f"dendria_widget.{module}").__file__
        if how == "compiled":
            assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path
        else:
            assert path.endswith(".py"), path
    assert accel.describe().startswith(("compiled by Cython", "the Python source"))


def test_ci_tests_the_compiled_engine():
    # CI installs on a machine with a C compiler: the suite must then test the
    # compiled engine (the source is tested below, in a second process).
    if os.environ.get("CI") != "true":
        pytest.skip("only CI promises a C compiler; elsewhere either engine may run")
    assert set(accel.install().values()) == {"compiled"}, accel.describe()


def test_the_python_source_plays_the_very_same_games():
    done = run_python(GAMES, env={accel.PURE_ENV: "1"})
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert all(f.endswith(".py") for f in got["files"].values()), got["files"]
    assert got["games"] == games_here()
    assert len(got["games"]) == 9 and all(len(g) > 4 for g in got["games"])


def _copy_package(tmp_path):
    shutil.copytree(ROOT / "dendria_widget", tmp_path / "dendria_widget",
                    ignore=shutil.ignore_patterns("__pycache__", "_bundled", "*.so",
                                                  accel.MANIFEST))
    return tmp_path / "dendria_widget"


def test_a_compiled_module_older_than_its_source_is_not_used(tmp_path):
    pkg = _copy_package(tmp_path)
    # A "compiled" hedu that cannot even load (not a shared object), recorded
    # as built from another source: the guard must load hedu.py instead.
    (pkg / "rules" / f"hedu{SUFFIX}").write_bytes(b"not a shared object")
    (pkg / accel.MANIFEST).write_text(json.dumps({"rules.hedu": "0" * 64}))
    code = ("import json, sys, dendria_widget\nfrom dendria_widget import Game\n"
            "g = Game('hedu', size=3); g.play(*g.legal_steps()[:1])\n"
            "print(json.dumps([sys.modules['dendria_widget.rules.hedu'].__file__, "
            "dendria_widget.accel.describe()]))")
    done = run_python(code, tmp_path)
    assert done.returncode == 0, done.stderr
    path, words = json.loads(done.stdout)
    assert path.endswith("hedu.py")
    assert "rules.hedu changed since it was compiled" in done.stderr
    assert "pip install -e ." in done.stderr
    assert "the source changed since it was compiled" in words
    # The control: recorded as built from this very source, the file is used
    # (and, not being one, fails to load): the guard, not luck, saved it.
    (pkg / accel.MANIFEST).write_text(json.dumps(
        {"rules.hedu": accel.source_hash(pkg / "rules" / "hedu.py")}))
    done = run_python(code, tmp_path)
    assert done.returncode != 0 and "ImportError" in done.stderr


def test_the_pure_switch_is_read_as_words_not_presence(tmp_path):
    assert accel._pure_asked({accel.PURE_ENV: "1"})
    assert not accel._pure_asked({accel.PURE_ENV: "0"})
    assert not accel._pure_asked({})
    pkg = _copy_package(tmp_path)
    (pkg / f"geometry{SUFFIX}").write_bytes(b"x")
    (pkg / accel.MANIFEST).write_text(json.dumps(
        {"geometry": accel.source_hash(pkg / "geometry.py")}))
    assert accel.plan(str(pkg), {})["geometry"] == "compiled"
    assert accel.plan(str(pkg), {accel.PURE_ENV: "1"})["geometry"] == "python: asked"
    assert accel.plan(str(pkg), {})["rules.dendria"] == "python"


def _wheel(tmp_path, env):
    """Build this clone's wheel (a copy of the sources, so the clone's build/
    and in-place modules are not touched) and unpack it; returns the folder."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, src / name)
    for name in ("tutorials", "docs"):
        shutil.copytree(ROOT / name, src / name,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    _copy_package(src)
    # The C that Cython made from these very sources for the clone's own
    # install (setup.py keeps it in build/cython), with its times: cythonize
    # writes a module's C again when the module is newer than its C or the C
    # was made by another Cython version, so a stale C is never used; the
    # compiler still compiles every module's C and the native kernel's C++
    # below (only Cython's translation, as at install, is not done again).
    translated = ROOT / "build" / "cython" / "dendria_widget"
    if translated.is_dir():
        shutil.copytree(translated, src / "build" / "cython" / "dendria_widget",
                        ignore=shutil.ignore_patterns("*.o", "*.so"))
    environ = dict(os.environ)
    environ.pop(accel.PURE_ENV, None)
    environ.update(env)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(tmp_path / "wheel"), str(src)],
                          capture_output=True, text=True, env=environ, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    (whl,) = (tmp_path / "wheel").glob("*.whl")
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(whl) as z:
        z.extractall(unpacked)
    return unpacked


def test_a_machine_without_a_c_compiler_still_installs_and_plays(tmp_path):
    # CC and CXX name compilers that always fail: every engine module's build
    # and the native kernel's (C++) fail, the install goes on, and the wheel
    # plays from the Python source.
    site = _wheel(tmp_path, {"CC": "false", "LDSHARED": "false", "CXX": "false",
                             "LDCXXSHARED": "false"})
    assert not list(site.rglob(f"*{SUFFIX}"))
    assert json.loads((site / "dendria_widget" / accel.MANIFEST).read_text()) == {}
    done = run_python(GAMES, site)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert set(got["plan"].values()) == {"python"}
    assert got["describe"] == "the Python source: not compiled at install"
    assert got["games"] == games_here()


def test_the_wheel_built_with_a_compiler_runs_compiled_and_plays_the_same(tmp_path):
    if shutil.which(os.environ.get("CC", "cc")) is None and os.environ.get("CI") != "true":
        pytest.skip("no C compiler here (CI has one)")
    # without optimisation (setup.py's quick build): the same C and C++,
    # compiled in a fraction of the time; this test proves that the build
    # works and plays the same games, not how fast they run
    site = _wheel(tmp_path, {"DENDRIA_WIDGET_QUICK_BUILD": "1"})
    pkg = site / "dendria_widget"
    for module in accel.COMPILED:
        assert (pkg / (module.replace(".", "/") + ".py")).exists()   # the source ships too
    # the native kernel (C++17, pybind11 from the build requirements) too
    assert (pkg / f"_native{SUFFIX}").exists()
    assert "_native" in json.loads((pkg / accel.MANIFEST).read_text())
    done = run_python(GAMES, site)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert set(got["plan"].values()) == {"compiled"}, got["describe"]
    assert all(f.endswith(SUFFIX) for f in got["files"].values())
    assert got["games"] == games_here()

"""The examples in README.md and in the modules' docstrings run, and print
what they say they print."""

import doctest
import importlib
import pathlib
import pkgutil
import re

import pytest

import dendria_widget

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
MODULES = ["dendria_widget"] + sorted(
    m.name for m in pkgutil.walk_packages(dendria_widget.__path__, "dendria_widget."))


def _run(test):
    """Run one DocTest; fail with doctest's own report of what differed."""
    report = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
    return result.attempted


def _module_tests(name):
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder().find(module, name) if t.examples]


WITH_EXAMPLES = [name for name in MODULES if _module_tests(name)]


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_module_docstring_examples(name):
    for test in _module_tests(name):
        _run(test)


def test_readme_examples(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)          # the examples save position.svg and .png
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(ROOT / "README.md"), 0)
    assert _run(test) >= 20, "the README's Python examples are written as >>> examples"
    assert (tmp_path / "position.svg").read_text("utf-8").startswith("<svg")
    assert (tmp_path / "position.png").read_bytes().startswith(b"\x89PNG")


def test_the_game_module_shows_its_examples():
    # the module list above really finds docstring examples (game.py has some)
    assert "dendria_widget.game" in WITH_EXAMPLES and len(WITH_EXAMPLES) >= 5


def test_readme_layout_lists_every_module():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Layout"):text.index("## Performance")]
    section = section[section.index("|---|"):]          # the rows, not the header
    listed = set(re.findall(r"`([\w/]+(?:\.py|/))`", section))
    package = ROOT / "dendria_widget"
    modules = {p.relative_to(package).as_posix() for p in package.rglob("*.py")
               if p.name != "__init__.py" and "_bundled" not in p.parts}
    missing = sorted(m for m in modules
                     if m not in listed and not any(m.startswith(f) for f in listed
                                                    if f.endswith("/")))
    gone = sorted(f for f in listed if not (package / f).exists())
    assert not missing, f"README.md's Layout table misses {', '.join(missing)}"
    assert not gone, f"README.md's Layout table lists {', '.join(gone)}, which do not exist"

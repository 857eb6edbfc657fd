"""docs/ stays true to the code: the option table of docs/rules.md matches
the engine's option specs, and the committed pictures are what the renderer
draws now."""

import importlib.util
import json
import pathlib
import re

import pytest

from dendria_widget.rules.options import DEFAULTS, DENDRIA_OPTIONS, HEDU_OPTIONS

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
REGENERATE = "python scripts/make_doc_images.py"


def _load_image_script():
    spec = importlib.util.spec_from_file_location(
        "make_doc_images", ROOT / "scripts" / "make_doc_images.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tables(text):
    """Every Markdown table of ``text`` as (header cells, rows of cells)."""
    tables, block = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            block.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif block:
            tables.append((block[0], [r for r in block[2:]]))
            block = []
    return tables


def _words(cell):
    """The JSON values written in backticks in a table cell."""
    out = []
    for word in re.findall(r"`([^`]*)`", cell):
        try:
            out.append(json.loads(word))
        except ValueError:
            out.append(word)
    return out


def _option_table(rulesets):
    header = ["option", "values", *rulesets, "what it decides"]
    found = [rows for head, rows in _tables((DOCS / "rules.md").read_text("utf-8"))
             if head == header]
    assert len(found) == 1, f"docs/rules.md needs one table with the header {header}"
    return {_words(row[0])[0]: row for row in found[0]}


@pytest.mark.parametrize("specs, rulesets", [
    (DENDRIA_OPTIONS, ("dendria-classic", "dendria-sprites")),
    (HEDU_OPTIONS, ("hedu",)),
])
def test_option_table_matches_the_engine(specs, rulesets):
    table = _option_table(rulesets)
    assert list(table) == list(specs), "the table lists the engine's options, in its order"
    for name, spec in specs.items():
        row = table[name]
        values = row[1]
        if spec.values is not None:
            assert _words(values) == list(spec.values), f"values of {name}"
        else:
            low = 1 if spec.kind == "int>=1|null" else 0
            assert f"whole number >= {low}" in values and _words(values) == [None], name
        for column, ruleset in enumerate(rulesets, start=2):
            assert _words(row[column]) == [DEFAULTS[ruleset][name]], \
                f"default of {name} in {ruleset}"


def test_the_option_tables_reject_a_wrong_default(monkeypatch):
    # The comparison above really reads the table: change one default.
    monkeypatch.setitem(DEFAULTS["dendria-classic"], "superko", "off")
    with pytest.raises(AssertionError, match="default of superko"):
        test_option_table_matches_the_engine(DENDRIA_OPTIONS,
                                             ("dendria-classic", "dendria-sprites"))


def test_committed_pictures_are_what_the_renderer_draws_now():
    drawn = _load_image_script().pictures()
    stale = [name for name, text in drawn.items()
             if not (DOCS / "img" / name).exists()
             or (DOCS / "img" / name).read_text("utf-8") != text]
    assert not stale, (f"docs/img/{', docs/img/'.join(stale)} differ from what the "
                       f"renderer draws now: run `{REGENERATE}` and commit docs/img/")


def _anchors(page):
    """GitHub's anchors of a Markdown page's headings."""
    heads = re.findall(r"^#+ (.+)$", page.read_text("utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}


def test_every_picture_is_used_and_every_link_exists():
    drawn = set(_load_image_script().pictures())
    committed = {p.name for p in (DOCS / "img").iterdir()}
    assert committed == drawn, f"docs/img/ holds exactly the pictures of `{REGENERATE}`"
    used = set()
    for page in [*DOCS.glob("*.md"), ROOT / "README.md"]:
        for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)",
                                         page.read_text("utf-8")):
            if target.startswith("http"):
                continue
            path = page.parent / target if target else page
            assert path.exists(), f"{page.name} links to {target}, which does not exist"
            if anchor:
                assert anchor in _anchors(path), f"{page.name} links to a missing #{anchor}"
            if page.parent == DOCS and target.startswith("img/"):
                used.add(target[len("img/"):])
    assert used == drawn, "every picture appears in docs/"

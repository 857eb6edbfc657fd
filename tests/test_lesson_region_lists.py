"""Hedu lessons name every region they count (issue 25, point 3: "region
lists incomplete"): a page that says what a player's regions are, or how
many regions there are, names them all, as the engine finds them."""

from __future__ import annotations

import re

import pytest

from dendria_widget.explain import hedu as explain
from dendria_widget.lessons import facts, load

SCORE = load("17_hedu_score")


def _page(lesson, title):
    return next(k for k, p in enumerate(lesson.pages) if p.title == title)


def _named_regions(text: str, colour: str) -> tuple[int, list[str], list[str]]:
    """What the score page says of ``colour``'s regions: how many, the cell
    it names each by, and what each is worth."""
    m = re.search(rf"{colour.capitalize()}: (\w+) regions? \(at ([a-z0-9, and]+), worth "
                  r"([0-9, and.]+)\)", text)
    assert m, text
    numbers = ("no", "one", "two", "three", "four", "five", "six")
    cells = re.split(r", | and ", m.group(2))
    worth = re.split(r", | and ", m.group(3))
    return numbers.index(m.group(1)), cells, worth


@pytest.mark.parametrize("colour", ["black", "white"])
def test_the_score_page_names_every_region_a_player_controls(colour):
    k = _page(SCORE, "The end and the score")
    text = SCORE.text_of(k, "text")
    game = SCORE.game(k, 0)
    controlled = [r for r in explain.regions(game) if r["controller"] == colour]
    count, cells, worth = _named_regions(text, colour)
    assert count == len(controlled) == game.score()[colour]["controlled_regions"]
    # each named cell lies in a region the colour controls, one cell per region
    found = [next(i for i, r in enumerate(controlled) if c in r["cells"]) for c in cells]
    assert sorted(found) == list(range(len(controlled))), (cells, controlled)
    assert sorted(float(w) for w in worth) == sorted(float(r["value"]) for r in controlled)
    assert sum(float(w) for w in worth) == game.score()[colour]["regions"]


def test_the_control_page_speaks_of_every_region():
    """The page on control asks the engine about each region of its board
    (its fields' cells: a cell of each region, every region once)."""
    k = _page(SCORE, "Who controls a region")
    game = SCORE.game(k, 0)
    regions = explain.regions(game)
    cells = {re.match(r"\w+\(([a-z]\d+)", f).group(1)
             for f in facts.fact_fields(SCORE.page(k).templates["text"])
             if f.startswith(("region_list(", "region_why(", "region_value(", "controller("))}
    hit = {next(i for i, r in enumerate(regions) if c in r["cells"]) for c in cells}
    assert hit == set(range(len(regions))), (cells, [r["cells"] for r in regions])


def test_a_region_missing_from_the_list_is_caught():
    """The score page's region list read against a board where White controls
    one more region: the reading above finds the list short."""
    k = _page(SCORE, "The end and the score")
    text = SCORE.text_of(k, "text")
    short = text.replace("two regions (at a2 and b1, worth 2 and 2)",
                         "one region (at a2, worth 2)")
    assert short != text
    game = SCORE.game(k, 0)
    controlled = [r for r in explain.regions(game) if r["controller"] == "white"]
    count, cells, _ = _named_regions(short, "white")
    assert count != len(controlled) and len(cells) != len(controlled)
    assert SCORE.false_statements(k, {"text": short}) != []

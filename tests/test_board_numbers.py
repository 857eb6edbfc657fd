"""The numbers the board's captions, tooltips and keys state are facts, true
for every cell they speak of (issue 25: "six lines from every cell" is
false on the edge, where a classic cell has three or four).

- The power overlay says a cell's power is the fewest plots met going from
  it in any of the N directions: N is the geometry's count of directions,
  and the sentence is checked on every cell of boards with an edge and with
  lagoons (the power the engine reports is that minimum, and every cell,
  on the edge too, has N directions).
- A key's sample number is one the board shows under that entry.
- No string the overlays write types a number word or an ordinal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dendria_widget import Game, geometry
from dendria_widget.explain import dendria as ex
from dendria_widget.explain.sentences import describe, number_word
from dendria_widget.render.overlays import unit
from dendria_widget.render.overlays.power import power_caption
from dendria_widget.render.scene import build_scene

OVERLAYS = Path(__file__).resolve().parent.parent / "dendria_widget" / "render" / "overlays"
WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "first", "second", "third", "zero", "twice", "both")
NUMBER = re.compile(r"(?i)\b(?:" + "|".join(WORDS) + r")\b|\d")


@pytest.mark.parametrize("board", [None, "atoll-7", "lakes-13"])
def test_the_power_sentence_is_true_for_every_cell(board):
    g = Game("dendria-sprites", board=board) if board else Game("dendria-sprites", size=5)
    n = len(geometry.DIRECTIONS)
    caption = power_caption(g)
    assert f"any of the {number_word(n)} directions" in caption
    assert "lines" not in caption            # a cell on the edge has fewer lines
    power = ex.power(g)
    b = g.board
    edge = 0
    for name, p in power.items():
        rays = b.rays[b.cell(name)]
        assert len(rays) == n, name          # every cell has the N directions
        assert p == min(len(r) for r in rays), name
        edge += p == 0
    assert edge, "the board has an edge: some cell has power 0"


def test_a_cells_description_says_its_power_truly():
    g = Game("dendria-sprites", size=5)
    text = " ".join(describe(g, "a1"))
    power = ex.power(g)["a1"]
    assert f"Its power is {power}: the fewest plots met going from it in any of the " \
           f"{number_word(len(geometry.DIRECTIONS))} directions" in text


@pytest.mark.parametrize("game, overlay, legend", [
    (Game("dendria-sprites", size=5), "power", "power:power"),
    (Game("hedu"), "heights", "heights:height"),
])
def test_a_keys_sample_number_is_one_the_board_shows(game, overlay, legend):
    shapes = build_scene(game, overlays=[overlay]).layers["overlays"]
    shown = {s.text for s in shapes if getattr(s, "legend", None) == legend}
    sample = [s.text for s in shapes if getattr(s, "tag", None) == f"key:{overlay}:"
              f"{legend.split(':')[1]}" and hasattr(s, "text")]
    assert shown and sample and sample[0] in shown, (sample, shown)


def _written(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs and " " in n.value]


def test_no_overlay_types_a_number():
    found = [f"{p.name}:{line}: {text!r}" for p in sorted(OVERLAYS.glob("*.py"))
             for line, text in _written(p) if NUMBER.search(text)]
    assert not found, "\n".join(found)
    assert NUMBER.search("on any of its six lines")        # the finder sees one


def test_the_power_tooltip_names_the_directions():
    n = number_word(len(geometry.DIRECTIONS))
    assert f"any of the {n} directions" in unit("power").tooltip

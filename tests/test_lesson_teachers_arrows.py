"""Lesson 18's marks and arrows show what its text says, as the engine sees
it: on "Marks and arrows", one arrow runs along the line on which the seed
still sees the edge and one ends on a dark nourisher of it (issue 25: a
cell that states a fact is asked of the engine)."""

from dendria_widget.explain import dendria as explain
from dendria_widget.lessons import load

TEACHERS = load("18_teachers")


def _page(title):
    return next(k for k, p in enumerate(TEACHERS.pages) if p.title == title)


def _arrows_as_said(game) -> bool:
    """One arrow from d3 along a line on which d3 sees the edge, one to a
    dark nourisher of d3, and no other."""
    open_cells = {c for r in explain.roots(game, "d3") if r["sees_edge"] for c in r["cells"]}
    nourishers = explain.seeds(game)["d3"]["nourishers"]
    ends = [tuple(a)[1] for a in game.annotations["arrows"] if a[0] == "d3"]
    along = [c for c in ends if c in open_cells]
    to_dark = [c for c in ends if c in nourishers and str(game.pieces[c]).startswith("dark")]
    return len(along) == 1 and len(to_dark) == 1 and len(ends) == 2


def test_the_arrows_show_an_open_line_and_a_dark_nourisher():
    k = _page("Marks and arrows")
    text = TEACHERS.text_of(k, "text")
    assert "dark nourishers" in text and "sees the edge" in text
    assert _arrows_as_said(TEACHERS.game(k, 0))


def test_an_arrow_to_a_light_nourisher_is_caught():
    k = _page("Marks and arrows")
    game = TEACHERS.game(k, 0)
    light = [c for c in explain.seeds(game)["d3"]["nourishers"]
             if str(game.pieces[c]).startswith("light")]
    notes = game.annotations
    arrows = [a if tuple(a)[1] in {c for r in explain.roots(game, "d3") if r["sees_edge"]
                                   for c in r["cells"]} else ["d3", light[0]]
              for a in notes["arrows"]]
    game.set_annotations({"marks": notes["marks"], "arrows": arrows})
    assert not _arrows_as_said(game)

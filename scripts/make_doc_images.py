"""Draw the board pictures of docs/ with the project's own SVG renderer.

    python scripts/make_doc_images.py           # rewrite docs/img/*.svg
    python scripts/make_doc_images.py --check   # exit 1 when one is out of date

Every picture is a small position drawn by
:func:`dendria_widget.render.svg.game_svg`. When the renderer changes (new
colours, keys, themes), rerun the first command and commit docs/img/;
tests/test_docs.py fails until the committed pictures match what the renderer
draws now.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from dendria_widget import Game
from dendria_widget.render.svg import game_svg

IMG = pathlib.Path(__file__).resolve().parent.parent / "docs" / "img"
RADIUS = 16


def _game(ruleset, size, pieces, to_move=None, board=None, **options):
    rules = {"ruleset": ruleset,
             "board": board or {"shape": "hexagon", "size": size},
             "options": options}
    first = "black" if ruleset == "hedu" else "dark"
    return Game.from_position({"to_move": to_move or first, "pieces": pieces}, rules=rules)


def _svg(game, **kw):
    kw.setdefault("radius", RADIUS)
    return game_svg(game, **kw)


def _roots():
    # d4's roots: a light tree east, a dark dendrid north-west, four empty rays.
    g = _game("dendria-classic", 4, {"d4": "dark seed", "d7": "light tree",
                                     "b2": "dark dendrid", "f3": "light seed"})
    return _svg(g, overlays=("roots",), focus="d4")


def _nourished():
    # Every root of d4 ends on a piece: d4 is nourished, and may sprout.
    g = _game("dendria-classic", 4, {"d4": "light seed", "d7": "light tree",
                                     "b2": "dark dendrid", "a4": "dark seed",
                                     "d1": "dark tree", "g1": "light seed",
                                     "f4": "dark seed"})
    return _svg(g, overlays=("roots", "nutrients"), focus="d4")


def _fertilization():
    # A dark dendrid's lines of sight, and the fertile soils of a seedbed.
    g = _game("dendria-classic", 4, {"d4": "dark dendrid", "b3": "dark seed",
                                     "b4": "dark seed", "f2": "light tree",
                                     "d6": "light seed"})
    return _svg(g, overlays=("fertilization", "fertile"), focus="b4")


def _conversions():
    # What Dark could convert during a move from here.
    g = _game("dendria-classic", 4, {"c3": "dark dendrid", "e5": "dark dendrid",
                                     "d4": "light seed", "a1": "dark seed",
                                     "d1": "dark seed", "g4": "light tree",
                                     "d7": "dark tree"})
    return _svg(g, overlays=("conversions",))


def _edge(ruleset):
    # A seed on the edge, under the edition's edge_sight.
    g = _game(ruleset, 4, {"a2": "dark seed", "d2": "light dendrid"})
    return _svg(g, overlays=("roots",), focus="a2")


def _power():
    g = _game("dendria-sprites", 5, {"e5": "dark dendrid", "b2": "light dendrid"})
    return _svg(g, overlays=("power",))


def _modular():
    return _svg(Game("dendria-sprites", board="flower-13"), radius=10, show_names=False)


def _hedu():
    g = _game("hedu", 4, {"b2": "black 2", "c4": "white 1", "d2": "black 1",
                          "e4": "white 2", "f2": "black 1", "d6": "white 1"},
              to_move="white")
    return _svg(g, overlays=("regions", "preview"), focus="g3")


# file name -> what it shows (docs/rules.md uses every one)
PICTURES = {
    "roots.svg": _roots,
    "nourished.svg": _nourished,
    "fertilization.svg": _fertilization,
    "conversions.svg": _conversions,
    "edge-literal.svg": lambda: _edge("dendria-classic"),
    "edge-touching.svg": lambda: _edge("dendria-sprites"),
    "power.svg": _power,
    "modular.svg": _modular,
    "hedu.svg": _hedu,
}


def pictures():
    """Every picture's file name and the SVG text the renderer draws now."""
    return {name: draw() + "\n" for name, draw in PICTURES.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare with docs/img/; exit 1 when a picture differs")
    args = parser.parse_args(argv)
    stale = []
    for name, text in pictures().items():
        path = IMG / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            IMG.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check:
        for name in stale:
            print(f"docs/img/{name} differs from what the renderer draws now")
        return 1 if stale else 0
    print(f"wrote {len(stale)} of {len(PICTURES)} pictures in docs/img/"
          if stale else f"all {len(PICTURES)} pictures in docs/img/ are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Named modular boards (the sprites edition, docs/rules.md section 1).

A modular board is the union of 7-plot *modules* (a centre and its six
neighbours), given by the list of module centres in axial coordinates.
This module names a few good layouts::

    >>> from dendria_widget.boards import preset, preset_names
    >>> preset("flower-13").n_plots          # the recommended 13 modules
    91
    >>> len(preset("lakes-13").lagoons)      # three lagoons of three hexes
    9

``preset(name)`` also understands ``"random-N-seed-S"``: the seeded random
layout of N modules (see :func:`random_board`), the same board for the same
N and S, every time.

Every layout is checked by :meth:`Board.modular` (no overlap, links of at
least two adjacent plots, all connected). The *flower* layouts are the
compact ones (pieces of the regular tiling of the plane by modules, no
lagoon); the others leave holes, which become *lagoons*: rays (sight,
journeys) pass over them, no piece ever stands on them.
"""

from __future__ import annotations

import re

from .checks import brief
from .errors import BadBoard
from .geometry import Board, random_modular

RECOMMENDED = "flower-13"

# name -> (module centres, one-line description)
_LAYOUTS = {
    "flower-7": (
        [[0, 0], [2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2]],
        "7 modules, 49 plots: a centre module and its six neighbours, no lagoon"),
    "atoll-7": (
        [[2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2], [1, 4]],
        "7 modules, 49 plots: a ring of six modules around a lagoon of 7 hexes, "
        "and one more module"),
    "flower-13": (
        [[0, 0], [2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2],
         [1, 4], [-4, 5], [-5, 1], [-1, -4], [4, -5], [5, -1]],
        "13 modules, 91 plots (as many as the hexagon of side 6): the recommended "
        "compact board, no lagoon"),
    "lakes-13": (
        [[0, 0], [1, 2], [-3, 1], [2, -3], [-5, 0], [5, -5], [0, 5],
         [-2, -2], [4, -2], [-2, 4], [-5, 4], [1, -5], [4, 1]],
        "13 modules, 91 plots: three-fold symmetric, three lagoons of 3 hexes "
        "around the centre"),
    "fjords-13": (
        [[0, 0], [1, 2], [-3, 1], [2, -3], [-5, 0], [5, -5], [0, 5],
         [-3, 5], [-2, -3], [5, -2], [-5, 4], [1, -5], [4, 1]],
        "13 modules, 91 plots: three-fold symmetric, three lagoons of 6 hexes "
        "cutting into the board"),
    "flower-19": (
        [[0, 0], [2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2],
         [1, 4], [-4, 5], [-5, 1], [-1, -4], [4, -5], [5, -1],
         [4, 2], [-2, 6], [-6, 4], [-4, -2], [2, -6], [6, -4]],
        "19 modules, 133 plots: the largest compact board, no lagoon"),
    "ponds-19": (
        [[0, 0], [1, 2], [-2, 3], [-3, 1], [-1, -2], [2, -3], [3, -1],
         [-6, 3], [-3, 6], [3, 3], [6, -3], [3, -6], [-3, -3],
         [-5, 0], [-5, 5], [0, 5], [5, 0], [5, -5], [0, -5]],
        "19 modules, 133 plots: six-fold symmetric, six one-hex lagoons in a ring"),
}

#: name -> list of module centres ``[q, r]`` (a copy: editing it changes no preset).
PRESETS = {name: [list(c) for c in centres] for name, (centres, _) in _LAYOUTS.items()}
#: name -> one-line description.
DESCRIPTIONS = {name: text for name, (_, text) in _LAYOUTS.items()}

_RANDOM = re.compile(r"random-(\d+)-seed-(\d+)")
#: the most digits a random board's seed may have
SEED_DIGITS = 18


def preset_names() -> list[str]:
    """The names of the preset layouts, smallest boards first."""
    return list(PRESETS)


def describe(name: str) -> str:
    """The one-line description of a preset (or of a random layout name)."""
    key = _key(name)
    if key in DESCRIPTIONS:
        return DESCRIPTIONS[key]
    m = _RANDOM.fullmatch(key)
    if m:
        return (f"{m.group(1)} modules placed at random with seed {m.group(2)} "
                "(the same board every time)")
    raise _unknown(name)


def preset(name: str) -> Board:
    """The Board of a preset layout, or of ``"random-N-seed-S"``.

    Unknown names raise BadBoard listing the known ones."""
    key = _key(name)
    if key in PRESETS:
        return Board.modular(_LAYOUTS[key][0])
    m = _RANDOM.fullmatch(key)
    if m:
        count, seed = m.groups()
        if len(count) > 2 or len(seed) > SEED_DIGITS:
            raise BadBoard(f"{brief(name)}: a random board has 7 to 19 modules and a seed "
                           f"of at most {SEED_DIGITS} digits")
        return random_board(int(count), int(seed))
    raise _unknown(name)


def random_board(count: int = 13, seed: int = 0) -> Board:
    """A random valid modular board of ``count`` modules (7 to 19), the same
    for the same ``count`` and ``seed``. Compact on the whole: each new module
    prefers places where it touches several modules already laid; holes left
    between modules become lagoons."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise BadBoard(f"the number of modules must be a whole number, not {brief(count)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadBoard(f"a random board's seed must be a whole number, not {brief(seed)}")
    return random_modular(count, seed)


def _key(name: object) -> str:
    if not isinstance(name, str):
        raise BadBoard(f"a board preset is named by a string, not {brief(name)}")
    return name.strip().lower()


def _unknown(name: object) -> BadBoard:
    return BadBoard(f"unknown board preset {brief(name)} (known: {', '.join(preset_names())}; "
                    "or random-N-seed-S for a random board of N modules, 7 to 19)")

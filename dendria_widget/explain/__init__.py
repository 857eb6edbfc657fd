"""Explanations: the facts a learner sees, computed by asking the engines.

Nothing here re-implements a rule: every fact comes from the engine state
(``game.state``). Cells are given by name (``'g7'``), lists of cells are
sorted by row, then index.

- :mod:`dendria_widget.explain.dendria`: roots and nourishers, hungry or
  nourished, fertilized soils, groups with their fertile soils, what may
  sprout, grow or be captured (and why not), power, protection.
- :mod:`dendria_widget.explain.hedu`: regions with control and value, the
  height of a stack on each empty plot, the preview of a placement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game


def explain_cell(game: Game, cell: str) -> dict:
    """Everything about one cell, for the widget's hover and the tutorials."""
    if game.variant.family == "hedu":
        from .hedu import explain_cell as hedu_cell
        return hedu_cell(game, cell)
    from .dendria import explain_cell as dendria_cell
    return dendria_cell(game, cell)


def describe(game: Game, cell: str, facts: dict | None = None,
             slides: Sequence[str] | None = None) -> list[str]:
    """Everything about one cell as a list of sentences in the edition's
    words (see :func:`dendria_widget.explain.sentences.describe`)."""
    from .sentences import describe as _describe
    return _describe(game, cell, facts, slides)

"""Lesson 10: the pie rule of the classic edition (one seed, then the swap)."""

from dataclasses import dataclass

from ..framework import Exercise, Lesson, Page, Verdict, planted

RULES = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 5}}


@dataclass
class _FromTheStart(Exercise):
    """An exercise that starts a new game from its very beginning (the
    opening), whatever the page before it showed: the framework starts a
    new game only on a first page with no start position."""

    def game(self, previous=None):
        return super().game(None)


def _check_swap(game):
    if len(game.history) < 2 or game.phase in ("plant", "move"):
        return Verdict(False, "Choose first: swap, or plant and end your turn.")
    if [s.verb for s in game.history[1]] == ["swap"]:
        return Verdict(True, "You swapped: the dark seed on e5 is yours now, and your "
                             "opponent plays Light and moves next.")
    return Verdict(False, "You did not swap, so the seed on e5 stays your opponent's. "
                          "To take it, swap instead of playing.")


def _check_keep(game):
    if len(game.history) < 2 or game.phase in ("plant", "move"):
        return Verdict(False, "Play your turn first: plant a seed, then end the turn.")
    second = [s.verb for s in game.history[1]]
    if "swap" in second:
        return Verdict(False, "You swapped, so the seed on a1 is yours now: that is what you "
                              "did not want. Keep Light and plant instead.")
    if "plant" not in second:
        return Verdict(False, "You passed: that keeps your colour, but plant a seed of your "
                              "own instead.")
    return Verdict(True, f"You kept Light and planted on {planted(game)[1]}: the game goes "
                         "on as usual, and Dark moves next.")


LESSON = Lesson(
    name="10_pie",
    title="The pie rule",
    summary="Dark's first seed, and Light's choice to swap sides.",
    pages=[
        Page(
            title="Who moves first?",
            text=(
                "Moving first is an advantage. To make the game fair, the classic edition "
                "uses the **pie rule**, like sharing a pie: one player cuts, the other "
                "chooses a piece.\n\n"
                "Here the game starts from its very beginning: an empty board of side 5, "
                "Dark to move."),
            rules=RULES,
            rules_covered=("pie",),
        ),
        Page(
            title="Dark's first seed",
            text=(
                "Press **Play**: Dark's first turn is **one seed, on any cell**, and then "
                "the turn ends. Nothing may sprout or grow on this first turn.\n\n"
                "Dark should choose a seed that is neither too good nor too bad, because "
                "of what comes next."),
            play=("plant e5", "end"),
            rules_covered=("pie",),
        ),
        Page(
            title="Light's choice: swap",
            text=(
                "Now Light may **swap** instead of playing: the two players exchange "
                "colours. Press **Play**.\n\n"
                "Nothing moves on the board. The player who placed the seed on e5 now plays "
                "Light, and the other player owns that dark seed. Light is still to move, "
                "but Light is now the other person."),
            play=("swap",),
            rules_covered=("pie-swap",),
        ),
        _FromTheStart(
            title="Take the seed",
            text="Dark has placed the first seed in the very middle of the board, e5.",
            prompt=("You play **Light**. You like that seed: make it yours."),
            rules=RULES,
            setup=("plant e5", "end"),
            check=_check_swap,
            hint="You do not need to put a piece on the board for this.",
            hint_cells=("e5",),
            solution=("swap",),
            wrong=(("plant c3", "end"), ("pass",)),
            rules_covered=("pie-swap",),
        ),
        _FromTheStart(
            title="Keep your colour",
            text="This time Dark's first seed stands in the corner, a1.",
            prompt=("You play **Light**. You would rather move than own that seed: do not "
                    "swap, plant a seed of your own and end your turn."),
            rules=RULES,
            setup=("plant a1", "end"),
            check=_check_keep,
            hint="Click any empty cell to plant, then press End turn.",
            hint_cells=("e5",),
            solution=("plant e5", "end"),
            wrong=(("swap",), ("pass",)),
            rules_covered=("pie",),
        ),
    ],
)

"""Lesson 13: Hedu: stacks, regions, the height of a new stack, reduce then
increase, prisoners, control, the end and the score, and its pie rule."""

from ...explain import hedu as explain
from .. import sentences as say
from ..framework import Exercise, Lesson, Page, Verdict, steps_of

SMALL = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 4}}
# A wall of stacks across row d cuts the board into two regions; White
# has two small stacks (b2, c2) above it, Black one (f3) below.
WALL = "hedu h4 4/1w13/1w14/w2w2b2b2b2w2w2/6/2b12/4 black"


def _prisoners(game):
    return game.position()["prisoners"]


def _totals(game):
    s = game.score()
    return s["black"]["total"], s["white"]["total"]


def _placed(game, turns_before):
    """The cell of the learner's placement, or a Verdict saying what to do."""
    cells = steps_of(game, "place")[turns_before:]
    if not cells:
        return Verdict(False, "Place a stack first: click an empty cell.")
    return cells[0]


def _check_prisoner(game):
    cell = _placed(game, 2)
    if isinstance(cell, Verdict):
        return cell
    black, white = _prisoners(game)["black"], _prisoners(game)["white"]
    if black > 0 and white == 0:
        return Verdict(True, f"Your stack on {cell} made a white stack shrink: Black took "
                             f"{black} prisoner{'s' if black > 1 else ''}, White none.")
    if black > 0:
        return Verdict(False, f"Black took a prisoner, but your stack on {cell} made one of "
                              "your own stacks shrink too, and White took that piece.")
    return Verdict(False, f"No white stack shrank after your stack on {cell}: no prisoner.")


def _check_lead(game):
    cell = _placed(game, 2)
    if isinstance(cell, Verdict):
        return cell
    black, white = _totals(game)
    if black > white:
        return Verdict(True, f"After your stack on {cell} Black leads, {say.points(black)} to "
                             f"{say.points(white)}.")
    return Verdict(False, f"After your stack on {cell} White still leads, {say.points(white)} "
                          f"to {say.points(black)}.")


LESSON = Lesson(
    name="13_hedu",
    title="Hedu",
    summary="Stacks and regions, the height of a new stack, shrinking and prisoners, "
            "control and the score.",
    pages=[
        Page(
            title="Hedu",
            text=(
                "**Hedu** is another game on the same hexagonal boards. Black and White "
                "take turns placing **stacks** of their colour; the number on a stack is "
                "its **height**, how many pieces it holds.\n\n"
                "It also starts with a pie rule. Press **Play**: Black places the first "
                "stack."),
            rules=SMALL,
            play=("place d4",),
            rules_covered=("hedu-stacks", "hedu-pie"),
        ),
        Page(
            title="The swap",
            text=(
                "Now White may **swap** instead of placing: the players exchange colours, "
                "and White (now the other player) moves. Press **Play**."),
            play=("swap",),
            rules_covered=("hedu-pie",),
        ),
        Page(
            title="Regions",
            text=(
                "Later in a game. A **region** is a set of empty cells that touch each "
                "other. The wall of stacks across row d cuts the board into two regions: "
                "one above it, one below.\n\n"
                "Touching stacks of one colour and one height form a **group**: the black "
                "2s on d3, d4, d5 are one group of size 3."),
            start=WALL,
            overlays=("regions",),
            rules_covered=("hedu-regions", "hedu-stacks"),
        ),
        Page(
            title="How high is a new stack?",
            text=(
                "A new stack gets as many pieces as there are **regions next to it** once "
                "it stands there. The numbers on the empty cells show it.\n\n"
                "Press **Play**: Black places on a2. That cuts a1, b1 and c1 off from the "
                "rest, so a2 touches two regions: a stack of 2.\n\n"
                "Then every stack that now touches more regions than it has pieces "
                "**grows**: White's b2 and c2 touch both new regions, so they grow to 2."),
            start=WALL,
            play=("place a2",),
            overlays=("heights",),
            rules_covered=("hedu-place-height", "hedu-increase"),
        ),
        Page(
            title="No stack of height 0",
            text=(
                "Press **Play**: White places on b1, a stack of 2. Now a1 and c1 are each "
                "a region of one cell.\n\n"
                "A stack on a1 would touch no region at all: height 0. That is not a "
                "placement, so nobody may place on a1 or c1."),
            play=("place b1",),
            overlays=("heights",),
            marks={"a1": "0", "c1": "0"},
            rules_covered=("hedu-no-zero",),
        ),
        Page(
            title="Stacks shrink",
            text=(
                "A placement can also take a region away from a stack. After placing, "
                "first every **enemy** stack that touches fewer regions than its height "
                "**shrinks** to that number, then every **friendly** stack, then stacks "
                "grow as you saw. A stack that shrinks to 0 leaves the board.\n\n"
                "The preview shows what Black's stack on c3 would do: White's c2 and "
                "Black's own d3 would each lose the region above the wall."),
            overlays=("preview",),
            focus="c3",
            rules_covered=("hedu-reduce",),
        ),
        Page(
            title="Prisoners",
            text=(
                "Press **Play**: Black places on c3. White's c2 shrinks to 1 and Black's "
                "d3 shrinks to 1.\n\n"
                "Every piece taken off a stack this way is a **prisoner** for the player "
                "of the other colour: Black takes the white piece, White takes the black "
                "one. Each prisoner is a point at the end."),
            play=("place c3",),
            rules_covered=("hedu-reduce", "hedu-prisoners"),
        ),
        Exercise(
            title="Take a prisoner",
            turn="place",
            text="Back to the board before c3.",
            prompt=("You play **Black**. Place a stack that makes Black take a prisoner, "
                    "and White none."),
            start=WALL,
            setup=("place a2", "place b1"),
            overlays=("regions",),
            check=_check_prisoner,
            hint="Look at the white 2s on the wall: which one could you cut off from one "
                 "of its two regions, without cutting one of yours?",
            hint_cells=("d1", "d7"),
            solution=("place e1",),
            wrong=(("place c3",), ("place a3",)),
            rules_covered=("hedu-prisoners",),
        ),
        Page(
            title="Who controls a region",
            text=(
                "For each region, list each player's groups next to it as (height, size), "
                "largest first, and compare the lists from the left. The greater list "
                "**controls** the region; equal lists: nobody does. The region is worth "
                "the **height of the controller's highest group** next to it.\n\n"
                "Here, above the wall, Black has (2, 3) and White (2, 3) and (2, 2): the "
                "first entries are equal, White's second decides, White controls it: "
                "worth 2. Below the wall Black's (2, 3) beats White's (2, 2): Black's, "
                "worth 2. White also controls the one-cell region b1."),
            start=WALL,
            setup=("place c1", "place a1"),
            overlays=("regions",),
            rules_covered=("hedu-control", "hedu-value"),
        ),
        Exercise(
            title="Take the lead",
            turn="place",
            text="White leads 4.5 to 4.",
            prompt="You play **Black**. Place a stack after which Black leads.",
            start=WALL,
            setup=("place c1", "place a1"),
            overlays=("regions",),
            check=_check_lead,
            hint="Taking a prisoner helps, but check what happens to the regions too.",
            hint_cells=("a2", "c6", "e6"),
            solution=("place a2",),
            wrong=(("place e1",), ("place b3",)),
            rules_covered=("hedu-control", "hedu-score"),
        ),
        Page(
            title="The end and the score",
            text=(
                "The game ends when no empty cell admits a placement, or after two passes "
                "in a row. Press **Play**: both players pass.\n\n"
                "Each player scores the values of the regions they control, plus their "
                "prisoners, plus half a point for the greater list of all their groups. "
                "Black: regions 2 + 2, prisoners 3, and the half point: **7.5**. White: "
                "the region b1 worth 2: **2**."),
            play=("pass", "pass"),
            rules_covered=("hedu-end", "hedu-score"),
        ),
    ],
)

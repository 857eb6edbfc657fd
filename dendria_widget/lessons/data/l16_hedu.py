"""Lesson 16: Hedu: stacks, its pie rule, regions, the height of a new stack,
stacks growing, and plots where no stack may stand."""

from collections.abc import Callable
from typing import cast

from ...explain import hedu as explain
from ...game import Game
from .. import claims as claim
from ..facts import NUMBER_WORDS, counted
from ..framework import Exercise, Lesson, Page, Verdict, steps_of, words
from ..drills import with_drills
from .drill_positions import drill

SMALL = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 4}}
# A wall of stacks across row d cuts the board into two regions; White
# has two small stacks (b2, c2) above it, Black one (f3) below.
WALL = "hedu h4 4/1w13/1w14/w2w2b2b2b2w2w2/6/2b12/4 black"
# one region; a black stack on f4 cuts it in two
TWO = "hedu h4 4/w13b1/w15/3b13/6/4w1/2b11 black"
# a black stack on c2 touches three regions
TALL = "hedu h4 1w11b1/1w1b12/b12b12/2w1b1w12/1w14/5/4 black"


def _placed(game: Game, turns_before: int) -> str | Verdict:
    """The cell of the learner's placement, or a Verdict saying what to do."""
    cells = steps_of(game, "place")[turns_before:]
    if not cells:
        return Verdict(False, "Place a stack first: click an empty plot.")
    return cast(str, cells[0])




def _before_placement(game: Game, turns_before: int
                      ) -> tuple[str | Verdict, Game | None]:
    """(cell, the game just before the learner's placement) or a Verdict."""
    cell = _placed(game, turns_before)
    if isinstance(cell, Verdict):
        return cell, None
    at = [k for k, st in enumerate(game.steps) if st.verb == "place"][turns_before]
    return cell, game.copy().go_to(at)


def _check_height(target: str, turns_before: int) -> Callable[[Game], Verdict]:
    """The learner's new stack got as many pieces as a stack on ``target``
    would (the height the prompt asks for, ``{new_height(target)}``): the
    engine's placement heights, on the board before the placement."""
    def check(game: Game) -> Verdict:
        placed, before = _before_placement(game, turns_before)
        if before is None:
            return cast(Verdict, placed)
        cell = cast(str, placed)
        heights = explain.placement_heights(before)
        got, height = heights[cell], heights[target]
        regions = counted(got, "region")
        if got == height:
            return Verdict(True, f"Right: once it stood on {cell}, your stack touched "
                                 f"{regions}, so it got {counted(got, 'piece')}.")
        return Verdict(False, f"Your stack on {cell} touched {regions} once it stood "
                              f"there, so it got {counted(got, 'piece')}, not "
                              f"{NUMBER_WORDS[height]}. "
                              "A new stack gets a piece for each region next to it.")
    return check


def _check_no_room(game: Game) -> Verdict:
    placed, before = _before_placement(game, 0)
    if before is None:
        return cast(Verdict, placed)
    cell = cast(str, placed)
    zero = [c for c, h in explain.plot_heights(game).items() if h == 0]
    if zero:
        return Verdict(True, f"Right: after your stack on {cell}, a stack on {words(zero)} "
                             "would touch no region: nobody may place there.")
    return Verdict(False, f"After your stack on {cell} every empty plot still touches a "
                          "region once a stack stands on it. Look for an empty plot that "
                          "would be a region of its own.")
LESSON = Lesson(
    name="16_hedu",
    title="Hedu",
    summary="Stacks and regions, and the height of a new stack.",
    pages=with_drills([
        Page(
            title="Hedu",
            text=(
                "**Hedu** is another game on the same hexagonal boards. Black and White "
                "take turns placing **stacks** of their colour; the number on a stack is "
                "its **height**, how many pieces it holds.\n\n"
                "It also starts with a pie rule. Press **Play**: {to_move()|cap} places the "
                "opening stack, a {piece(d4)|piece@end}."),
            rules=SMALL,
            play=("place d4",),
            claims=(claim.option("opening", "pie"), claim.piece("d4", "black 1", mentions=()),
                    claim.pieces(1), claim.to_move("white")),
            rules_covered=("hedu-stacks", "hedu-pie"),
        ),
        Page(
            title="The swap",
            claims=(claim.legal("swap", at="start"), claim.pieces(1), claim.to_move("white"),),
            text=(
                "Now {to_move()|cap} may **swap** instead of placing: the players exchange "
                "colours, and {to_move()|cap@end} (now the other player) moves. Press "
                "**Play**."),
            play=("swap",),
            rules_covered=("hedu-pie",),
        ),
        Page(
            title="Regions",
            text=(
                "Later in a game. A **region** is a set of empty plots that touch each "
                "other, taken as large as it goes (**maximal**): every empty plot that "
                "touches it belongs to it. The "
                "wall of stacks across row d cuts the board into {region_count()|word} "
                "regions, above it and below it.\n\n"
                "Touching stacks of the same colour and height form a **group**: the "
                "{piece(d3)|colour} stacks of {height(d3)} on {stacks_group(d3)} form a "
                "group of size {stacks_group(d3)|n}."),
            start=WALL,
            overlays=("regions",),
            claims=(claim.stacks_group("d3", "d4", "d5"), claim.regions(2),),
            rules_covered=("hedu-regions", "hedu-stacks"),
        ),
        Page(
            title="How high is a new stack?",
            text=(
                "A new stack gets as many pieces as there are **regions next to it** once "
                "it stands there. The numbers on the empty plots show it.\n\n"
                "Press **Play**: {to_move()|cap} places on a2. That cuts "
                "{region_cells(a1)@end} off from the rest, so a2 touches "
                "{new_height(a2)|word} regions: a stack of {height(a2)@end}.\n\n"
                "Then every stack that now touches more regions than it has pieces "
                "**grows**: {piece(b2)|colour|cap}'s b2 and c2, of {height(b2)} piece "
                "each, touch each new region, so they grow to {height(b2)@end} and "
                "{height(c2)@end}."),
            start=WALL,
            play=("place a2",),
            overlays=("heights",),
            claims=(claim.new_height("a2", 2, at="start"), claim.region_cells("a1", "b1", "c1"), claim.piece("b2", "white 1", at="start"), claim.piece("c2", "white 1", at="start"), claim.piece("a2", "black 2"), claim.piece("b2", "white 2"), claim.piece("c2", "white 2")),
            rules_covered=("hedu-place-height", "hedu-increase"),
        ),
        Page(
            title="No stack of height {new_height(a1)@end}",
            text=(
                "Press **Play**: {to_move()|cap} places on b1, a stack of "
                "{height(b1)@end}. Now a1 and c1 are each a region of "
                "{region_cells(a1)|n|word@end} cell.\n\n"
                "A stack on a1 would touch no region at all: height "
                "{new_height(a1)@end}. That is not a placement, so {to_move()|cap@end} "
                "{legal(place a1)|may@end} place on a1 (nor on c1, height "
                "{new_height(c1)@end})."),
            start=WALL,
            setup=("place a2",),
            play=("place b1",),
            overlays=("heights",),
            marks={"a1": "{new_height(a1)@end}", "c1": "{new_height(c1)@end}"},
            claims=(claim.piece("b1", "white 2"), claim.region_cells("a1"), claim.region_cells("c1"), claim.new_height("a1", 0), claim.new_height("c1", 0), claim.legal("place a1", False), claim.legal("place c1", False),),
            rules_covered=("hedu-no-zero",),
        ),
        Exercise(
            title="{new_height(f4)|word|cap} regions",
            turn="place",
            text="Later in another game. The empty plots form {region_count()|word} region.",
            prompt="You play **{to_move()|cap}**. Place a stack of **{new_height(f4)|word}** "
                   "pieces.",
            start=TWO,
            overlays=("regions",),
            check=_check_height("f4", 0),
            hint="A stack gets a piece for each region next to it once it stands there: "
                 "where would your stack cut the region apart?",
            hint_cells=("e4", "e5", "f3", "f4", "g3"),
            solution=("place f4",),
            wrong=(("place a1",), ("place d1",)),
            claims=(claim.regions(1, at="start"),),
            rules_covered=("hedu-place-height", "hedu-regions"),
        ),
        Exercise(
            title="A stack of {new_height(c2)|word}",
            turn="place",
            text="Another position, {to_move()|cap} to play.",
            prompt="You play **{to_move()|cap}**. Place a stack of **{new_height(c2)|word}** "
                   "pieces.",
            start=TALL,
            overlays=("regions",),
            check=_check_height("c2", 0),
            hint="{new_height(c2)|word|cap} pieces: as many regions next to the stack once it "
                 "stands. Look "
                 "where small pockets of empty plots meet.",
            hint_cells=("b1", "c1", "c2", "d1", "d2"),
            solution=("place c2",),
            wrong=(("place b1",), ("place e1",)),
            claims=(claim.to_move("black", at="start"), claim.legal("pass", at="start"),),
            rules_covered=("hedu-place-height",),
        ),
        Exercise(
            title="Leave no room",
            turn="place",
            text="Back to the wall across row d, before anything was placed on a2.",
            prompt=("You play **{to_move()|cap}**. Place a stack after which some empty plot can "
                    "take no stack at all."),
            start=WALL,
            overlays=("heights",),
            check=_check_no_room,
            hint="A plot that is a region on its own: a stack there would take its own "
                 "region away.",
            hint_cells=("a1", "a2", "b1", "c1"),
            solution=("place b1",),
            wrong=(("place a2",), ("place c3",)),
            claims=(claim.holding("black 2", "d3", "d4", "d5", at="start", mentions=()),),
            rules_covered=("hedu-no-zero",),
        ),
    ], drill('height'), drill('no-room')),
)

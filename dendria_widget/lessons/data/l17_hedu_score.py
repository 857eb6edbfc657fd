"""Lesson 17: Hedu: stacks shrinking (enemies first) and leaving the
board, prisoners, who controls a region, the end and the score."""

from typing import cast

from ...game import Game
from .. import claims as claim
from .. import sentences as say
from ..facts import counted
from ..framework import Exercise, Lesson, Page, Verdict, words
from ..drills import with_drills
from .drill_positions import drill
from .l16_hedu import WALL, _before_placement

# a black stack on a3 makes White's a4 leave, then grows into its plot
ORDER = "hedu h4 3w1/w12b1b1/w15/b12b1b12/3w12/4w1/w11b11 black prisoners=0,0"
# a black stack on b2 makes White's a2 leave first: Black's a1 then touches
# a2's plot and keeps its piece; a black stack on b4 makes Black's a3 leave
CORNER = "hedu h4 b1w1b1b1/w11w12/2w1b11w1/w13b12/1w11w1w11/b11b12/b12b1 black prisoners=0,0"
# a black stack on f4 makes White's g3 leave the board
OFF = "hedu h4 2b11/5/4b11/2w14/2b12w1/2b11w1/1w1w1b1 black prisoners=0,0"


def _prisoners(game: Game) -> dict[str, int]:
    return game.position()["prisoners"]


def _sides(game: Game, before: Game) -> tuple[str, str, str, str]:
    """The colour that placed (the side to move before the placement), the
    other colour, and their words ('Black', 'White'): asked of the game."""
    mover = before.to_move
    colours = game.variant.colours
    enemy = colours[1 - colours.index(mover)]
    return mover, enemy, game.variant.colour_word(mover), game.variant.colour_word(enemy)


def _taken(game: Game, before: Game, colour: str) -> int:
    """How many prisoners ``colour`` took with the placement."""
    return int(_prisoners(game)[colour]) - int(_prisoners(before)[colour])


def _check_prisoner(game: Game) -> Verdict:
    placed, before = _before_placement(game, 2)
    if before is None:
        return cast(Verdict, placed)
    cell = cast(str, placed)
    mover, enemy, you, them = _sides(game, before)
    mine, theirs = _taken(game, before, mover), _taken(game, before, enemy)
    if mine > 0 and theirs == 0:
        return Verdict(True, f"Your stack on {cell} made {enemy} stacks shrink: {you} took "
                             f"{counted(mine, 'prisoner')}, {them} none.")
    if mine > 0:
        return Verdict(False, f"{you} took {counted(mine, 'prisoner')}, but your stack on "
                              f"{cell} made your own stacks shrink too, and {them} took "
                              f"{counted(theirs, 'prisoner')}.")
    also = f", and {them} took {counted(theirs, 'prisoner')}" if theirs else ""
    return Verdict(False, f"No {enemy} stack shrank after your stack on {cell}: {you} took "
                          f"no prisoner{also}.")


def _check_lead(game: Game) -> Verdict:
    placed, before = _before_placement(game, 2)
    if before is None:
        return cast(Verdict, placed)
    cell = cast(str, placed)
    mover, enemy, you, them = _sides(game, before)
    s = game.score()
    mine, theirs = float(s[mover]["total"]), float(s[enemy]["total"])
    if mine > theirs:
        return Verdict(True, f"After your stack on {cell} {you} leads, {say.points(mine)} to "
                             f"{say.points(theirs)}.")
    if mine == theirs:
        return Verdict(False, f"After your stack on {cell} nobody leads: {say.points(mine)} "
                              "each.")
    was = before.score()
    still = " still" if float(was[enemy]["total"]) > float(was[mover]["total"]) else ""
    return Verdict(False, f"After your stack on {cell} {them}{still} leads, "
                          f"{say.points(theirs)} to {say.points(mine)}.")


def _gone(game: Game, before: Game, colour: str) -> list[str]:
    """The cells whose ``colour`` stack left the board with the placement."""
    return [c for c, p in before.pieces.items() if p.startswith(colour)
            and c not in game.pieces]


def _check_enemies_first(game: Game) -> Verdict:
    placed, before = _before_placement(game, 0)
    if before is None:
        return cast(Verdict, placed)
    cell = cast(str, placed)
    mover, enemy, you, them = _sides(game, before)
    enemy_gone = _gone(game, before, enemy)
    mine_gone = _gone(game, before, mover)
    lost = _taken(game, before, enemy)
    if enemy_gone and not lost:
        return Verdict(True, f"Right: after your stack on {cell}, the {enemy} stack on "
                             f"{words(enemy_gone)} touched no region and left first (enemy "
                             "stacks are judged first); your stacks were judged on the board "
                             "it left, with its plot empty again, and none lost a piece.")
    if mine_gone:
        return Verdict(False, f"Your stack on {cell} took your own stack on "
                              f"{words(mine_gone)} off the board: after the enemy stacks, "
                              f"your stacks shrink to the regions they touch, and {them} "
                              "takes the pieces as prisoners.")
    if lost:
        return Verdict(False, f"After your stack on {cell} your stacks lost "
                              f"{counted(lost, 'piece')}, and {them} took "
                              f"{'it' if lost == 1 else 'them'} as "
                              f"{'a prisoner' if lost == 1 else 'prisoners'}.")
    return Verdict(False, f"After your stack on {cell} no {enemy} stack left the board: every "
                          f"{enemy} stack still touches a region. Which {enemy} stack touches "
                          "no region but a small one?")


def _check_off_board(game: Game) -> Verdict:
    placed, before = _before_placement(game, 0)
    if before is None:
        return cast(Verdict, placed)
    cell = cast(str, placed)
    mover, enemy, you, them = _sides(game, before)
    gone = _gone(game, before, enemy)
    if gone:
        return Verdict(True, f"Right: the {enemy} stack on {words(gone)} touched no region "
                             f"after your stack stood on {cell}: it lost every piece and "
                             "left the board.")
    return Verdict(False, f"After your stack on {cell} every {enemy} stack still touches a "
                          f"region, so none loses every piece. Which {enemy} stack touches no "
                          "region but a small one?")


LESSON = Lesson(
    name="17_hedu_score",
    title="Hedu: shrinking and scoring",
    summary="Stacks shrink (enemies first) and leave the board, prisoners, control of "
            "regions, the end and the score.",
    pages=with_drills([
        Page(
            title="Stacks shrink",
            text=(
                "A placement can also take a region away from a stack. After placing, "
                "every **enemy** stack that touches fewer regions than its height "
                "**shrinks** to that number; after them every **friendly** stack; then stacks "
                "grow as you saw. A stack that loses every piece leaves the board.\n\n"
                "The preview shows what {to_move()|cap}'s stack on c3 would do: "
                "{piece(c2)|colour|cap}'s c2 (height {height(c2)}) and "
                "{piece(d3)|colour|cap}'s own d3 (height {height(d3)}) would each lose the "
                "region above the wall."),
            start=WALL,
            setup=("place a2", "place b1"),
            overlays=("preview",),
            focus="c3",
            claims=(claim.piece("c2", "white 2"), claim.piece("d3", "black 2"), claim.after(("place c3",), claim.piece("c2", "white 1")), claim.after(("place c3",), claim.piece("d3", "black 1")), claim.piece("c3", None),),
            rules_covered=("hedu-reduce",),
        ),
        Page(
            title="Prisoners",
            text=(
                "Press **Play**: {to_move()|cap} places on c3. {piece(c2)|colour|cap}'s c2 "
                "shrinks to {height(c2)@end} and {piece(d3)|colour|cap}'s d3 shrinks to "
                "{height(d3)@end}.\n\n"
                "Every piece taken off a stack this way is a **prisoner** for the player "
                "of the other colour: Black takes the white piece, White takes the black "
                "one: Black has {prisoners(black)|of(prisoner)@end} now, White "
                "{prisoners(white)|word@end}. Each prisoner is a point at the end."),
            play=("place c3",),
            claims=(claim.prisoners("black", 1), claim.prisoners("white", 1), claim.piece("c2", "white 1"), claim.piece("d3", "black 1")),
            rules_covered=("hedu-reduce", "hedu-prisoners"),
        ),
        Exercise(
            title="Take a prisoner",
            turn="place",
            text="Back to the board before c3.",
            prompt=("You play **{to_move()|cap}**. Place a stack that makes {to_move()|cap} take a "
                    "prisoner, and {not_to_move()|cap} none."),
            start=WALL,
            setup=("place a2", "place b1"),
            overlays=("regions",),
            check=_check_prisoner,
            hint="Look at the {not_to_move()} stacks on the wall: which one could you cut off from "
                 "one of its regions, without cutting one of yours?",
            hint_cells=("d1", "d7"),
            solution=("place e1",),
            wrong=(("place c3",), ("place a3",)),
            claims=(claim.prisoners("black", 0, at="start"), claim.prisoners("white", 0, at="start"),),
            rules_covered=("hedu-prisoners",),
        ),
        Page(
            title="Enemies first",
            text=(
                "The order matters when a stack leaves the board: its plot is empty again "
                "and joins the regions before the next stacks are judged. Press **Play**: "
                "{to_move()|cap} places on a3, a stack of {new_height(a3)}. The "
                "{piece(a4)|piece} on a4 touches no region any more: it loses its piece and "
                "leaves ({to_move()|cap} has {prisoners(black)|of(prisoner)@end} now). Now a4 "
                "is an empty plot next to a3, so {to_move()|cap}'s new stack touches more "
                "regions and grows to {height(a3)@end}."),
            start=ORDER,
            play=("place a3",),
            overlays=("regions",),
            claims=(claim.new_height("a3", 1, at="start"), claim.prisoners("black", 0, at="start"), claim.prisoners("black", 1), claim.piece("a4", None), claim.piece("a3", "black 2"),
                    claim.piece("a4", "white 1", at="start")),
            rules_covered=("hedu-reduce", "hedu-increase", "hedu-prisoners"),
        ),
        Exercise(
            title="Enemies first, then yours",
            turn="place",
            text=("Another position, {to_move()|cap} to play. Your stack on a1 stands in the "
                  "corner, between the white stacks on {next_to(a1, white)} and an empty "
                  "plot."),
            prompt=("You play **{to_move()|cap}**. Place a stack that takes a {not_to_move()} "
                    "stack off the board, without losing a piece of your own."),
            start=CORNER,
            overlays=("regions",),
            check=_check_enemies_first,
            hint="Enemy stacks shrink first; then yours, on the board the enemies left. A "
                 "stack that leaves empties its plot.",
            hint_cells=("a2", "b1", "b3", "a3"),
            solution=("place b2",),
            wrong=(("place b4",), ("place c2",)),
            claims=(claim.piece("a1", "black 1", at="start"),
                    claim.next_to("a1", "white", "a2", "b1", at="start"),
                    claim.piece("b2", None, at="start", mentions=("an empty plot",)),
                    claim.piece("a1", "black 1", mentions=()), claim.piece("a2", None, mentions=()),
                    claim.prisoners("black", 1), claim.prisoners("white", 0)),
            rules_covered=("hedu-reduce", "hedu-prisoners"),
        ),
        Exercise(
            title="Off the board",
            turn="place",
            text="Another position, {to_move()|cap} to play. White has "
                 "{stacks_of(white)|n|word} stacks, on {stacks_of(white)}, of height "
                 "{stack_heights(white)}.",
            prompt=("You play **{to_move()|cap}**. Place a stack after which a {not_to_move()} "
                    "stack leaves the board."),
            start=OFF,
            overlays=("regions",),
            check=_check_off_board,
            hint="A stack shrinks to the number of regions it touches; with none it leaves.",
            hint_cells=("f3", "f4", "g2", "g3"),
            solution=("place f4",),
            wrong=(("place a1",), ("place c1",)),
            claims=(claim.to_move("black", at="start"), claim.holding("white 1", "d3", "e6", "f5", "g2", "g3", at="start", mentions=()),),
            rules_covered=("hedu-reduce",),
        ),
        Page(
            title="Who controls a region",
            text=(
                "For each region, list each player's groups next to it as (height, size), "
                "largest first, and compare the lists from the left. The greater list "
                "**controls** the region; equal lists: nobody does. The region is worth "
                "the **height of the controller's highest group** next to it.\n\n"
                "Here, above the wall, Black has {region_list(a2, black)} and White "
                "{region_list(a2, white)}: {region_why(a2)}; worth {region_value(a2)}. "
                "Below the wall Black has {region_list(e1, black)} and White "
                "{region_list(e1, white)}: {region_why(e1)}; worth {region_value(e1)}. "
                "{controller(b1)|cap} also controls the one-plot region b1, worth "
                "{region_value(b1)}."),
            start=WALL,
            setup=("place c1", "place a1"),
            overlays=("regions",),
            claims=(claim.region_cells("b1"), claim.regions(3, mentions=()),
                    claim.controls("a2", "white", mentions=()), claim.worth("a2", 2),
                    claim.controls("e1", "black", mentions=()), claim.worth("e1", 2),
                    claim.controls("b1", "white")),
            rules_covered=("hedu-control", "hedu-value"),
        ),
        Page(
            title="The end and the score",
            text=(
                "The game ends when no empty plot admits a placement, or after "
                "{rule_number(passes_to_end)|word} passes "
                "in a row. Here {piece(e5)|colour|cap} placed a stack on e5. Press **Play**: each "
                "player "
                "passes.\n\n"
                "Each player scores the values of the regions they control, plus their "
                "prisoners, plus half a point for the greater list of all their groups. "
                "Black: {controlled_count(black)|of(region)} (at {controlled_regions(black)}, "
                "worth {controlled_values(black)}) and {prisoners(black)|of(prisoner)}: "
                "**{score(black)}**. White: {controlled_count(white)|of(region)} (at "
                "{controlled_regions(white)}, worth {controlled_values(white)}), "
                "{prisoners(white)|of(prisoner)} and the half point: **{score(white)}**. "
                "{winner()|cap@end} wins."),
            start=WALL,
            setup=("place c1", "place a1", "place e5"),
            play=("pass", "pass"),
            claims=(claim.over(), claim.score("black", 4), claim.score("white", 4.5),
                    claim.winner("white"), claim.controls("e1", "black"),
                    claim.controls("a2", "white"), claim.controls("b1", "white"),
                    claim.worth("e1", 2), claim.worth("a2", 2), claim.worth("b1", 2),
                    claim.prisoners("black", 2), claim.regions(3, mentions=()),
                    claim.score_part("white", "largest_groups_bonus", 0.5, mentions=())),
            rules_covered=("hedu-end", "hedu-score"),
        ),
        Exercise(
            title="Take the lead",
            turn="place",
            text="{leader()|cap} leads by {lead()}: White has {score(white)}, Black "
                 "{score(black)}.",
            prompt="You play **{to_move()|cap}**. Place a stack after which {to_move()|cap} "
                   "leads.",
            start=WALL,
            setup=("place c1", "place a1"),
            overlays=("regions",),
            check=_check_lead,
            hint="Taking a prisoner helps, but check what happens to the regions too.",
            hint_cells=("a2", "c6", "e6"),
            solution=("place a2",),
            wrong=(("place e1",), ("place b3",)),
            claims=(claim.leader("white", at="start"), claim.score("black", 4, at="start"), claim.score("white", 4.5, at="start"),),
            rules_covered=("hedu-control", "hedu-score"),
        ),
    # (two drills after the same page: the one given later comes first, so
    # control comes before the value of what is controlled)
    ], drill('prisoner'), drill('value'), drill('control'), drill('score')),
)

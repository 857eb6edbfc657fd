"""Lesson 15: the sprites edition: the komi pie, modular boards and
lagoons, sprites capturing sprites."""

from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..facts import counted, last_turn
from ..framework import Exercise, Lesson, Page, Verdict
from ..drills import with_drills
from .drill_positions import drill

SMALL = {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 5}}
# the "atoll-7" board: six modules in a ring round a lagoon, and one more
ATOLL = "dendria-sprites m-3,2;-2,-1;-1,3;1,-3;1,4;2,1;3,-2"
EMPTY = ATOLL + " 2/5/7/5/4/5/7/7/5/2 dark"


def _centres(position: str) -> tuple[str, ...]:
    """The centres of a modular board's modules, as the engine's board holds
    them (in the order of their names: the numbers the page marks them with)."""
    board = Game.from_position(position).board
    names = {board.axial(i): board.name(i) for i in board.plots}
    return tuple(sorted(names[(int(c[0]), int(c[1]))] for c in board.spec["modules"]))


# the centres of its modules
CENTRES = _centres(EMPTY)
# a dark sprite on e3, on the lagoon's shore
SHORE = ATOLL + " 2/5/7/5/2d1/5/7/7/5/2 dark"
# a dark sprite on d4 faces a light sprite on d1, across the lagoon
FACING = ATOLL + " 2/5/7/D2d1/4/5/7/7/5/2 dark"
# a dark seed on d3, nourished by light pieces on five lines; the sixth
# line crosses the lagoon (g4, h4, i2) and sees the edge
ACROSS = ATOLL + " 2/5/1SS4/1SsS1/1S2/5/7/7/5/2 dark"
# Light's seed on g4; Dark's sprite on h4 sees g5 and h3, not g3
ATOLL_GROW = ATOLL + " 2/5/7/5/T3/3D1/3S3/3d3/5/t1 dark"
# Dark's sprite on f3; Light's sprites on f1 (across the lagoon) and g5
HUNT = ATOLL + " 2/2t2/7/5/4/D1d2/4D2/1S5/5/2 dark"


def _sprites(game: Game, colour: str) -> int:
    return sum(1 for p in game.pieces.values() if p == f"{colour} dendrid")


def _check_hunt(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    mover, before = last_turn(game)
    colours = game.variant.colours
    enemy = colours[1 - colours.index(mover)]
    had, has = _sprites(before, enemy), _sprites(game, enemy)
    name = game.variant.colour_word(enemy)
    if has < had:
        return Verdict(True, f"Your sprite stopped on a {enemy} sprite and took it off the "
                             f"board: {name} has {counted(has, 'sprite')} left.")
    return Verdict(False, f"{name} still has its {counted(has, 'sprite')}. A journey may stop "
                          "on the nearest enemy sprite on its line and take it.")


LESSON = Lesson(
    name="15_sprites_boards",
    title="The sprites edition: the komi pie and modular boards",
    summary="The komi pie, modular boards and lagoons, and sprites that capture sprites.",
    pages=with_drills([
        Page(
            title="The komi pie",
            text=(
                "The sprites edition shares the opening another way, the **komi pie**. "
                "Before any piece is played:\n\n"
                "- first, a player chooses the **komi**: a whole number of points Light "
                "will add to its score at the end, at most the number of plots of the "
                "board ({plots_count()} here);\n"
                "- then the other player chooses to play **Dark** or **Light**;\n"
                "- then Dark moves first, on the empty board.\n\n"
                "Press **Play**: a player sets the komi to {score_part(light, komi)@end}."),
            rules=SMALL,
            play=("komi 0",),
            claims=(claim.option("opening", "komi-pie"), claim.plots(61),
                    claim.legal("sow e5", False, at="start"),
                    claim.legal("komi 0", at="start"), claim.legal("komi 61", at="start"),
                    claim.legal("komi 62", False, at="start"),
                    claim.legal_count("komi", 62, at="start"),
                    claim.verbs_after(("komi 0",), "side", at="start"),
                    claim.verbs_after(("komi 0", "side dark"), "pass", "plant", at="start"),
                    claim.pieces(0)),
            rules_covered=("komi-pie",),
        ),
        Page(
            title="Then Dark moves",
            text=(
                "Press **Play**: the other player chooses to play {to_move()|cap@1}, and "
                "{to_move()|cap@1} sows the opening seed, a {piece(e5)|piece@end} on e5. From now on the game goes as usual, and at the end Light adds "
                "the komi to its score.\n\n"
                "A fair komi makes the sides equal, so the komi should be chosen "
                "carefully: too high and the other player takes Light, too low and "
                "they take Dark."),
            play=("side dark", "sow e5", "end"),
            claims=(claim.legal("side dark", at="start"), claim.legal("side light", at="start"),
                    claim.piece("e5", "dark seed"), claim.to_move("light")),
            rules_covered=("komi-pie",),
        ),
        Page(
            title="Modular boards",
            statements=(st.rule("Modules never overlap", "modular", "2.6 Boards of each edition", ("dendria-sprites",)), st.rule("every module must be reached", "modular", "2.6 Boards of each edition", ("dendria-sprites",)),),
            text=(
                "The sprites edition may be played on a **modular board**, built from "
                "**modules** of {rule_number(module_cells)|word} cells: a centre and its "
                "{rule_number(directions)|word} neighbours. This board has "
                "{modules()} modules ({plots_count()} plots); their centres are numbered. Modules never overlap. Modules "
                "are **linked** when at least {rule_number(module_link)|word} plots of a module "
                "touch plots of the other, "
                "and every module must be reached from every other through links, so "
                "the board holds together.\n\n"
                "A board has {rule_number(min_modules)} to {rule_number(max_modules)} "
                "modules; {recommended_modules()} is the recommended size."),
            start=EMPTY,
            claims=(claim.plots(49, mentions=()), claim.modules(7)),
            marks={c: str(k) for k, c in enumerate(CENTRES, start=1)},
            rules_covered=("modular",),
        ),
        Page(
            title="Lagoons",
            statements=(st.rule("Power counts only plots", "lagoons", "2.6 Boards of each edition", ("dendria-sprites",)),),
            text=(
                "The water in the middle is a **lagoon**: a hole in the board that is "
                "closed all round. No piece ever stands on it, but **lines pass over it**: "
                "a sprite on a shore sees the plots on the shore across.\n\n"
                "Press **Play**: the sprite journeys over the water to e1. Power counts "
                "only plots, not lagoon hexes: e3 has power {power(e3)}, e1 power {power(e1)}."),
            start=SHORE,
            play=("move e3", "slide e1", "end"),
            overlays=("fertilization",),
            claims=(claim.power("e3", 1, at="start"), claim.power("e1", 0, at="start"), claim.piece("e1", "dark dendrid")),
            rules_covered=("lagoons", "power-rule"),
        ),
        Exercise(
            title="Across the water",
            turn="plant",
            text=("The {piece(d3)|piece} on d3 has {root_ends(d3)|n|word} lines that end "
                  "on a piece. The other, to the {sees_edge(d3)|ways}, runs over the "
                  "lagoon to the edge: that way it sees the edge, so it is "
                  "{hungry(d3)|hungry}."),
            prompt="Sow a seed so that the seed on **d3** is nourished.",
            start=ACROSS,
            overlays=("roots", "nutrients"),
            focus="d3",
            claims=(claim.hungry("d3", at="start"),
                    claim.sees_edge("d3", "SE", at="start", mentions=("d3", "south-east"))),
            check=checks.nourished("d3"),
            hint="Lines pass over the water: follow the open line of d3 across the lagoon.",
            hint_cells=("e3", "f3"),
            solution=("sow h4", "end"),
            wrong=(("sow e3", "end"), ("sow e4", "end")),
            rules_covered=("lagoons", "edge-touching"),
        ),
        Exercise(
            title="Grow across the water",
            turn="move",
            text=("{piece(g4)|colour|cap}'s seed on g4 has {fertile_count(g4)|word} fertile "
                  "plots: {fertile_soils(g4)}. Your sprite on h4 fertilizes "
                  "{fertile_by(g4, dark)}, not {fertile_missed(g4, dark)}."),
            prompt="Move your sprite so that you may grow the seed on **g4**, and grow it.",
            start=ATOLL_GROW,
            overlays=("fertile", "fertilization"),
            claims=(claim.fertile_soils("g4", "g3", "g5", "h3", at="start"),
                    claim.not_fertilized("dark", "g3", at="start"),
                    claim.holding("dark dendrid", "h4", at="start")),
            check=checks.grown("g4"),
            hint="Lines run over the water. From which plot of lower power does a line "
                 "reach g3 while the others stay seen?",
            hint_cells=("h3", "i1", "i2", "h1"),
            solution=("move h4", "slide i1", "grow g4", "end"),
            wrong=(("move h4", "slide i2", "end"), ("sow g3", "end")),
            rules_covered=("lagoons", "power-rule", "grow"),
        ),
        Page(
            title="Sprites capture sprites",
            text=(
                "In this edition a journey may also stop on the **nearest enemy sprite** on "
                "its line: that sprite is taken off the board. No slide may follow, but "
                "sprouts, growths and captures may, as at any stop.\n\n"
                "Press **Play**: {to_move()|cap}'s sprite crosses the lagoon and takes the "
                "{piece(d1)|piece} on d1: d1 holds a {piece(d1)|piece@end} now."),
            start=FACING,
            play=("move d4", "slide d1", "end"),
            claims=(claim.piece("d1", "dark dendrid"),),
            rules_covered=("sprite-capture",),
        ),
        Exercise(
            title="Hunt a sprite",
            turn="move",
            text="Light has {count_of(light dendrid)|word} sprites, on "
                 "{holding(light dendrid)}. Dark's sprite is on {holding(dark dendrid)}.",
            prompt=("You play **{to_move()|cap}**. Take one of {not_to_move()|cap}'s sprites with "
                    "your sprite's "
                    "journey."),
            start=HUNT,
            overlays=("power",),
            check=_check_hunt,
            hint="g5 has power {power(g5)}, like f3 ({power(f3)}): a journey may not end there. Look across the "
                 "water.",
            hint_cells=("f1",),
            solution=("move f3", "slide f1", "end"),
            wrong=(("move f3", "slide f2", "end"), ("move f3", "slide c4", "end")),
            claims=(claim.holding("light dendrid", "f1", "g5", at="start"), claim.holding("dark dendrid", "f3", at="start"),
                    claim.power("g5", 2, at="start"), claim.power("f3", 2, at="start", mentions=()),
                    # the hint: "a journey may not end there"
                    claim.after(("move f3",), claim.legal("slide g5", False, at="start")),),
            rules_covered=("sprite-capture", "lagoons", "power-rule"),
        ),
    ], drill('sprite-capture'), drill('lagoon-power')),
)

"""Lesson 11: the sprites edition: sprites, power and the power rule (its
exception, a tree won this turn, is stated here and shown in lesson 13), no
move limit, and converting as a move starts. Sowing is lesson 12."""

from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page, Verdict
from ..drills import with_drills
from .drill_positions import drill

# Dark: a sprite on d4 and an unprotected forest; Light: an unprotected
# forest (g1-g2) and a forest (i5) its sprite on h4 protects.
POWER = "dendria-sprites h5 3tt/6/7/3d4/9/8/TT5/3D2/4T dark"
# Dark's sprite on c4 nourishes the light seed on c3 (4 dark, 2 light); once
# it leaves, c5 is the nourisher that way (3 against 3)
BEFORE = "dendria-sprites h4 4/1tt2/1SSdS1/2Ss3/6/5/1D2 dark"
# Dark's sprite on d3 (power 2): of the plots that see c4, only b3 and c2 are
# of lower power (3 of Dark's 75 whole turns make Dark fertilize c4)
DOWNHILL = "dendria-sprites h4 4/5/6/2d4/6/5/S3 dark"
# Dark's sprite on c2 (power 1): of the plots that see b4, only b1 is of power
# 0 (1 of Dark's 58 whole turns makes Dark fertilize b4)
EDGEWARD = "dendria-sprites h4 4/5/1d4/7/4S1/5/4 dark"


def _check_sprout_first(game: Game) -> Verdict:
    verdict = checks.sprouted("c3", "dark")(game)
    if verdict.ok or game.pieces.get("c3") != "light seed":
        return verdict
    if "slide" in [st.verb for st in game.steps]:
        return Verdict(False, verdict.message + " Your sprite left c4 before the seed "
                                                "sprouted: in this edition you may sprout "
                                                "as soon as the move starts, before "
                                                "any slide.")
    return verdict


LESSON = Lesson(
    name="11_sprites_power",
    title="The sprites edition: sprites and power",
    summary="Sprites and power, the power rule, no move limit, converting as a move "
            "starts.",
    pages=with_drills([
        Page(
            title="Sprites and power",
            claims=(claim.power("a1", 0, mentions=("0",)), claim.power("i5", 0, mentions=()), claim.power("e5", 4, mentions=("4",)),),
            text=(
                "The **sprites edition** is a later Dendria. The classic edition's dendrid "
                "is called a **sprite** here, its planting is called **sowing**, and its soils "
                "are **plots**.\n\n"
                "Every cell has a **power**: look along its lines and count the cells "
                "on the shortest one. The numbers on the board show it. Cells on the edge "
                "have power {power(a1)}; the middle of this board has power "
                "{power(e5)}."),
            start=POWER,
            overlays=("power",),
            rules_covered=("power",),
        ),
        Page(
            title="The power rule",
            statements=(st.rule("must **end on a cell of lower power**", "power-rule", "2.3 A turn", ("dendria-sprites",)),),
            text=(
                "A sprite's journey must **end on a cell of lower power** than where it "
                "began, **unless a step of that turn won a tree** (a growth or a capture: "
                "lesson {lesson(sprites_protection)} shows it; until then, no journey here "
                "wins a tree). Press **Play**: {to_move()|cap}'s sprite leaves "
                "d4 (power {power(d4)}) and ends on d3 (power {power(d3)}).\n\n"
                "With no tree won, it could not end on d5 (power {power(d5)}, the same) "
                "nor on e5 (power {power(e5)}): the engine refuses the End there. So "
                "sprites drift towards the edge."),
            start=POWER,
            play=("move d4", "slide d3", "end"),
            overlays=("power",),
            claims=(claim.power("d4", 3, at="start"), claim.power("d3", 2, at="start"),
                    claim.power("d5", 3, at="start"), claim.power("e5", 4, at="start")),
            rules_covered=("power-rule",),
        ),
        Exercise(
            title="Downhill",
            statements=(st.rule("must end on a plot of lower power", "power-rule", "2.3 A turn",
                                ("dendria-sprites",)),),
            turn="move",
            text=("{to_move()|cap}'s sprite stands on d3, of power {power(d3)}. The plot c4 "
                  "has power {power(c4)}, and d4, next to it, {power(d4)}."),
            prompt=("You play **{to_move()|cap}**. Move your sprite so that it **fertilizes "
                    "c4**, and end your turn."),
            start=DOWNHILL,
            overlays=("power",),
            check=checks.fertilized_by("c4", ("dark",)),
            hint="With no tree won, a journey must end on a plot of lower power than where "
                 "it began: of the plots that see c4, which are lower than d3?",
            hint_cells=("c3", "d4"),
            solution=("move d3", "slide b3", "end"),
            wrong=(("move d3", "slide d2", "end"), ("move d3", "slide d1", "end")),
            claims=(claim.power("d3", 2, at="start"), claim.power("c4", 2, at="start"),
                    claim.power("d4", 3, at="start")),
            rules_covered=("power-rule",),
        ),
        Exercise(
            title="Down to the edge",
            turn="move",
            text=("{to_move()|cap}'s sprite stands on c2, of power {power(c2)}; the plot b4 "
                  "has power {power(b4)}."),
            prompt=("You play **{to_move()|cap}**. Move your sprite so that it **fertilizes "
                    "b4**, and end your turn."),
            start=EDGEWARD,
            overlays=("power",),
            check=checks.fertilized_by("b4", ("dark",)),
            hint="With no tree won, the journey ends lower than where it began: which plots "
                 "of lower power than c2 see b4?",
            hint_cells=("b2", "b3", "c3"),
            solution=("move c2", "slide b1", "end"),
            wrong=(("move c2", "slide a2", "end"), ("move c2", "slide c1", "end")),
            claims=(claim.power("c2", 1, at="start"), claim.power("b4", 1, at="start")),
            rules_covered=("power-rule",),
        ),
        Page(
            title="No move limit",
            text=(
                "The classic edition ends a game after "
                "{default_option_of(dendria-classic, dendrid_move_limit)|word} turns by each "
                "player without a plant (lesson {lesson(ending)}). The sprites edition has **no "
                "such limit**: a game ends after {rule_number(passes_to_end)|word} passes in a "
                "row. The repetition rule still holds: no turn "
                "may bring back a board seen before."),
            start=POWER,
            claims=(claim.option("dendrid_move_limit", None),
                    claim.option("superko", "positional")),
            rules_covered=("no-move-limit", "pass-end", "superko"),
        ),
        Page(
            title="Converting as the move starts",
            text=(
                "In this edition a move may **sprout, grow and capture as soon as it "
                "starts**, before any slide (the classic edition waits for a "
                "stop). Then the sprite still stands where it was: here "
                "{piece(c4)|colour|cap}'s sprite on c4 is a nourisher of the "
                "{piece(c3)|piece} on c3, which has {nourisher_count(c3, dark)} dark "
                "nourishers against {nourisher_count(c3, light)} light."),
            start=BEFORE,
            overlays=("nutrients",),
            focus="c3",
            claims=(claim.nourishers("c3", 4, 2), claim.legal("move c4")),
            rules_covered=("convert-at-start", "journey-convert"),
        ),
        Exercise(
            title="Sprout before you slide",
            turn="move",
            text=("The {piece(c3)|piece} on c3 is {hungry(c3)|hungry}, "
                  "{nourisher_count(c3, dark)} dark against {nourisher_count(c3, light)} "
                  "light, while your "
                  "sprite stands on c4."),
            prompt="Move your sprite, and sprout the seed on **c3** into a dark sprite.",
            start=BEFORE,
            overlays=("nutrients",),
            claims=(claim.may_sprout("c3", "dark", at="start"),),
            check=_check_sprout_first,
            hint="Once your sprite has left c4, what nourishes c3 from the east?",
            hint_cells=("c4", "c5"),
            solution=("move c4", "sprout c3", "slide c6", "end"),
            wrong=(("move c4", "slide c6", "end"), ("move c4", "slide b4", "end")),
            rules_covered=("convert-at-start", "sprout-majority"),
        ),
    ], drill('power'), drill('sprout-first')),
)

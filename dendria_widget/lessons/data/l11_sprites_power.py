"""Lesson 11: the sprites edition: sprites, power and the power rule (with
its exception, a tree won this turn, stated with it; lesson 14 shows a tree
won). Converting as a move starts, and no move limit, are lesson 12; sowing
is lesson 13."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

# Dark: a sprite on d4 and an unprotected forest; Light: an unprotected
# forest (g1-g2) and a forest (i5) its sprite on h4 protects.
POWER = "dendria-sprites h5 3tt/6/7/3d4/9/8/TT5/3D2/4T dark"
# Dark's sprite on d3 (power 2): of the plots that see c4, only b3 and c2 are
# of lower power (3 of Dark's 75 whole turns make Dark fertilize c4)
DOWNHILL = "dendria-sprites h4 4/5/6/2d4/6/5/S3 dark"
# Dark's sprite on c2 (power 1): of the plots that see b4, only b1 is of power
# 0 (1 of Dark's 58 whole turns makes Dark fertilize b4)
EDGEWARD = "dendria-sprites h4 4/5/1d4/7/4S1/5/4 dark"


LESSON = Lesson(
    name="11_sprites_power",
    title="The sprites edition: sprites and power",
    summary="Sprites and power, and the power rule: a journey ends on a plot of lower "
            "power, unless a tree was won that turn.",
    pages=with_drills([
        Page(
            title="Sprites and power",
            claims=(claim.power("a1", 0, mentions=("0",)), claim.power("i5", 0, mentions=()), claim.power("e5", 4, mentions=("4",)),
                    claim.middle("e5", mentions=()),),
            text=(
                "The **sprites edition** is a later Dendria. The classic edition's dendrid "
                "is called a **sprite** here, its planting is called **sowing**, and its soils "
                "are **plots**.\n\n"
                "Every plot has a **power**: look along its lines and count the plots "
                "on the shortest one. The numbers on the board show it. Plots on the edge "
                "have power {power(a1)}; the middle of this board has power "
                "{power(e5)}."),
            start=POWER,
            overlays=("power",),
            rules_covered=("power",),
        ),
        Page(
            title="The power rule",
            statements=(st.rule("must **end on a plot of lower power**", "power-rule", "2.3 A turn", ("dendria-sprites",)),),
            text=(
                "A sprite's journey must **end on a plot of lower power** than where it "
                "began, **unless a step of that same turn won a tree**: a growth or a "
                "capture that gave the mover more trees; then the power of the plot it "
                "ends on does not matter (lesson {lesson(sprites_protection)} shows it). "
                "Press **Play**: "
                "{to_move()|cap}'s sprite leaves "
                "d4 (power {power(d4)}) and ends on d3 (power {power(d3)}).\n\n"
                "With no tree won, it could not end on d5 (power {power(d5)}, the same) "
                "nor on e5 (power {power(e5)}): the engine refuses the End there. So "
                "sprites drift towards the edge."),
            start=POWER,
            play=("move d4", "slide d3", "end"),
            overlays=("power",),
            claims=(claim.power("d4", 3, at="start"), claim.power("d3", 2, at="start"),
                    claim.power("d5", 3, at="start"), claim.power("e5", 4, at="start"),
                    # "the engine refuses the End there"
                    claim.after(("move d4", "slide d5"), claim.legal("end", False, at="start")),
                    claim.after(("move d4", "slide e5"), claim.legal("end", False, at="start"))),
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
            check=checks.fertilized_by("c4", (None,)),
            hint="With no tree won, a journey must end on a plot of lower power than where "
                 "it began: of the plots that see c4, which are lower than d3?",
            hint_cells=("c3", "d4"),
            solution=("move d3", "slide b3", "end"),
            wrong=(("move d3", "slide d2", "end"), ("move d3", "slide d1", "end")),
            claims=(claim.power("d3", 2, at="start"), claim.power("c4", 2, at="start"),
                    claim.power("d4", 3, at="start"),
                    claim.holding("dark dendrid", "d3", at="start")),
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
            check=checks.fertilized_by("b4", (None,)),
            hint="With no tree won, the journey ends lower than where it began: which plots "
                 "of lower power than c2 see b4?",
            hint_cells=("b2", "b3", "c3"),
            solution=("move c2", "slide b1", "end"),
            wrong=(("move c2", "slide a2", "end"), ("move c2", "slide c1", "end")),
            claims=(claim.power("c2", 1, at="start"), claim.power("b4", 1, at="start"),
                    claim.holding("dark dendrid", "c2", at="start")),
            rules_covered=("power-rule",),
        ),
    ], drill('power')),
)

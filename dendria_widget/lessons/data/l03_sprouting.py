"""Lesson 03: sprouting dendrids: nourishers counted by colour, the strict
majority, sprouting either colour's seeds, one nourisher per root."""

from .. import checks
from .. import claims as claim
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

# d4: six nourishers, three dark and three light
TIE = "dendria-classic h4 4/3t1/2D3/s2s1S1/6/1T3/3d dark"
# a light seed on d4, hungry to the south-west; four dark nourishers, one light
HUNGRY_LIGHT = "dendria-classic h4 4/3t1/2D3/s2S1s1/6/5/3d dark"
CROSSING = "dendria-classic h4 S2T/5/6/s6/6/5/s3 dark"

LESSON = Lesson(
    name="03_sprouting",
    title="Sprouting dendrids",
    summary="Seeds sprout into dendrids: nourishers counted by colour, the strict majority, "
            "either colour's seeds.",
    pages=with_drills([
        Page(
            title="Counting nourishers",
            text="A nourished seed can **sprout**: it becomes a **dendrid** of the player "
                 "whose turn it is. To see who may sprout it, count its nourishers by "
                 "colour (the small numbers under the seed: dark, then light). The seed "
                 "on d4 has 3 dark and 3 light nourishers.",
            start=TIE,
            overlays=("nutrients", "roots"),
            focus="d4",
            claims=(claim.piece("d4", "dark seed"), claim.nourishers("d4", 3, 3),),
            rules_covered=("sprout-majority",),
        ),
        Page(
            title="A strict majority",
            text="The player to move may sprout a seed only with **strictly more** of "
                 "their own pieces among its nourishers than the opponent's. Three against "
                 "three is not enough, for Dark or for Light: nobody may sprout d4. The "
                 "*Conversions* overlay marks the seeds the player to move may sprout; "
                 "here there are none.",
            start=TIE,
            overlays=("nutrients", "conversions"),
            claims=(claim.to_move("dark"), *(claim.may_sprout(c, who, False, mentions=()) for c in ("d1", "d6") for who in ("dark", "light")), claim.may_sprout("d4", "dark", False), claim.may_sprout("d4", "light", False)),
            rules_covered=("sprout-majority",),
        ),
        Page(
            title="One nourisher per root",
            text="Each root gives **one** nourisher: the first piece on it. Press "
                 "**Play**: Dark plants on d3, between d4 and the dark seed on d1. Now d3 "
                 "is the nourisher on that root, and d1 no longer counts. Still three "
                 "against three.",
            start=TIE,
            play=("plant d3", "end"),
            overlays=("nutrients", "roots"),
            focus="d4",
            claims=(claim.piece("d3", "dark seed"), claim.piece("d1", "dark seed"), claim.nourishers("d4", 3, 3),),
            rules_covered=("sprout-one-per-root",),
        ),
        Page(
            title="Hungry seeds do not sprout",
            text="The light seed on d4 has four dark nourishers and one light one, but it "
                 "is **hungry**: it sees the edge to the south-west. A hungry seed may not "
                 "sprout, whatever the count.",
            start=HUNGRY_LIGHT,
            claims=(claim.piece("d4", "light seed"), claim.sees_edge("d4", "SW"), claim.hungry("d4"), claim.nourishers("d4", 4, 1),
                    claim.may_sprout("d4", "dark", False),
                    claim.may_sprout("d4", "light", False)),
            overlays=("nutrients", "roots"),
            focus="d4",
            rules_covered=("sprout-hungry-never",),
        ),
        Page(
            title="Plant, then sprout",
            text="Sprouting happens during a turn, for example right after planting. "
                 "Press **Play**: Dark plants on f2, on the open root of d4. The seed on "
                 "d4 is nourished now, with five dark nourishers against one light. Dark "
                 "sprouts it, **although it is a light seed**: it becomes a **dark** "
                 "dendrid. Then Dark ends the turn.",
            start=HUNGRY_LIGHT,
            play=("plant f2", "sprout d4", "end"),
            overlays=("nutrients", "conversions"),
            claims=(claim.piece("d4", "dark dendrid"), claim.nourishers("d4", 4, 1, at="start", mentions=())),
            rules_covered=("sprout-either-colour", "plant-sprout"),
        ),
        Exercise(
            title="Take a1",
            turn="plant",
            text="The light seed on a1 is hungry: its root to the south-east is open. It "
                 "has one dark nourisher (d1) and one light one (a4).",
            prompt="Plant a seed, then sprout the light seed on **a1** into **your** "
                   "(Dark's) dendrid: click the cell to plant, then click a1.",
            start=CROSSING,
            overlays=("nutrients", "conversions"),
            check=checks.sprouted("a1", "dark"),
            hint="A dark seed anywhere on the open root of a1 feeds it and adds a dark "
                 "nourisher: two against one.",
            hint_cells=("b2", "c3", "d4", "e4", "f4", "g4"),
            solution=("plant d4", "sprout a1", "end"),
            wrong=(("plant a2", "end"), ("plant g4", "end")),
            auto_end=True,
            claims=(claim.sees_edge("a1", "SE", at="start"), claim.piece("d1", "dark seed", at="start"), claim.piece("a4", "light tree", at="start"), claim.hungry("a1", at="start"), claim.nourishers("a1", 1, 1, at="start", mentions=("a1", "d1", "a4")),),
            rules_covered=("sprout-majority", "plant-sprout"),
        ),
        Exercise(
            title="Break the tie",
            turn="plant",
            text="Back to the tie: three dark and three light nourishers round d4.",
            prompt="Plant **one** seed so that you may sprout the seed on **d4**, and "
                   "sprout it.",
            start=TIE,
            overlays=("nutrients", "roots"),
            focus="d4",
            check=checks.sprouted("d4", "dark"),
            hint="Put your seed in front of a light nourisher, on the same root: then the "
                 "light piece no longer counts, yours does.",
            hint_cells=("d5", "e3"),
            solution=("plant d5", "sprout d4", "end"),
            wrong=(("plant d3", "end"), ("plant c4", "end")),
            auto_end=True,
            claims=(claim.nourishers("d4", 3, 3, at="start"),),
            rules_covered=("sprout-one-per-root", "sprout-majority"),
        ),
        Exercise(
            title="Two at once",
            turn="plant",
            text="Back to the seeds of the exercise *Take a1*: a light seed on a1, dark "
                 "seeds on d1 and g1, a light tree on a4. Each seed is hungry.",
            prompt="Plant **one** seed, then sprout **two** seeds into dark dendrids.",
            start=CROSSING,
            overlays=("nutrients", "conversions"),
            claims=(claim.holding("dark seed", "d1", "g1", at="start"), claim.holding("light seed", "a1", at="start"), claim.holding("light tree", "a4", at="start"),
                    claim.hungry("a1", at="start"), claim.hungry("d1", at="start"),
                    claim.hungry("g1", at="start")),
            check=checks.sprouted_many(2, "dark"),
            hint="Your seed must close the last open root of two seeds at once, and bring "
                 "each of them more dark nourishers than light.",
            hint_cells=("c3", "d3", "e4", "f4"),
            solution=("plant d4", "sprout a1", "sprout d1", "end"),
            wrong=(("plant d4", "sprout a1", "end"), ("plant g4", "sprout a1", "end")),
            auto_end=True,
            rules_covered=("sprout-majority", "sprout-either-colour", "plant-sprout"),
        ),
    ], drill('sprout')),
)

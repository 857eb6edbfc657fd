"""Lesson 05: seedbeds, fertile soils and forests growing (right after
planting, and during a move)."""

from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page
from ..drills import with_drills
from .drill_positions import drill

GROUPS = "dendria-classic h4 2tt/5/1ss3/2s4/4SS/5/1T2 dark"
CORNER_BOTTOM = "dendria-classic h4 4/5/6/7/6/4d/3d dark"
CORNER_TOP = "dendria-classic h4 3d/4d/6/7/6/5/4 dark"
# a dark seed on f5; dark dendrids on e3 and g4, a light one on e1
PAIR = "dendria-classic h4 4/5/6/7/D1d3/4s/1S1d dark"
LIGHT_CORNER = "dendria-classic h4 4/5/6/d6/6/5/d2S dark"
LIGHT_PAIR = "dendria-classic h4 SS2/5/6/5d1/1D4/5/4 dark"

LESSON = Lesson(
    name="05_seedbeds",
    title="Seedbeds and forests",
    summary="Seedbeds and their fertile soils; a seedbed grows into a forest, after planting "
            "or during a move.",
    pages=with_drills([
        Page(
            title="Seedbeds and forests",
            text="Seeds of the same colour that touch each other form a **seedbed**; touching "
                 "trees of the same colour form a **forest**. A piece with no such neighbour "
                 "is a group by itself. Here: a {group_colour(c2)} seedbed of {group_size(c2)|word} seeds "
                 "({group(c2)}), a {group_colour(e5)} seedbed of {group_size(e5)|word} "
                 "({group(e5)}), a {group_colour(a3)} forest of {group_size(a3)|word} trees "
                 "({group(a3)}) and a {group_colour(g2)} forest of {group_size(g2)|word} "
                 "({group(g2)}).",
            start=GROUPS,
            overlays=("fertile",),
            claims=(claim.group("c2", "c3", "d3"), claim.group("e5", "e6"), claim.group("a3", "a4"), claim.group("g2")),
            rules_covered=("seedbed",),
        ),
        Page(
            title="Fertile soils",
            claims=(claim.holding("dark dendrid", mentions=()), claim.holding("light dendrid", mentions=()),),
            text="The empty soils touching a group are its **fertile soils**. The *Fertile "
                 "soils* overlay outlines each group and marks its fertile soils, with who "
                 "fertilizes each (here nobody: there are {dendrid_count()|word} dendrids yet).",
            start=GROUPS,
            overlays=("fertile",),
            rules_covered=("fertile-soils",),
        ),
        Page(
            title="Growing right after planting",
            statements=(st.rule("(only that one)", "grow-after-plant", "2.2 Conversions", ("dendria-classic",)),
                        st.rule("**every one** of them", "grow", "2.2 Conversions",
                                ("dendria-classic",))),
            text="A seedbed that has fertile soils **grows** into a forest of the player "
                 "to move when **every one** of them is fertilized by that player (a "
                 "seedbed with **no** fertile soil is another case: lesson {lesson(capture)}). Right after "
                 "planting, "
                 "the player may grow the seedbed of the **new seed** (only that one). "
                 "Press **Play**: {to_move()|cap} plants on g1; its fertile soils "
                 "{fertile_soils(g1)@1} are fertilized by {to_move()|cap} "
                 "({fertile_by(g1, dark)@1}), by the {dendrids} on {holding(dark dendrid)}, "
                 "so {to_move()|cap} grows it: a {piece(g1)|kind@end}.",
            start=CORNER_BOTTOM,
            play=("plant g1", "grow g1", "end"),
            overlays=("fertile", "fertilization"),
            claims=(claim.fertile_soils("g1", "f1", "f2", "g2"), claim.fertilizes("dark", "f1", "f2", "g2"), claim.holding("dark dendrid", "f5", "g4"), claim.verbs_after(("plant g1",), "end", "grow", at="start"), claim.piece("g1", "dark tree"),),
            rules_covered=("grow", "grow-after-plant"),
        ),
        Page(
            title="Growing during a move",
            text="Every other growth happens during a **move**: instead of planting, a "
                 "player may move one of their dendrids along one of its lines to an "
                 "empty soil further on, a **slide** (lesson {lesson(journeys)} tells the whole "
                 "story). After the slide, the player may grow any seedbed, **of either colour**, "
                 "whose fertile soils they all fertilize. Press **Play**: the "
                 "{piece(d1)|piece} on d1 slides to f1. The fertile soils of the "
                 "{piece(g4)|piece} on g4 are {fertile_soils(g4)@2}, and {to_move()|cap} fertilizes "
                 "{fertile_by(g4, dark)@2} (from {holding(dark dendrid)@2}): the seed becomes a "
                 "**{piece(g4)|piece@end}**.",
            start=LIGHT_CORNER,
            play=("move d1", "slide f1", "grow g4", "end"),
            overlays=("fertile", "fertilization"),
            claims=(claim.piece("f1", "dark dendrid"), claim.piece("g1", "dark dendrid"), claim.fertile_soils("g4", "f4", "f5", "g3"), claim.piece("g4", "light seed", at="start"), claim.piece("g4", "dark tree"), claim.fertilizes("dark", "f4", "f5", "g3")),
            rules_covered=("grow-on-move", "grow", "journey-line"),
        ),
        Exercise(
            title="Plant and grow",
            turn="plant",
            text="{to_move()|cap} has {count_of(dark dendrid)|word} dendrids, on "
                 "{holding(dark dendrid)}.",
            prompt="Plant a seed where you can **grow it into a tree at once**, and grow "
                   "it (click the {soil}, then click your new seed).",
            start=CORNER_TOP,
            overlays=("fertilization",),
            check=checks.grown(None),
            hint="A seed in a corner touches {corner_fertile()|word} soils, the fewest. Which "
                 "corner's are all seen by your dendrids?",
            hint_cells=("a1",),
            solution=("plant a1", "grow a1", "end"),
            wrong=(("plant a2", "end"), ("plant b1", "end"), ("plant a1", "end")),
            auto_end=True,
            claims=(claim.holding("dark dendrid", "a4", "b5", at="start"),),
            rules_covered=("grow-after-plant",),
        ),
        Exercise(
            title="A forest of {group_size(f4)|word@end}",
            statements=(st.rule("only the new seed's seedbed may grow", "grow-after-plant", "2.2 Conversions", ("dendria-classic",)),),
            turn="plant",
            text="{to_move()|cap} has {count_of(dark dendrid)|word} dendrids, on "
                 "{holding(dark dendrid)}, and a seed on {holding(dark seed)}.",
            prompt="Plant a seed and grow a {to_move()} forest of "
                   "**{group_size(f4)|word@end}** trees at once.",
            start=PAIR,
            overlays=("fertile", "fertilization"),
            check=checks.grown(None, size=2),
            hint="Right after planting, only the new seed's seedbed may grow, whole. A seed "
                 "next to f5 joins its seedbed.",
            hint_cells=("f5", "e4", "e5", "f4", "g4"),
            solution=("plant f4", "grow f4", "end"),
            wrong=(("plant e5", "end"), ("plant f4", "end")),
            auto_end=True,
            claims=(claim.holding("dark dendrid", "e3", "g4", at="start"), claim.holding("dark seed", "f5", at="start"),),
            rules_covered=("grow-after-plant", "seedbed", "fertile-soils"),
        ),
        Exercise(
            title="Take the seedbed",
            turn="move",
            text="{group_colour(a1)|cap} has a seedbed of {group_size(a1)|word} seeds on "
                 "{group(a1)}. Its fertile soils are {fertile_soils(a1)}.",
            prompt="Move your dendrid so that it fertilizes **all {fertile_count(a1)|word}** "
                   "fertile soils, and "
                   "grow the {group_colour(a1)} seedbed into a **{to_move()} forest** (click "
                   "the dendrid, then "
                   "where it goes, then a seed of the seedbed).",
            start=LIGHT_PAIR,
            overlays=("fertile", "fertilization"),
            check=checks.grown("a1"),
            hint="A dendrid sees along its row and along the slanting lines: find a {soil} "
                 "from which it sees every one of {fertile_soils(a1)}.",
            hint_cells=("b4",),
            solution=("move d6", "slide b4", "grow a1", "end"),
            wrong=(("move d6", "slide c5", "end"), ("move d6", "slide a3", "end")),
            auto_end=True,
            claims=(claim.group("a1", "a2", at="start"), claim.fertile_soils("a1", "a3", "b1", "b2", "b3", at="start"),),
            rules_covered=("grow", "grow-on-move"),
        ),
    ], drill('grow'), drill('grow-move')),
)

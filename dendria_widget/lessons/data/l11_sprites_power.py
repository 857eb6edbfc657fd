"""Lesson 11: the sprites edition, part 1: sprites, power and the power rule,
hungry seeds and sowing without touching, protection, leafiness."""

from ...explain import dendria as explain
from .. import checks
from ..framework import Exercise, Lesson, Page, Verdict, planted, words

# Dark: a sprite on d4 and an unprotected forest; Light: an unprotected
# forest (g1-g2) and a forest (i5) its sprite on h4 protects.
POWER = "dendria-sprites h5 3tt/6/7/3d4/9/8/TT5/3D2/4T dark"
# Dark's seeds: c2 and c4 do not touch, e3 and e4 do.
SOWING = "dendria-sprites h5 5/6/1s1s3/8/2ss5/8/7/6/5 dark"
# An edge cell: a3 sees the edge straight out of the board.
EDGE = "dendria-sprites h5 5/6/7/8/2ss5/8/7/6/5 dark"
# Dark's forest a1-a2 is not protected; Dark's sprite on e7 can save it.
SAVE = "dendria-sprites h5 tt3/6/7/8/6d2/8/7/2D3/5 dark"
# Light's tree on a1 has no fertile soil; it sees one dark sprite (b2).
ENCLOSED = "dendria-sprites h5 Ts3/sd4/7/8/9/8/7/3D2/5 dark"
# Leafiness: one forest of 4 against forests of 2, 2, 2 and 1.
LEAFY = "dendria-sprites h5 tttt1/6/7/8/9/1D6/TT1TT2/6/T1TT1 dark"


def _check_saved(game):
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    forest = next((g for g in explain.groups(game)
                   if g["kind"] == "forest" and "a1" in g["cells"]), None)
    if forest is None or forest["colour"] != "dark":
        return Verdict(False, "Dark's forest on a1 and a2 is no longer Dark's.")
    if forest["protected"]:
        return Verdict(True, "Dark's forest is protected now: Dark fertilizes every one of "
                             f"its fertile soils ({words(forest['fertile_soils'])}).")
    missing = [s for s, who in forest["fertile_soils"].items() if "dark" not in who]
    return Verdict(False, "Dark's forest is still not protected: Dark does not fertilize "
                          f"{words(missing)}. Light could capture it.")


def _check_sow_between(game):
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    cells = planted(game)
    if not cells:
        return Verdict(False, "Sow a seed: click an empty cell, then press End turn.")
    cell = cells[0]
    board = game.board
    mine = [n for n in board.names(board.neighbours[board.cell(cell)])
            if game.pieces.get(n, "").startswith("dark")]
    if len(mine) >= 2:
        return Verdict(True, f"Your seed on {cell} touches your pieces on {words(mine)}, "
                             "and they do not touch each other.")
    return Verdict(False, f"Your seed on {cell} touches {len(mine)} of your pieces; find a "
                          "cell between two of them that do not touch.")


LESSON = Lesson(
    name="11_sprites_power",
    title="The sprites edition, part 1",
    summary="Sprites and power, the power rule, sowing without touching, protection and "
            "leafiness.",
    pages=[
        Page(
            title="Sprites and power",
            text=(
                "The **sprites edition** is a later Dendria. A dendrid is called a "
                "**sprite**, and planting is called **sowing**.\n\n"
                "Every cell has a **power**: look along its six lines and count the cells "
                "on the shortest one. The numbers on the board show it. Cells on the edge "
                "have power 0; the middle of this board has power 4."),
            start=POWER,
            overlays=("power",),
            rules_covered=("power",),
        ),
        Page(
            title="The power rule",
            text=(
                "A sprite's journey must **end on a cell of lower power** than where it "
                "began. Press **Play**: Dark's sprite leaves d4 (power 3) and ends on d3 "
                "(power 2).\n\n"
                "It could not end on d5 (power 3, the same) nor on e5 (power 4): the "
                "engine refuses the End there. So sprites drift towards the edge."),
            start=POWER,
            play=("move d4", "slide d3", "end"),
            overlays=("power",),
            rules_covered=("power-rule",),
        ),
        Page(
            title="Protected forests",
            text=(
                "A forest is **protected** when its owner fertilizes every one of its "
                "fertile soils (the empty cells touching it). The small marks show who "
                "fertilizes each fertile soil.\n\n"
                "Light's tree on i5 is protected: Light's sprite on h4 sees h5, h6 and "
                "i4, all three of its fertile soils."),
            start=POWER,
            overlays=("fertile",),
            focus="i5",
            rules_covered=("protection",),
        ),
        Page(
            title="Not protected",
            text=(
                "Light's forest g1-g2 is **not** protected: its sprite on h4 sees h1 and "
                "h2, but nobody of Light sees f1, f2, f3 or g3. (Dark's forest a4-a5 is "
                "not protected either.)"),
            start=POWER,
            overlays=("fertile",),
            focus="g1",
            rules_covered=("protection",),
        ),
        Page(
            title="Capturing an unprotected forest",
            text=(
                "During a move, the mover may **capture any enemy forest that is not "
                "protected**, at any stop, and in this edition even before the first "
                "slide. Press **Play**: Dark's sprite captures g1-g2, then slides to e5.\n\n"
                "e5 has power 4, higher than d4: this is allowed because a step of the "
                "turn gave Dark more trees. That is the one exception to the power rule."),
            start=POWER,
            play=("move d4", "capture g1", "slide e5", "end"),
            overlays=("power",),
            rules_covered=("capture-unprotected", "power-rule"),
        ),
        Page(
            title="A forest with no fertile soil",
            text=(
                "Light's tree on a1 has no fertile soil: every cell next to it is taken. "
                "Such a forest is judged by the **sprites it sees**: it is protected only "
                "when it sees more of its owner's sprites than of the other colour's. "
                "Along its lines the tree sees two dark seeds and one dark sprite (b2), "
                "and no light sprite: it is not protected.\n\n"
                "Press **Play**: Dark's sprite captures it before its first slide, then "
                "leaves. (A seedbed with no fertile soil grows the same way: when it sees "
                "more of the mover's sprites than of the opponent's.)"),
            start=ENCLOSED,
            play=("move b2", "capture a1", "slide d4", "end"),
            overlays=("fertile",),
            focus="a1",
            rules_covered=("enclosed-sight", "capture-unprotected"),
        ),
        Exercise(
            title="Save your forest",
            turn="move",
            text=(
                "Dark's forest on a1 and a2 is not protected: on its next move Light may "
                "capture it."),
            prompt=("You play **Dark**. Move your sprite so that your forest is "
                    "protected. Remember the power rule."),
            start=SAVE,
            overlays=("fertile", "power"),
            focus="a1",
            check=_check_saved,
            hint="One cell of row b sees a3, b1, b2 and b3 at once.",
            hint_cells=("b4",),
            solution=("move e7", "slide b4", "end"),
            wrong=(("move e7", "slide d7", "end"), ("move e7", "slide a3", "end")),
            rules_covered=("protection", "power-rule"),
        ),
        Page(
            title="Every edge cell sees the edge",
            text=(
                "You sow, as you plant in the classic edition, only where the seed would "
                "be **hungry**: some line from it must reach the edge without meeting a "
                "piece.\n\n"
                "In this edition a line that leaves the board at once counts too: a cell "
                "on the edge always sees the edge. The lines drawn from a3 show it: two "
                "of them go straight off the board."),
            start=EDGE,
            overlays=("roots",),
            focus="a3",
            rules_covered=("edge-touching", "hungry"),
        ),
        Page(
            title="Sowing without touching",
            text=(
                "One more rule for sowing: **your pieces next to the new seed must not "
                "touch each other**.\n\n"
                "Dark may not sow on d3: it touches e3 and e4, which touch each other. "
                "Press **Play**: Dark sows on b4, which touches only c4. After sowing, "
                "seeds may sprout, but in this edition no seedbed grows."),
            start=SOWING,
            play=("plant b4", "end"),
            marks={"d3": "no"},
            rules_covered=("sowing-non-touching",),
        ),
        Exercise(
            title="Sow between",
            turn="plant",
            text="Dark has four seeds. c2 and c4 do not touch; e3 and e4 do.",
            prompt=("You play **Dark**. Sow a seed that touches **at least two** of your "
                    "pieces, and end your turn."),
            start=SOWING,
            check=_check_sow_between,
            hint="Two of your pieces may touch the new seed only if they do not touch "
                 "each other.",
            hint_cells=("c2", "c4"),
            solution=("plant c3", "end"),
            wrong=(("plant a1", "end"), ("plant b4", "end")),
            rules_covered=("sowing-non-touching",),
        ),
        Page(
            title="Leafiness",
            text=(
                "The sprites edition scores by **leafiness**: a forest of s trees is worth "
                "1 + 2 + ... + s points: 1 tree 1, 2 trees 3, 3 trees 6, 4 trees 10.\n\n"
                "Dark's one forest of 4 is worth 10. Light's forests of 2, 2, 2 and 1 are "
                "worth 3 + 3 + 3 + 1 = 10 too. The half point goes, as in the classic "
                "edition, to the larger forests compared from the largest: Dark's 4 beats "
                "Light's 2. Dark 10.5, Light 10."),
            start=LEAFY,
            rules_covered=("leafiness", "score-half"),
        ),
    ],
)

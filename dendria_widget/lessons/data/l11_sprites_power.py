"""Lesson 11: the sprites edition, part 1: sprites, power and the power rule,
no move limit, edge plots that see the edge, sowing without touching, and
converting as a move starts."""

from ...explain import dendria as explain
from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..framework import Exercise, Lesson, Page, Verdict, planted, words
from ..sentences import DIRECTION_WORDS

# Dark: a sprite on d4 and an unprotected forest; Light: an unprotected
# forest (g1-g2) and a forest (i5) its sprite on h4 protects.
POWER = "dendria-sprites h5 3tt/6/7/3d4/9/8/TT5/3D2/4T dark"
# Dark's seeds: c2 and c4 do not touch, e3 and e4 do.
SOWING = "dendria-sprites h5 5/6/1s1s3/8/2ss5/8/7/6/5 dark"
# An edge cell: a3 sees the edge straight out of the board.
EDGE = "dendria-sprites h5 5/6/7/8/2ss5/8/7/6/5 dark"
# a1 ringed by light pieces: its lines that hold plots end on them
EDGE_SEED = "dendria-sprites h4 1S2/TS3/6/3d3/6/5/3D dark"
# Dark's sprite on c4 nourishes the light seed on c3 (4 dark, 2 light); once
# it leaves, c5 is the nourisher that way (3 against 3)
BEFORE = "dendria-sprites h4 4/1tt2/1SSdS1/2Ss3/6/5/1D2 dark"


def _check_edge_seed(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    cells = planted(game)
    if not cells:
        return Verdict(False, "Sow a seed: click an empty plot, then press End turn.")
    cell = cells[0]
    lines = [r for r in explain.roots(game, cell) if r["cells"]]
    open_lines = [DIRECTION_WORDS[r["direction"]] for r in lines if r["sees_edge"]]
    if not open_lines:
        off = [DIRECTION_WORDS[r["direction"]] for r in explain.roots(game, cell)
               if not r["cells"]]
        return Verdict(True, f"Right: every line of {cell} that holds a plot ends on a piece, "
                             f"and its lines to the {words(off)} leave the board at once: "
                             "they see the edge, so the seed was hungry and could be sown.")
    return Verdict(False, f"Your seed on {cell} sees the edge along lines that hold plots "
                          f"(to the {words(open_lines)}): find a plot whose lines with plots "
                          "are all closed by pieces.")


def _check_sprout_first(game: Game) -> Verdict:
    verdict = checks.sprouted("c3", "dark")(game)
    if verdict.ok or game.pieces.get("c3") != "light seed":
        return verdict
    if "slide" in [st.verb for st in game.steps]:
        return Verdict(False, verdict.message + " Your sprite left c4 before the seed "
                                                "sprouted: in this edition you may sprout "
                                                "as soon as the move starts, before the "
                                                "first slide.")
    return verdict


def _check_sow_between(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    cells = planted(game)
    if not cells:
        return Verdict(False, "Sow a seed: click an empty plot, then press End turn.")
    cell = cells[0]
    board = game.board
    mine = [n for n in board.names(board.neighbours[board.cell(cell)])
            if game.pieces.get(n, "").startswith("dark")]
    if len(mine) >= 2:
        return Verdict(True, f"Your seed on {cell} touches your pieces on {words(mine)}, "
                             "and they do not touch each other.")
    return Verdict(False, f"Your seed on {cell} touches {len(mine)} of your pieces; find a "
                          "plot between pieces of yours that do not touch each other.")


LESSON = Lesson(
    name="11_sprites_power",
    title="The sprites edition: power and sowing",
    summary="Sprites and power, the power rule, no move limit, edge plots, sowing without "
            "touching, converting as a move starts.",
    pages=[
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
                "the next lesson shows it). Press **Play**: {to_move()|cap}'s sprite leaves "
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
            title="Every edge cell sees the edge",
            statements=(st.rule("only where the seed would be **hungry**", "plant-hungry", "2.3 A turn", ("dendria-sprites",)), st.rule("a cell on the edge always sees the edge", "edge-touching", "2.1 Roots, hunger and fertilization", ("dendria-sprites",)),),
            claims=(claim.off_board("a3", "NE", "NW"), claim.roots("a3", 6, mentions=()),),
            text=(
                "You sow, as you plant in the classic edition, only where the seed would "
                "be **hungry**: some line from it must reach the edge without meeting a "
                "piece.\n\n"
                "In this edition a line that leaves the board at once counts too: a cell "
                "on the edge always sees the edge. The lines drawn from a3 show it: "
                "{off_board(a3)|n|word} of them ({off_board(a3)|ways}) go straight off "
                "the board."),
            start=EDGE,
            overlays=("roots",),
            focus="a3",
            rules_covered=("edge-touching", "hungry"),
        ),
        Exercise(
            title="A seed on the edge",
            turn="plant",
            text=("{piece(a2)|colour|cap} has pieces on {next_to(a1, light)}, round a corner "
                  "of the board. In the classic edition a seed in that corner would be "
                  "nourished (its {next_to(a1, light)|n|word} lines end on those pieces), so "
                  "nobody could plant there."),
            prompt=("Sow **one** seed on a plot where every line that holds a plot ends on "
                    "a piece."),
            start=EDGE_SEED,
            overlays=("roots",),
            claims=(claim.off_board("a1", "NE", "NW", "W", at="start", mentions=("corner",)), claim.holding("light seed", "a2", "b2", at="start"), claim.holding("light tree", "b1", at="start"),
                    claim.sees_edge("a1", "NE", "NW", "W", at="start", mentions=("corner",)),),
            check=_check_edge_seed,
            hint="A plot on the edge has lines that leave the board at once, and in this "
                 "edition they see the edge.",
            hint_cells=("a2", "b1", "b2"),
            solution=("sow a1", "end"),
            wrong=(("sow a3", "end"), ("sow d1", "end")),
            rules_covered=("edge-touching",),
        ),
        Page(
            title="Sowing without touching",
            statements=(st.rule("must not touch each other", "sowing-non-touching", "2.3 A turn", ("dendria-sprites",)),),
            claims=(claim.legal("sow d3", False, at="start", mentions=("d3",)), claim.next_to("d3", "dark", "c2", "e3", "e4", at="start"), claim.next_to("e3", "dark", "e4", at="start"), claim.next_to("b4", "dark", "c4", at="start"), claim.piece("b4", "dark seed"), claim.verbs_after(("sow b4",), "end", at="start"),),
            text=(
                "One more rule for sowing: **your pieces next to the new seed must not "
                "touch each other**.\n\n"
                "{to_move()|cap} {legal(sow d3)|may} sow on d3: it touches "
                "{next_to(d3, dark)}, and e3 and e4 touch each other. "
                "Press **Play**: {to_move()|cap} sows on b4, which touches just "
                "{next_to(b4, dark)}. After sowing, "
                "seeds may sprout, but in this edition no seedbed grows."),
            start=SOWING,
            play=("sow b4", "end"),
            marks={"d3": "no"},
            rules_covered=("sowing-non-touching",),
        ),
        Exercise(
            title="Sow between",
            statements=(st.rule("may touch the new seed only if", "sowing-non-touching", "2.3 A turn", ("dendria-sprites",)),),
            turn="plant",
            text="{to_move()|cap} has {count_of(dark seed)|word} seeds, on "
                 "{holding(dark seed)}. c2 and c4 do not touch; e3 and e4 do.",
            prompt=("You play **{to_move()|cap}**. Sow a seed that touches **at least "
                    "{next_to(c3, dark)|n|word@end}** of your pieces, and end your turn."),
            start=SOWING,
            check=_check_sow_between,
            hint="Your pieces may touch the new seed only if they do not touch "
                 "each other.",
            hint_cells=("c2", "c4"),
            solution=("sow c3", "end"),
            wrong=(("sow a1", "end"), ("sow b4", "end")),
            claims=(claim.holding("dark seed", "c2", "c4", "e3", "e4", at="start", mentions=()),),
            rules_covered=("sowing-non-touching",),
        ),
        Page(
            title="Converting as the move starts",
            text=(
                "In this edition a move may **sprout, grow and capture as soon as it "
                "starts**, before the first slide (the classic edition waits for the first "
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
    ],
)

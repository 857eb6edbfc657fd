"""Lesson 13: the sprites edition: sowing: edge plots that see the edge, and
the pieces next to a new seed, which must not touch each other."""

from ...explain import dendria as explain
from ...game import Game
from .. import checks
from .. import claims as claim
from .. import statements as st
from ..facts import counted, last_turn
from ..framework import Exercise, Lesson, Page, Verdict, planted, words
from ..drills import with_drills
from .drill_positions import drill
from ..sentences import DIRECTION_WORDS

# Dark's seeds: c2 and c4 do not touch, e3 and e4 do.
SOWING = "dendria-sprites h5 5/6/1s1s3/8/2ss5/8/7/6/5 dark"
# An edge cell: a3 sees the edge straight out of the board.
EDGE = "dendria-sprites h5 5/6/7/8/2ss5/8/7/6/5 dark"
# a1 ringed by light pieces: its lines that hold plots end on them
EDGE_SEED = "dendria-sprites h4 1S2/TS3/6/3d3/6/5/3D dark"
# Light to sow on a crowded board: c1, f1 and g4 are the plots on the edge
# whose lines with plots all end on pieces (found by a seeded search: 3 of
# Light's 17 whole turns)
CROWDED_EDGE = "dendria-sprites h4 S1ss/s3S/4S1/s1s1s1s/3S2/3S1/SSs1 light komi=18"


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


def _check_sow_between(game: Game) -> Verdict:
    unfinished = checks.turn_not_played(game, 0)
    if unfinished is not None:
        return unfinished
    cells = planted(game)
    if not cells:
        return Verdict(False, "Sow a seed: click an empty plot, then press End turn.")
    cell = cells[0]
    board = game.board
    mover, _ = last_turn(game)
    mine = [n for n in board.names(board.neighbours[board.cell(cell)])
            if game.pieces.get(n, "").startswith(mover)]
    if len(mine) >= 2:
        return Verdict(True, f"Your seed on {cell} touches your pieces on {words(mine)}, "
                             "and they do not touch each other.")
    return Verdict(False, f"Your seed on {cell} touches {counted(len(mine), 'piece')} of "
                          "yours; find a plot between pieces of yours that do not touch each "
                          "other.")


LESSON = Lesson(
    name="13_sprites_sowing",
    title="The sprites edition: sowing",
    summary="Where a seed may be sown: edge plots see the edge, and the pieces next to a "
            "new seed must not touch each other.",
    pages=with_drills([
        Page(
            title="Every edge plot sees the edge",
            statements=(st.rule("only where the seed would be **hungry**", "plant-hungry", "2.3 A turn", ("dendria-sprites",)), st.rule("a plot on the edge always sees the edge", "edge-touching", "2.1 Roots, hunger and fertilization", ("dendria-sprites",)),),
            claims=(claim.off_board("a3", "NE", "NW"), claim.roots("a3", 6, mentions=()),),
            text=(
                "You sow, as you plant in the classic edition, only where the seed would "
                "be **hungry**: some line from it must reach the edge without meeting a "
                "piece.\n\n"
                "In this edition a line that leaves the board at once counts too: a plot "
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
                  "nourished (its {root_ends(a1)|n|word} lines end on those pieces), so "
                  "nobody could plant there."),
            prompt=("Sow a seed on a plot where every line that holds a plot ends on "
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
        Exercise(
            title="Lines that end, an edge that stays",
            turn="plant",
            text=("A crowded board, {to_move()|cap} to sow. Every plot on the edge sees the "
                  "edge straight out of the board; most plots also see it along a line "
                  "that holds plots."),
            prompt=("You play **{to_move()|cap}**. Sow a seed on a plot where every "
                    "line that holds a plot ends on a piece."),
            start=CROWDED_EDGE,
            overlays=("roots",),
            claims=(claim.to_move("light", at="start"),),
            check=_check_edge_seed,
            hint="A plot on the edge can still be sown once its lines into the board are all "
                 "closed: for each plot on the edge, follow its lines that hold plots.",
            solution=("sow c1", "end"),
            wrong=(("sow c2", "end"), ("sow e1", "end")),
            rules_covered=("edge-touching",),
        ),
        Page(
            title="Sowing without touching",
            statements=(st.rule("must not touch each other", "sowing-non-touching", "2.3 A turn", ("dendria-sprites",)),),
            claims=(claim.legal("sow d3", False, at="start", mentions=("d3",)), claim.next_to("d3", "dark", "c2", "e3", "e4", at="start"), claim.next_to("e3", "dark", "e4", at="start"), claim.next_to("b4", "dark", "c4", at="start"), claim.piece("b4", "dark seed"), claim.verbs_after(("sow b4",), "end", at="start"),),
            text=(
                "Another rule for sowing: **your pieces next to the new seed must not "
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
            claims=(claim.holding("dark seed", "c2", "c4", "e3", "e4", at="start", mentions=()),
                    # "c2 and c4 do not touch; e3 and e4 do"
                    claim.next_to("c2", "dark", at="start"), claim.next_to("c4", "dark", at="start"),
                    claim.next_to("e3", "dark", "e4", at="start")),
            rules_covered=("sowing-non-touching",),
        ),
    ], drill('sow-next'), drill('edge-sow')),
)

"""Lesson 01: the board: soils, the six lines through a cell, the edge, cell names."""

from ...explain import dendria as explain
from ...game import Game
from .. import claims as claim
from ..facts import ORDINAL_WORDS, QUERIES
from ..framework import Exercise, Lesson, Page, Verdict, planted, words, worded

EMPTY = "dendria-classic h4 4/5/6/7/6/5/4 dark"
DIRECTION_WORDS = {"E": "east", "W": "west", "NE": "north-east", "NW": "north-west",
                   "SE": "south-east", "SW": "south-west"}


def _one_new_seed(game: Game) -> str | Verdict:
    """The one cell the learner planted on, or a Verdict saying what to do."""
    cells = planted(game)
    if not cells:
        return Verdict(False, "Plant a seed first: click an empty soil of the board.")
    if len(cells) > 1:
        return Verdict(False, f"Plant a seed, no more (you planted on {words(cells)}): "
                              "press Retry and try again.")
    return cells[0]


def _row_and_place(game: Game, cell: str) -> str:
    """'row f, place 2 from the left': where ``cell`` is, asked of the board."""
    row = cell.rstrip("0123456789")
    return f"row {row}, place {QUERIES['place'](game, cell)} from the left"


def _where(game: Game, cell: str) -> str:
    """Where a cell is, in words: 'row f, the sixth row from the top, the
    second soil from the left' (its row and place asked of the board)."""
    row = cell.rstrip("0123456789")
    return worded(game, f"row {row}, the {ORDINAL_WORDS[QUERIES['row_number'](game, cell)]} "
                        f"row from the top, the {ORDINAL_WORDS[QUERIES['place'](game, cell)]} "
                        "{soil} from the left")


def check_f2(game: Game) -> Verdict:
    cell = _one_new_seed(game)
    if isinstance(cell, Verdict):
        return cell
    if cell == "f2":
        return Verdict(True, f"Right: f2 is in {_where(game, 'f2')}.")
    return Verdict(False, f"That seed stands on {cell} ({_row_and_place(game, cell)}). f2 is "
                          f"in {_where(game, 'f2')}.")


def _edge(game: Game, cell: str) -> bool:
    # a cell of the edge is one that has no soil beyond it in some direction
    b = game.board
    return any(not ray for ray in b.rays[b.cell(cell)])


def check_edge_line(game: Game) -> Verdict:
    cell = _one_new_seed(game)
    if isinstance(cell, Verdict):
        return cell
    line = next((r for r in explain.roots(game, "d4") if cell in r["cells"]), None)
    on_edge = _edge(game, cell)
    if line and on_edge:
        way = DIRECTION_WORDS[line["direction"]]
        return Verdict(True, f"Right: {cell} is on the edge, at the end of the line that "
                             f"runs from d4 to the {way} ({words(line['cells'])}).")
    if on_edge:
        return Verdict(False, f"{cell} is on the edge, but none of the lines of d4 goes "
                              "through it. Follow a line from d4 straight to the edge.")
    if line:
        return Verdict(False, f"{cell} is on a line of d4, but not on the edge: the line "
                              "goes on beyond it. Go to its very end.")
    return Verdict(False, f"{cell} is neither on a line of d4 nor on the edge.")


LESSON = Lesson(
    name="01_board",
    title="The board",
    summary="The board: soils, the lines through a soil, the edge, soil names.",
    pages=[
        Page(
            title="The board",
            text="Dendria is played on a board of hexagonal **cells**; the classic edition "
                 "calls them **soils**, the word these lessons use from here on. "
                 "This small board has {plots_count()} soils (real games use bigger boards: "
                 "{default_plots()} soils); the {soils} round its outside are its **edge**. {rule_number(players)|word|cap} players, **Dark** and "
                 "**Light**, take "
                 "turns; {to_move()|cap} plays first.",
            start=EMPTY,
            claims=(claim.plots(37), claim.default_plots(127),
                    claim.to_move("dark")),
            rules_covered=("board-soils",),
        ),
        Page(
            title="Soil names",
            text="Every {soil} has a name: the **letter of its row** (a is the top row, "
                 "then b, c, ...) and its **place in the row**, counted from the left. "
                 "The middle {soil} of this board is **{middle()}**: row d, "
                 "{place(d4)|ordinal} from the left. "
                 "The marked {soils} show a few more: {named(1, 1)} is the "
                 "{place(a1)|ordinal} {soil} of the top row, {named(3, 2)} the "
                 "{place(c2)|ordinal} of row c, {named(4, 7)} the {place(d7)|ordinal} of "
                 "row d, {named(6, 5)} the {place(f5)|ordinal} of row f.",
            start=EMPTY,
            marks={"a1": "a1", "d4": "d4", "d7": "d7", "c2": "c2", "f5": "f5"},
            claims=(claim.middle("d4"), claim.named(4, 4, "d4"), claim.named(1, 1, "a1"),
                    claim.named(2, 1, "b1", mentions=()), claim.named(3, 2, "c2"),
                    claim.named(4, 7, "d7"), claim.named(6, 5, "f5")),
            rules_covered=("cell-names",),
        ),
        Page(
            title="The pieces",
            text="Players **plant** **seeds** on the board. A seed can later become a "
                 "**dendrid** (the piece with the star), which moves across the board, or "
                 "a group of seeds can become a **forest** of **trees**, which scores "
                 "points. Each piece is Dark or Light.",
            start="dendria-classic h4 4/1s1S1/6/1t3T1/6/1d1D1/4 dark",
            marks={"b2": "seed", "d2": "tree", "f2": "dendrid"},
            claims=(claim.piece("b2", "dark seed", mentions=()),
                    claim.piece("d2", "dark tree", mentions=()),
                    claim.piece("f2", "dark dendrid", mentions=()),
                    claim.holding("light seed", "b4", mentions=()),
                    claim.holding("light tree", "d6", mentions=()),
                    claim.holding("light dendrid", "f4", mentions=())),
        ),
        Page(
            title="The lines through a soil",
            text="From a {soil}, straight **lines** run out in "
                 "**{rule_number(directions)|word} directions**: east and west "
                 "along the row, and the slanting ones, north-east, north-west, "
                 "south-east and south-west. A {soil} away from the edge has a line each "
                 "way: here are the {roots(d4)|word} lines of the {piece(d4)|piece} on d4 "
                 "(a {soil} on the edge has fewer: the page *{Soils} on the edge*). "
                 "Lines matter for everything in Dendria: seeds are fed along them, and "
                 "dendrids see and move along them.",
            start="dendria-classic h4 4/5/6/3s3/6/5/4 dark",
            overlays=("roots",),
            focus="d4",
            claims=(claim.piece("d4", "dark seed"), claim.roots("d4", 6, mentions=("d4",))),
            rules_covered=("lines",),
        ),
        Page(
            title="The edge",
            text="A line runs on until it meets a piece, or until it runs out at the "
                 "**edge** of the board. Here {root_ends(d4)|n|word} lines of d4 meet a piece "
                 "(on {root_ends(d4)}) and stop there; the other "
                 "{sees_edge(d4)|n|word} run all the way to the edge.",
            start="dendria-classic h4 4/1S3/6/3s1S1/6/5/4 dark",
            overlays=("roots",),
            focus="d4",
            claims=(claim.sees_edge("d4", "NE", "W", "SW", "SE", mentions=("d4",)),),
            rules_covered=("edge",),
        ),
        Page(
            title="Soils on the edge",
            text="In the classic edition, a {soil} on the edge has fewer lines: looking out "
                 "of the board there is no soil at all, so there is no line that way. The "
                 "corner a1 has {roots(a1)|word} lines ({sees_edge(a1)|ways}), like "
                 "the {corners()|plus(-1)|word} other corners; the other {soils} of the edge, "
                 "like a2, have {roots(a2)|word}. "
                 "(The sprites edition reads the edge another way: lesson "
                 "{lesson(sprites_sowing)}.)",
            start="dendria-classic h4 s3/5/6/7/6/5/4 dark",
            overlays=("roots",),
            focus="a1",
            claims=(claim.roots("a1", 3, mentions=("a1",)),
                    claim.roots("a2", 4, mentions=("a2",)),
                    claim.sees_edge("a1", "E", "SW", "SE", mentions=()),
                    *(claim.roots(c, 3, mentions=()) for c in ("a4", "d1", "d7", "g1",
                                                                      "g4")),
                    *(claim.roots(c, 4, mentions=()) for c in ("a3", "b1", "b5", "c1", "c6",
                                                               "e1", "e6", "f1", "f5", "g2",
                                                               "g3")),
                    claim.roots("d4", 6, mentions=())),
            rules_covered=("edge-literal",),
        ),
        Page(
            title="A step to start",
            text="Press **Play**: {to_move()|cap} plants a seed on c3, and ends the turn. "
                 "Now it is {to_move()|cap@end}'s turn.",
            start=EMPTY,
            play=("plant c3", "end"),
            claims=(claim.piece("c3", "dark seed"), claim.to_move("light"),
                    claim.to_move("dark", at="start")),
        ),
        Exercise(
            title="Find f2",
            turn="plant",
            text="{Soil} names are how steps are written down: `plant f2` means "
                 "*a seed on f2*.",
            prompt="Plant a seed on **f2**: click that {soil}, then press **Check**.",
            start=EMPTY,
            check=check_f2,
            hint="Row f is the {row_number(f2)|ordinal} row from the top; count "
                 "{place(f2)|word} {soils} from its left end.",
            hint_cells=("f1", "f2"),
            solution=("plant f2", "end"),
            wrong=(("plant b2",), ("plant f3",)),
            auto_end=True,
            claims=(claim.plots(37, mentions=()), claim.named(6, 2, "f2")),
            rules_covered=("cell-names",),
        ),
        Exercise(
            title="To the end of a line",
            turn="plant",
            text="A {piece(d4)|piece} stands on d4, in the middle. Its {roots(d4)|word} "
                 "lines run out to the edge.",
            prompt="Plant a {to_move()} seed on a {soil} **of the edge** that is **on one of "
                   "the lines of d4** (there are {sees_edge(d4)|n|word} right answers).",
            start="dendria-classic h4 4/5/6/3S3/6/5/4 dark",
            overlays=("roots",),
            focus="d4",
            check=check_edge_line,
            hint="Follow one of the lines drawn from d4 as far as it goes: it ends on the "
                 "edge.",
            hint_cells=("a1", "a4", "d1", "d7", "g1", "g4"),
            solution=("plant d7", "end"),
            wrong=(("plant a2",), ("plant d6",)),
            auto_end=True,
            claims=(claim.holding("light seed", "d4", at="start"), claim.sees_edge("d4", "E", "NE", "NW", "W", "SW", "SE", at="start"),),
            rules_covered=("lines", "edge"),
        ),
    ],
)

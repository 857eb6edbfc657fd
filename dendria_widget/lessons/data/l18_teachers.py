"""Lesson 18: for teachers: setting up positions, marks and arrows (with an
exercise on each, checked by the engine), a lesson of your own, pictures for
slides and handouts, a lesson full-width in class."""

from typing import cast

from ...explain import dendria as explain
from ...game import Game
from .. import checks
from .. import claims as claim
from .. import sentences as say
from .. import statements as st
from ..facts import counted
from ..framework import Exercise, Lesson, Page, Verdict, piece_words, words
from ..sentences import cap

# A small classic position to annotate: the dark seed on d3 sees the edge
# only to the west; a dark seed on d1 or d2 would nourish it.
CLASS = "dendria-classic h4 4/5/1Ss3/2sd3/1sS3/5/4 dark"


def _other(game: Game, colour: str) -> str:
    colours = game.variant.colours
    return colours[1 - colours.index(colour)]


def _check_sprout_d3(game: Game) -> Verdict:
    sprouted = [s.arg for s in game.steps if s.verb == "sprout"]
    mover = checks.learner(game)
    if "d3" in sprouted and game.pieces.get("d3") == f"{mover} dendrid":
        at = next(k for k, st in enumerate(game.steps) if st.verb == "sprout" and st.arg == "d3")
        by = explain.seeds(game.copy().go_to(at))["d3"]["by_colour"]
        other = _other(game, mover)
        return Verdict(True, f"Right: your seed left d3 no open root, and its nourishers "
                             f"hold {by[mover]} {mover} pieces against {by[other]} {other}, "
                             f"so it sprouted into a {piece_words(game, game.pieces['d3'])}.")
    if sprouted:
        return Verdict(False, f"You sprouted {words(cast(list[str], sprouted))}, not d3.")
    why = explain.conversions(game, mover)["sprout"].get("d3")
    if why is None:
        return Verdict(False, "The seed on d3 could sprout now, but it did not: after "
                              "planting, click it to sprout it before you end the turn.")
    return Verdict(False, f"{cap(why)}.")


def _low(text: str) -> str:
    return text[:1].lower() + text[1:]


def _check_tie(game: Game) -> Verdict:
    """A light piece set up so that d3 is nourished, but Dark may not sprout
    it: the engine says whether d3 is hungry and why it may not sprout."""
    start = Game.from_position(CLASS).pieces
    gone = [c for c in start if game.pieces.get(c) != start[c]]
    if gone:
        return Verdict(False, f"Keep the pieces that were there: {words(gone)} changed. "
                              "Press Retry and put a new piece, no more.")
    new = [c for c in game.pieces if c not in start]
    if not new:
        return Verdict(False, "Nothing set up yet: in the Editor tab, choose a piece, then "
                              "click an empty cell.")
    if len(new) > 1:
        return Verdict(False, f"Put a piece, no more (you put pieces on {words(new)}): press "
                              "Retry and try again.")
    facts = explain.seeds(game)["d3"]
    if facts["hungry"]:
        return Verdict(False, f"With the {game.pieces[new[0]]} on {new[0]}, "
                              f"{_low(say.seed(game, 'd3'))}")
    mover = game.to_move
    you = game.variant.colour_word(mover)
    why = explain.conversions(game, mover)["sprout"].get("d3")
    if why is None:
        return Verdict(False, f"{you} could sprout d3 now, so there is no tie to show: "
                              f"{_low(say.seed(game, 'd3'))}")
    return Verdict(True, f"Right: {_low(say.seed(game, 'd3'))} And {you} may not sprout "
                         f"it, because {why}.")


def _check_annotated(game: Game) -> Verdict:
    """c3 marked H, and an arrow from c3 along every root of c3 that sees the
    edge (the engine's roots), none to a nourisher."""
    roots = explain.roots(game, "c3")
    ends = {tuple(a)[1] for a in game.annotations["arrows"] if a[0] == "c3"}
    wrong = [r for r in roots if not r["sees_edge"] and ends & set(r["cells"])]
    if wrong:
        r = wrong[0]
        end = sorted(ends & set(r["cells"]))[0]
        return Verdict(False, f"The arrow from c3 to {end} is not a line to the edge: the "
                              f"root of c3 ends on the {r['nourisher_piece']} on "
                              f"{r['nourisher']}. Click the arrow's cells again, in "
                              "Arrow mode, to remove it.")
    open_roots = [r for r in roots if r["sees_edge"]]
    if not ends:
        return Verdict(False, "No arrow from c3 yet: in the Arrow mode, click c3, then a "
                              "cell on a line along which it sees the edge.")
    missing = [r for r in open_roots if not ends & set(r["cells"])]
    if missing:
        ways = [say.DIRECTION_WORDS[r["direction"]] for r in missing]
        return Verdict(False, f"c3 also sees the edge to the {words(ways)}: draw "
                              f"{'an arrow' if len(missing) == 1 else 'arrows'} from c3 "
                              f"that way too ({words(missing[0]['cells'])} lie on the "
                              f"{ways[0]} line).")
    label = game.annotations["marks"].get("c3", "")
    if label.strip().upper() != "H":
        return Verdict(False, "The arrows are right. Now mark c3 with the label H (Mark "
                              "mode, label H, click c3).")
    return Verdict(True, f"Right: H on c3, and {counted(len(open_roots), 'arrow')} along "
                         "the lines on "
                         "which it sees the edge. The picture you export shows them.")


LESSON = Lesson(
    name="18_teachers",
    title="For teachers",
    summary="Set up positions, mark them, write a lesson of your own, export pictures, "
            "show a lesson in class.",
    pages=[
        Page(
            title="Set up a position",
            text=(
                "In the board's **Editor** tab, choose a piece and click cells to put it "
                "there; choose *remove* to empty a cell, and set who is to move. From "
                "code, `board.put(\"d4\", \"dark dendrid\")` does the same.\n\n"
                "Every position has a **position string**, a line of text: copy it from the "
                "Editor tab (or `board.position_string()`) and paste it back later with "
                "`board.load_position(...)`. This lesson's boards are such strings."),
            start=CLASS,
        ),
        Page(
            title="Marks and arrows",
            claims=(claim.hungry("d3"), claim.sees_edge("d3", "W"),),
            text=(
                "The **Mark** and **Arrow** modes draw a teacher's notes on the board: a "
                "label on a cell, an arrow between cells. From code: "
                "`board.mark(\"d3\", \"A\")`, `board.arrow(\"d4\", \"d1\")`.\n\n"
                "Here A marks a seed, and the arrows show the line to the "
                "{sees_edge(d3)|ways} where it still sees the edge, and one of its "
                "{nourisher_count(d3, dark)|word} dark nourishers. Marks and arrows are saved in the game record and "
                "drawn in every picture you export."),
            start=CLASS,
            marks={"d3": "A"},
            arrows=(("d3", "d1"), ("d3", "d4")),
        ),
        Exercise(
            title="Set up a tie",
            claims=(claim.hungry("d3", at="start"), claim.sees_edge("d3", "W", at="start"), claim.nourishers("d3", 3, 2, at="start", mentions=("d3", "3", "2")),),
            text=(
                "A teacher sets up the position a lesson needs. In the board's **Editor** "
                "tab: choose a piece in the list, then click a cell (from code: "
                "`board.put(\"d2\", \"light seed\")`). Here the seed on d3 is "
                "{hungry(d3)|hungry}: it sees the edge to the {sees_edge(d3)|ways}."),
            prompt=("With the Editor, put a piece on the board so that the seed on "
                    "d3 is nourished, but {to_move()|cap} may **not** sprout it: a tie between its "
                    "dark and light nourishers, to show your class."),
            start=CLASS,
            overlays=("nutrients",),
            check=_check_tie,
            hint="d3 has {nourisher_count(d3, dark)} dark and {nourisher_count(d3, light)} "
                 "light nourishers. A piece on its open {sees_edge(d3)|ways} line "
                 "becomes another nourisher: which colour makes it a tie?",
            hint_cells=("d1", "d2"),
            solution=("put d2 light seed",),
            wrong=(("put d1 dark seed",), ("put a1 light seed",),
                   ("put d2 light seed", "put a1 light seed")),
        ),
        Exercise(
            title="Annotate a hungry seed",
            claims=(claim.piece("c3", "dark seed", at="start"), claim.hungry("c3", at="start"), claim.roots("c3", 6, at="start", mentions=("six",)), claim.sees_edge("c3", "E", "NE", "NW", at="start", mentions=("three",)),),
            text=(
                "Marks and arrows say what to look at. In the **Mark** mode, type a label "
                "and click a cell; in the **Arrow** mode, click the cell it starts from, then the cell it points to (from code: "
                "`board.mark(\"c3\", \"H\")`, `board.arrow(\"c3\", \"c6\")`). The "
                "*Roots* overlay shows what the engine says about a seed."),
            prompt=("The {piece(c3)|piece} on c3 is {hungry(c3)|hungry}. Mark c3 with **H** and draw an arrow "
                    "from c3 along **every** line on which it sees the edge."),
            start=CLASS,
            overlays=("roots",),
            focus="c3",
            check=_check_annotated,
            hint="{root_ends(c3)|n|word|cap} of the lines from c3 end on a piece; the "
                 "other {sees_edge(c3)|n|word} run out at the edge.",
            hint_cells=("c6", "a3", "a1"),
            solution=("mark c3 H", "arrow c3 c6", "arrow c3 a3", "arrow c3 a1"),
            wrong=(("mark c3 H", "arrow c3 c6", "arrow c3 a3"),
                   ("mark c3 H", "arrow c3 c6", "arrow c3 a3", "arrow c3 a1",
                    "arrow c3 d4"),
                   ("arrow c3 c6", "arrow c3 a3", "arrow c3 a1")),
        ),
        Page(
            title="A lesson of your own",
            claims=(claim.after(("plant d1",), claim.hungry("d3", False, at="start")), claim.piece("d1", "dark seed"), claim.piece("d3", "dark dendrid"),),
            text=(
                "A lesson is data: a `Lesson` with a list of `Page`s, each a position, a "
                "text, the overlays to show and the steps it plays. An `Exercise` adds a "
                "prompt, a `check` that asks the engine about the position reached, a "
                "hint and a solution. The notebook of this lesson writes such a puzzle in a few "
                "lines.\n\n"
                "Press **Play** to see this page's steps: {to_move()|cap} plants on d1, which "
                "nourishes d3 from the {sees_edge(d3)|ways}, sprouts d3 (a "
                "{piece(d3)|piece@end} now) and ends the turn."),
            start=CLASS,
            play=("plant d1", "sprout d3", "end"),
            overlays=("nutrients",),
        ),
        Exercise(
            title="A sample exercise",
            claims=(claim.sees_edge("d3", "W", at="start"),),
            text="This is the kind of exercise you can write yourself.",
            prompt=("You play **{to_move()|cap}**. Plant a seed so that the seed on d3 may sprout, "
                    "sprout it, and end your turn."),
            start=CLASS,
            overlays=("nutrients",),
            check=_check_sprout_d3,
            hint="d3 still sees the edge to the {sees_edge(d3)|ways}. After planting, click d3 to "
                 "sprout it.",
            hint_cells=("d1", "d2"),
            solution=("plant d2", "sprout d3", "end"),
            wrong=(("plant a2", "end"), ("plant d2", "end")),
        ),
        Page(
            title="Pictures for slides and handouts",
            text=(
                "`board.save_svg(\"position.svg\")` and `board.save_png(\"position.png\")` "
                "write the board as you see it (overlays, marks and arrows included), "
                "without a browser. `lesson.svg(k)` gives any page of a lesson as SVG.\n\n"
                "SVG stays sharp at any size on slides; PNG goes anywhere, also into a "
                "word processor."),
            start=CLASS,
            marks={"d3": "A"},
            overlays=("fertilization",),
        ),
        Page(
            title="A lesson full-width in class",
            statements=(st.about("shows only the board"),),
            text=(
                "On a projector, make the board large: `board.present()` shows only the "
                "board, big, with large labels and a *Next step* button that plays a "
                "prepared line (`board.present(line=[...])`); `board.present(False)` goes "
                "back. A lesson takes a wider board with `LessonWidget(lesson, width=900)`."),
            start=CLASS,
            rules_covered=(),
        ),
    ],
)

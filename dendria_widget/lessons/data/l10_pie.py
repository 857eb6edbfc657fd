"""Lesson 10: the pie rule of the classic edition (one seed, then the swap)."""

from dataclasses import dataclass
from typing import Any

from ...explain import dendria as explain
from ...game import Game
from .. import checks
from .. import claims as claim
from .. import sentences as say
from .. import statements as st
from ..facts import NUMBER_WORDS
from ..framework import Exercise, Lesson, Page, Verdict, planted, words
from ..drills import with_drills
from .drill_positions import drill
from ..sentences import DIRECTION_WORDS

RULES = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 5}}
#: The lines of a seed on the edge, not in a corner (the goal of "The first
#: seed"): the lines of a3 on this board, asked of the engine.
EDGE_LINES = len(explain.roots(Game(RULES), "a3"))


@dataclass
class _FromTheStart(Exercise):
    """An exercise that starts a new game from its very beginning (the
    opening), whatever the page before it showed: the framework starts a
    new game only on a first page with no start position."""

    def game(self, previous: Game | None = None) -> Game:
        return super().game(None)


def _light_plant(game: Game) -> str | Verdict:
    """The cell the learner planted on after the opening seed, or a Verdict
    saying what is missing."""
    if game.turn_under_way:
        return Verdict(False, "Your turn is not finished yet: press End turn first.")
    turns = game.history
    if len(turns) < 2:
        return Verdict(False, "Play your turn first: plant a seed, then end the turn.")
    verbs = [s.verb for t in turns[1:] for s in t]
    if "swap" in verbs and len(turns) == 2:
        opener, yours = (game.variant.colour_word(c) for c in game.turn_movers()[:2])
        return Verdict(False, f"You swapped: {opener}'s opening seed is yours now, and your "
                              f"opponent moves. This exercise asks you to keep {yours} and "
                              "plant.")
    mine = planted(game)[1:]
    if not mine:
        return Verdict(False, "You passed: plant a seed of your own instead.")
    return mine[-1]


def _check_first_seed(game: Game) -> Verdict:
    if game.turn_under_way:
        return Verdict(False, "Your turn is not finished yet: press End turn first.")
    cells = planted(game)
    if not cells:
        return Verdict(False, f"Plant {game.variant.colour_word(game.to_move)}'s opening seed: "
                              "click a soil, then press End turn.")
    cell = cells[0]
    n = len(explain.roots(game, cell))
    if n == EDGE_LINES:
        return Verdict(True, f"Right: {cell} is on the edge, and not a corner: its seed has "
                             f"{NUMBER_WORDS[n]} lines. Now {game.variant.colour_word(game.to_move)} "
                             "chooses: swap, or play.")
    return Verdict(False, f"The seed on {cell} has {n} lines, not {NUMBER_WORDS[EDGE_LINES]}: "
                          + (f"a corner has {NUMBER_WORDS[n]}." if n < EDGE_LINES else
                             f"a soil inside the board has {NUMBER_WORDS[n]}; look on the "
                             "edge."))


def _edge_lines(game: Game, cell: str) -> list[dict[str, Any]]:
    return [r for r in explain.roots(game, cell) if r["sees_edge"]]


def _check_corner(game: Game) -> Verdict:
    cell = _light_plant(game)
    if isinstance(cell, Verdict):
        return cell
    seed = planted(game)[0]                      # the opening seed
    plant_at = max(k for k, st in enumerate(game.steps) if st.verb == "plant")
    before = game.copy().go_to(plant_at)         # the board the learner planted on
    wanted = len(_edge_lines(before, seed)) - 1  # one line cut
    open_lines = _edge_lines(game, seed)
    ways = words([DIRECTION_WORDS[r["direction"]] for r in open_lines])
    opener = game.variant.colour_word(str(game.pieces[seed]).split()[0])
    mine = game.variant.colour_word(checks.learner(game))
    if len(open_lines) == wanted:
        return Verdict(True, f"Right: you kept {mine}, and your seed on {cell} stands on a "
                             f"line of {seed}. {opener}'s opening seed now sees the edge to "
                             f"the {ways} only.")
    return Verdict(False, f"Your seed on {cell} is not on a line of {seed}: {opener}'s opening "
                          f"seed still sees the edge along all "
                          f"{NUMBER_WORDS[len(open_lines)]} of its lines ({ways}).")


def _check_after_swap(game: Game) -> Verdict:
    cell = _light_plant(game)
    if isinstance(cell, Verdict):
        return cell
    plant_at = max(k for k, st in enumerate(game.steps) if st.verb == "plant")
    before = game.copy().go_to(plant_at)         # the board the learner planted on
    seed = planted(game)[0]                      # the opening seed, the opponent's now
    line = next((r for r in explain.roots(before, seed) if cell in r["cells"]), None)
    far = line is not None and line["cells"][-1] == cell
    if far:
        return Verdict(True, f"Right: you play {game.variant.colour_word(checks.learner(game))} "
                             f"now, and your seed on {cell} is the "
                             f"nourisher at the very end of a line of {seed}, the seed your "
                             "opponent took with the swap.")
    if line is None:
        return Verdict(False, f"Your seed on {cell} is on no line of {seed}.")
    beyond = len(line["cells"]) - 1 - line["cells"].index(cell)
    return Verdict(False, f"Your seed on {cell} is on a line of {seed}, but not at its end: "
                          f"the line goes on for {say.plural(beyond, 'more soil')}. A "
                          "nourisher at the end of a line stops it only there.")


LESSON = Lesson(
    name="10_pie",
    title="The pie rule",
    summary="Dark's opening seed, and Light's choice to swap sides.",
    pages=with_drills([
        Page(
            title="Who moves first?",
            text=(
                "The opening turn is an advantage. To make the game fair, the classic edition "
                "uses the **pie rule**, like sharing a pie: a player cuts, the other "
                "chooses a piece.\n\n"
                "Here the game starts from its very beginning: an empty board of side "
                "{board_size()} ({plots_count()} soils, {pieces()|word} pieces), "
                "{to_move()|cap} to move."),
            rules=RULES,
            claims=(claim.option("opening", "pie"), claim.plots(61), claim.pieces(0),
                    claim.to_move("dark")),
            rules_covered=("pie",),
        ),
        Page(
            title="{to_move()|cap}'s opening seed",
            text=(
                "Press **Play**: {to_move()|cap}'s opening turn is **a seed, on any {soil}** "
                "(any of the {legal_count(plant)}; here e5), and then the turn ends. Nothing may sprout or grow on this opening turn.\n\n"
                "{to_move()|cap} should choose a seed that is neither too good nor too bad, because "
                "of what comes next."),
            play=("plant e5", "end"),
            claims=(claim.legal_count("plant", 61, at="start"),
                    claim.legal("pass", False, at="start"),
                    claim.verbs_after(("plant e5",), "end", at="start"),
                    claim.piece("e5", "dark seed"), claim.pieces(1)),
            rules_covered=("pie",),
        ),
        Page(
            title="{to_move()|cap}'s choice: swap",
            text=(
                "Now {to_move()|cap} may **swap** instead of playing: the players exchange "
                "colours. Press **Play**.\n\n"
                "Nothing moves on the board. The player who placed the seed on e5 now plays "
                "{to_move()|cap@end}, and the other player owns that {piece(e5)|piece@end}. "
                "{to_move()|cap@end} is still to move, but {to_move()|cap@end} is now the "
                "other person."),
            play=("swap",),
            claims=(claim.legal("swap", at="start"), claim.piece("e5", "dark seed"),
                    claim.pieces(1), claim.to_move("light"), claim.to_move("light", at="start")),
            rules_covered=("pie-swap",),
        ),
        _FromTheStart(
            title="The opening seed",
            turn="plant",
            text=("A new game on this board: you play {to_move()|cap}, and your opening turn is "
                  "a seed, "
                  "anywhere."),
            prompt=("Plant {to_move()|cap}'s opening seed on a {soil} from which it has exactly "
                    "**{roots(a3)|word@end}** lines, and end your turn."),
            rules=RULES,
            claims=(claim.legal("pass", False, at="start"),),
            check=_check_first_seed,
            hint="In the classic edition a {soil} on the edge has no line out of the board "
                 "(lesson {lesson(board)}). Corners have {roots(a1)|word} lines.",
            hint_cells=("a2", "a3", "b1", "b6"),
            solution=("plant a3", "end"),
            wrong=(("plant a1", "end"), ("plant e5", "end")),
            rules_covered=("pie", "edge-literal"),
        ),
        _FromTheStart(
            title="Keep {to_move()|cap}, cut a line",
            statements=(st.goal("sees the edge along only"),),
            turn="plant",
            text=("{piece(a1)|colour|cap}'s opening seed stands in the corner, a1: it sees "
                  "the edge along its {roots(a1)|word} lines, to the {sees_edge(a1)|ways}."),
            prompt=("You play **{to_move()|cap}**. Do not swap: keep your colour, and plant a seed "
                    "after which {piece(a1)|colour|cap}'s opening seed sees the edge along only "
                    "**{sees_edge(a1)|n|word@end}** lines."),
            rules=RULES,
            setup=("plant a1", "end"),
            claims=(claim.roots("a1", 3, at="start", mentions=("a1",)),
                    claim.legal("swap", at="start")),
            check=_check_corner,
            hint="A piece on a line of a1 stops it from seeing the edge that way. Playing "
                 "instead of swapping means planting.",
            hint_cells=("a2", "b1", "b2"),
            solution=("plant c3", "end"),
            wrong=(("swap",), ("pass",), ("plant c2", "end")),
            rules_covered=("pie", "pie-swap"),
        ),
        _FromTheStart(
            title="After the swap",
            turn="plant",
            text=("You played {piece(e5)|colour|cap}'s opening seed on e5, and your opponent "
                  "swapped: that seed is theirs now, and **you** play {to_move()|cap}. "
                  "{to_move()|cap} is still to move."),
            prompt=("Plant a seed at the **far end** of one of the lines of e5, on the "
                    "edge, so that it is the seed's nourisher that way."),
            rules=RULES,
            setup=("plant e5", "end", "swap"),
            claims=(claim.piece("e5", "dark seed", at="start"),
                    claim.middle("e5", at="start", mentions=())),
            check=_check_after_swap,
            hint="The opening seed stands on {middle()}, the middle of the board: each of its "
                 "{roots(e5)|word} lines runs out to the edge. Which colour you play changed; the lines did not.",
            hint_cells=("e1", "e9", "a1", "a5", "i1", "i5"),
            solution=("plant a1", "end"),
            wrong=(("plant d4", "end"), ("plant b1", "end"), ("pass",)),
            rules_covered=("pie-swap",),
        ),
    ], drill('first-seed')),
)

"""Drills: practice right after an idea, the way lichess's learn does it.

A drill is a few exercises on one idea (a rule id of
:data:`~dendria_widget.lessons.framework.RULE_IDS`), each a position found
by the engine (``scripts/find_drills.py`` plays seeded random games and
keeps positions where the idea's check accepts few of the whole turns),
given in rising difficulty: level 1 accepts the most turns, the last level
the fewest. A learner who shows a solution is offered another position of
the same drill (:meth:`Lesson.another`).

Each kind of drill (:data:`KINDS`) says what the learner must reach, as a
check built from the target cell and the mover; its hint states the rule
(never a cell); the second stage of help marks the part of the board; the
third shows the move. The target cell is the goal the prompt names; the
piece standing there is a claim the engine checks.

    >>> from dendria_widget.lessons import drills
    >>> ex = drills.drill("sprout", [("dendria-classic h4 4/5/6/7/6/5/4 dark", "d4",
    ...                               ("plant d4", "end"))])   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..explain import dendria as explain
from ..game import Game
from . import checks
from . import facts as fact_fields
from . import claims as claim
from . import statements as st
from ..errors import DendriaError
from .framework import Exercise, Page

#: A found position: (position string, target cell, a solution).
Found = tuple[str, str, tuple[str, ...]]


@dataclass(frozen=True)
class Kind:
    """A kind of drill, one entry of :data:`KINDS` (made by :func:`kind`):
    its ``idea`` (rule id), the ``turn`` it asks for, a ``title``, a
    ``text`` (the idea, as a rule, no fact of the board), a ``prompt`` and a
    ``hint`` (the rule to use: never a cell), written once with the
    edition's fields, ``{cell}`` (the target, a fact field: see :func:`_fields`) and the players and scores as
    fact fields (``{Mover}``, ``{Other}``, ``{mine}``, ``{theirs}``: see
    :func:`_fields`); the targets a position may be about (``targets``),
    the ``check`` for a target and the mover; ``needs``: the other rules a
    learner must know first (the drill comes after the pages that teach
    them too); ``statements``: what its sentences with a rule word state
    (:mod:`.statements`: a hint's "must" is the goal the check judges);
    ``setup``: steps played before the learner's turn (the other side's
    pass...); ``search``: where ``scripts/find_drills.py`` looks for its
    positions (the edition, the board: a hexagon's side or a board spec,
    the turns of a random game)."""

    idea: str
    turn: str
    title: str
    text: str
    prompt: str
    hint: str
    targets: Callable[[Game], list[str]]
    check: Callable[[str, str], checks.Check]
    needs: tuple[str, ...] = ()
    statements: tuple[st.Statement, ...] = ()
    setup: tuple[str, ...] = ()
    search: tuple[str, int | dict, tuple[int, int]] = ("dendria-classic", 4, (5, 16))
    #: its positions are new games from their very beginning (the opening),
    #: each written as a ruleset and a hexagon's side, "dendria-classic h4"
    opening: bool = False
    #: the most slides a solution may play (None: any): a drill placed before
    #: the lesson on journeys keeps to what its lesson taught, one slide
    slides: int | None = None
    #: the verbs a solution may play (empty: any), for the same reason
    verbs: tuple[str, ...] = ()
    #: the overlays its board shows (``render.scene.OVERLAYS``): the facts
    #: the idea is about, as its lesson's pages show them
    overlays: tuple[str, ...] = ()

    def fits(self, solution: Sequence[str]) -> bool:
        """Whether ``solution`` uses only what the drill's lesson taught."""
        said = [s.split()[0] for s in solution]
        return ((self.slides is None or said.count("slide") <= self.slides)
                and (not self.verbs or all(v in self.verbs for v in said)))


def _other(colour: str) -> str:
    return "light" if colour == "dark" else "dark"


def _hungry_seeds(game: Game) -> list[str]:
    return sorted(c for c, f in explain.seeds(game).items() if f["hungry"])


def _seeds(game: Game) -> list[str]:
    return sorted(c for c, p in game.pieces.items() if p.endswith("seed"))


def _seedbeds(game: Game) -> list[str]:
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "seedbed" and g["fertile_soils"])


def _enemy_forests(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "forest" and g["colour"] == enemy and g["fertile_soils"])


def _enemy_seeds(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(c for c, p in game.pieces.items() if p == f"{enemy} seed")


def _groups_to_take(game: Game) -> list[str]:
    """Seedbeds and enemy forests with a fertile soil (by their first cell):
    what a move may grow or capture."""
    enemy = _other(game.to_move)
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["fertile_soils"] and (g["kind"] == "seedbed" or
                                             (g["kind"] == "forest" and g["colour"] == enemy)))


def _enemy_fertilized(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(explain.fertilization(game)[enemy])


def _own_open_forests(game: Game) -> list[str]:
    """The mover's forests that still have a fertile soil (by their first cell)."""
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "forest" and g["colour"] == game.to_move
                  and g["fertile_soils"])


def _own_unprotected(game: Game) -> list[str]:
    """The mover's forests that are not protected (by their first cell)."""
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "forest" and g["colour"] == game.to_move
                  and g["fertile_soils"] and not g.get("protected"))


def _own_sprites(game: Game) -> list[str]:
    return sorted(c for c, p in game.pieces.items() if p == f"{game.to_move} dendrid")


def _movable_sprites(game: Game) -> list[str]:
    """The mover's sprites that may start a journey now."""
    return sorted({str(s.arg) for s in game.legal_steps() if s.verb == "move"})


def _enemy_sprites(game: Game) -> list[str]:
    enemy = _other(game.to_move)
    return sorted(c for c, p in game.pieces.items() if p == f"{enemy} dendrid")


def _enemy_enclosed_forests(game: Game) -> list[str]:
    """The opponent's forests with no fertile soil (by their first cell)."""
    enemy = _other(game.to_move)
    return sorted(g["cells"][0] for g in explain.groups(game)
                  if g["kind"] == "forest" and g["colour"] == enemy and not g["fertile_soils"])


def _crosses_water(game: Game, cell: str) -> bool:
    """Whether a line from ``cell`` passes over a lagoon (two plots met one
    after the other on it are not neighbours, or the first is not next to
    ``cell``)."""
    b = game.board
    i = b.cell(cell)
    for ray in b.rays[i]:
        for a, z in zip((i, *ray), ray):
            if z not in b.neighbours[a]:
                return True
    return False


def _sprites_by_water(game: Game) -> list[str]:
    """The mover's sprites that may start a journey now and have a line
    over a lagoon."""
    return [c for c in _movable_sprites(game) if _crosses_water(game, c)]


def _whole_game(game: Game) -> list[str]:
    """A drill about the whole board, not a cell (its target: "board")."""
    return ["board"]


def kind(idea: str, turn: str, title: str, text: str, goal: str, hint: str,
         targets: Callable[[Game], list[str]], check: Callable[[str, str], checks.Check],
         **more: object) -> Kind:
    """One kind of drill: its ``goal`` is the prompt after "You play
    **{Mover}**." (every drill names the learner's colour first); the rest
    as :class:`Kind` says."""
    return Kind(idea=idea, turn=turn, title=title, text=text,
                prompt="You play **{Mover}**. " + goal, hint=hint, targets=targets,
                check=check, **more)  # type: ignore[arg-type]


SPRITES = ("dendria-sprites", 4, (6, 24))
HEDU = ("hedu", 4, (3, 16))
#: the "atoll-7" board: six modules in a ring round a lagoon, and one more
ATOLL = {"shape": "modular", "modules": [[-3, 2], [-2, -1], [-1, 3], [1, -3], [1, 4],
                                         [2, 1], [3, -2]]}

#: Every kind of drill, one entry each: a new drill is one entry here and
#: its positions in ``data/drill_positions.py`` (found with
#: ``scripts/find_drills.py NAME``).
KINDS: dict[str, Kind] = {
    "nourish": kind(
        "nourished", "plant", "Feed a seed",
        "A seed is **nourished** when every one of its roots ends on a piece; "
        "a root that runs to the edge leaves it **hungry**.",
        "{Plant} **a seed** so that the seed on **{cell}** is nourished.",
        "A seed you {plant} stops every root of {cell} it stands on: find the "
        "roots of {cell} that still run to the edge.",
        _hungry_seeds, lambda cell, mover: checks.nourished(cell),
        needs=("hungry", "plant-hungry"), search=("dendria-classic", 4, (4, 14))),
    "sprout": kind(
        "sprout-majority", "plant", "Sprout a seed",
        "A nourished seed sprouts into the mover's {dendrid} when **more of its "
        "nourishers are the mover's** than the opponent's; a seed you {plant} is "
        "a nourisher too.",
        "{Plant} a seed, then **sprout the seed on {cell}**.",
        "Count the nourishers of {cell}, root by root: your new seed must "
        "close its open roots or tip the count your way.",
        _seeds, checks.sprouted,
        needs=("plant-sprout", "sprout-hungry-never"),
        statements=(st.goal("your new seed must close"),)),
    "sprout-theirs": kind(
        "sprout-either-colour", "plant", "Sprout an enemy seed",
        "A nourished seed of **either colour** sprouts into the mover's {dendrid} when "
        "more of its nourishers are the mover's than the opponent's.",
        "{Plant} a seed, then **sprout {Other}'s seed on {cell}** into your {dendrid}.",
        "Whose seed it is does not count, only its nourishers: your new seed must close "
        "its open roots or tip the count your way.",
        _enemy_seeds, checks.sprouted, needs=("sprout-majority", "plant-sprout"),
        statements=(st.goal("your new seed must close"),)),
    "chain": kind(
        "judged-anew", "move", "Step after step, on the new board",
        "Each step of a turn changes the board, and the next step is judged on the "
        "**new** board: a seed sprouted on the way is a {dendrid} at once, and it "
        "fertilizes what it sees.",
        "Move one of your {dendrids}, **sprout a seed on the way**, and then make the "
        "group on **{cell}** yours (grow it or capture it).",
        "A {dendrid} sprouted at a stop sees along its lines at once: find a stop where a "
        "sprout gives you the fertile {soil} of {cell}'s group that you miss.",
        _groups_to_take, checks.grown_after_sprout, needs=("capture-fertilized",),
        search=("dendria-classic", 4, (8, 24))),
    "unfertilize": kind(
        "fertilized-blocked", "plant", "Block the sight",
        "A {dendrid} fertilizes the empty {soils} it sees, and its sight **stops at "
        "the nearest piece** on each line.",
        "{Plant} a seed so that **{Other} no longer fertilizes {cell}** (and {cell} "
        "stays empty).",
        "Find the {dendrids} of {Other} that see {cell}: a seed on the line "
        "between stops that sight.",
        _enemy_fertilized, lambda cell, mover: checks.not_fertilized(cell, _other(mover))),
    "grow": kind(
        "grow-after-plant", "plant", "Grow a seedbed",
        "Right after {planting}, the new seed's seedbed may **grow** into the "
        "mover's forest when it has fertile {soils} and the mover fertilizes **every "
        "one of them**.",
        "{Plant} a seed so that the seedbed on **{cell}** grows into your forest, "
        "and grow it.",
        "A seedbed grows whole: join {cell}'s seedbed with your seed, and see that "
        "you fertilize every fertile {soil} of the bigger seedbed.",
        _seedbeds, checks.grown, search=("dendria-classic", 4, (5, 18)),
        statements=(st.rule("fertilizes **every one of them**", "grow", "2.2 Conversions",
                            ("dendria-classic",)),)),
    "grow-move": kind(
        "grow-on-move", "move", "Grow on the way",
        "During a move, after the slide, the mover may grow a seedbed of either colour "
        "into the mover's forest when it has fertile {soils} and the mover fertilizes "
        "**every one of them**, with the {dendrid} where it stopped.",
        "Move one of your {dendrids} so that you may **grow the seedbed on {cell}**, and "
        "grow it.",
        "A seedbed with fertile {soils} grows when you fertilize every one of them: find "
        "where one of your {dendrids} may slide to see the fertile {soils} that your "
        "others miss.",
        _seedbeds, checks.grown, search=("dendria-classic", 4, (8, 24)),
        statements=(st.rule("fertilizes **every one of them**", "grow", "2.2 Conversions",
                            ("dendria-classic",)),),
        slides=1, verbs=("move", "slide", "grow", "end")),
    "seal": kind(
        "enclosed-never", "plant", "Seal your forest",
        "A group with **no fertile {soil}** is enclosed: in the classic edition it can "
        "neither grow nor be captured while it has none.",
        "{Plant} a seed so that your forest on **{cell}** has **no fertile {soil}** "
        "left.",
        "A forest has no fertile {soil} when every {soil} next to it holds a piece: count "
        "the empty {soils} next to the forest on {cell}.",
        _own_open_forests, lambda cell, mover: checks.enclosed(cell),
        search=("dendria-classic", 4, (10, 30))),
    "capture": kind(
        "capture-fertilized", "move", "Capture a forest",
        "An enemy forest changes hands when it has fertile {soils}, the mover "
        "fertilizes **every one of them** and its owner misses one.",
        "Move one of your {dendrids} and **capture the forest on {cell}**.",
        "List the fertile {soils} of the forest on {cell}: your {dendrids} must see "
        "all of them, and its owner must miss one, when your {dendrid} stops.",
        _enemy_forests, checks.grown,
        statements=(st.goal("must see all of them"),
                    st.rule("fertilizes **every one of them**", "capture-fertilized",
                            "2.2 Conversions", ("dendria-classic",))),
        search=("dendria-classic", 4, (10, 30))),
    "journey": kind(
        "journey-convert", "move", "Sprout on the way",
        "At every stop of a journey the mover may sprout, grow and capture, judged "
        "with the {dendrid} where it stands.",
        "Move one of your {dendrids} so that you may **sprout the seed on {cell}**, and "
        "sprout it.",
        "A {dendrid} that stops on a root of {cell} becomes one of its nourishers: "
        "find a stop that closes an open root or tips the count your way.",
        _seeds, checks.sprouted, search=("dendria-classic", 4, (8, 24))),
    "first-seed": kind(
        "pie", "plant", "Fewest lines",
        "A new game: Dark's opening turn is **a seed, on any {soil}**, and then Light may "
        "swap sides and take it. In the classic edition a {soil} on the edge has no line "
        "out of the board.",
        "{Plant} Dark's opening seed on a {soil} from which it has the fewest lines: "
        "**{fewest_lines()|word}**.",
        "Count the lines of a {soil}: a line for each neighbour's direction. Which {soils} have "
        "the fewest neighbours?",
        _whole_game, lambda target, mover: checks.fewest_lines(), needs=("edge-literal",),
        opening=True),
    "limit": kind(
        "move-limit", "", "A turn that ends the game",
        "The game ends after **{option(dendrid_move_limit)|of(turn)}** in a row without "
        "a {plant} by each player (a low limit, set for this drill); a pass counts "
        "like a {dendrid} move, and a {plant} starts the count again.",
        "{Other} has just passed: {quiet_turns()|of(turn)} in the count. You have "
        "{mine} points, {Other} {theirs}. **End the game on your turn, and win it.**",
        "A turn with no {plant} ends the game here, and the forests are counted as "
        "they stand then: find a move that grows or captures enough on the way.",
        _whole_game, lambda target, mover: checks.ends_and_wins(mover), needs=("pass-end",), setup=("pass",),
        search=("dendria-classic", 4, (10, 30))),
    "lead": kind(
        "score-half", "", "Take the lead",
        "A player scores the sum of the **distinct sizes** of their forests, a point "
        "for each size of which they have **more forests**, and **half a point** for "
        "the larger forests, compared largest first.",
        "You have {mine} points, {Other} {theirs}. Play a turn (a {plant} or a move) "
        "after which **you lead**.",
        "A new forest counts when its size is new to you, or wins you more forests of "
        "a size: look for a seedbed you can grow, or a forest you can capture.",
        _whole_game, lambda target, mover: checks.leads(mover), needs=("score-distinct", "score-majority"),
        search=("dendria-classic", 4, (10, 30))),
    "power": kind(
        "power-rule", "move", "Down in power",
        "A cell's **power** is the fewest {soils} met going from it in any direction; a journey ends "
        "on a {soil} of lower power than where it started (unless it wins a tree).",
        "Move your {dendrid} on **{cell}** so that its journey ends on a {soil} of the lowest "
        "power it can reach: power **{lowest_stop({where})}**.",
        "Find the power of the {soils} along the lines of {cell}, and which of them a "
        "journey may end on.",
        _movable_sprites, lambda cell, mover: checks.lowest_stop(cell), search=SPRITES,
        overlays=("power",)),
    "sprout-first": kind(
        "convert-at-start", "move", "Sprout as the move starts",
        "In the sprites edition a journey may sprout, grow and capture **as the move "
        "starts**, before any slide, with the {dendrid} still where it stood.",
        "Move one of your {dendrids} and **sprout the seed on {cell} before any "
        "slide**.",
        "Count the nourishers of {cell} with your {dendrids} where they stand now: "
        "which {dendrid} must not leave before the seed sprouts?",
        _seeds, checks.sprouted_first, search=SPRITES,
        statements=(st.goal("must not leave before the seed sprouts"),)),
    "sow-next": kind(
        "sowing-non-touching", "plant", "Sow beside a sprite",
        "Your pieces next to a new seed may not touch each other: a seed is sown "
        "where it joins pieces of yours that stand apart, or touches one of them.",
        "{Plant} a seed that **touches your {dendrid} on {cell}**.",
        "Look at the empty {soils} around {cell}: next to each, are there pieces of "
        "yours that touch each other?",
        _own_sprites, checks.sown_next_to, search=SPRITES),
    "sprite-capture": kind(
        "sprite-capture", "move", "Take a sprite",
        "A sprite may stop on the **nearest enemy sprite** on its line and remove it, "
        "if the journey ends on a {soil} of lower power (or wins a tree).",
        "Move one of your sprites and **take the enemy sprite on {cell}**.",
        "Which of your sprites see {cell} as the nearest piece on a line? Then compare "
        "the power of where it starts and where it would end.",
        _enemy_sprites, checks.sprite_taken, search=SPRITES),
    "protect": kind(
        "protection", "", "Protect your forest",
        "A forest is **protected** while its owner fertilizes every fertile plot of it; "
        "a forest that is not protected may be captured on the opponent's move.",
        "Play a turn (a sowing or a journey) after which your forest on **{cell}** is "
        "**protected**.",
        "Which fertile plots of the forest on {cell} do you not fertilize? A sprite that "
        "sees them, or a seed on them, changes that.",
        _own_unprotected, checks.protected, search=("dendria-sprites", 4, (10, 30))),
    "leafy-lead": kind(
        "leafiness", "", "Lead by leafiness",
        "In the sprites edition a forest is worth its **leafiness**: the sum of every whole "
        "number up to its number of trees; the half point goes to the larger "
        "forests, compared from the largest.",
        "You have {mine} points, {Other} {theirs}. Play a turn (a sowing or a journey) "
        "after which **you lead**.",
        "A forest is worth more the larger it is: grow a seedbed into your forest, or "
        "capture a forest its owner does not protect.",
        _whole_game, lambda target, mover: checks.leads(mover),
        search=("dendria-sprites", 4, (10, 30))),
    "sprites-capture": kind(
        "capture-unprotected", "move", "Capture an unprotected forest",
        "An enemy forest is **protected** while its owner fertilizes every fertile "
        "plot of it; one that is not may be captured.",
        "Move one of your sprites and **capture the forest on {cell}**.",
        "Capture needs an unprotected forest: its owner must miss one of its "
        "fertile plots, and you must see every one of them when you stop.",
        _enemy_forests, checks.grown,
        statements=(st.goal("its owner must miss one of its fertile plots"),),
        search=("dendria-sprites", 4, (10, 30))),
    "edge-sow": kind(
        "edge-touching", "plant", "Sow on the edge",
        "In the sprites edition **a {soil} on the edge always sees the edge**: its lines "
        "that leave the board at once are open, so a seed there is hungry even when every "
        "line into the board ends on a piece.",
        "{Plant} a seed on a {soil} where **every line that holds a {soil} ends on a "
        "piece**.",
        "A seed is {planted} only where it would be hungry, and a {soil} on the edge always "
        "sees the edge: follow the lines into the board from the {soils} on the edge.",
        _whole_game, lambda target, mover: checks.sown_on_closed_lines(),
        needs=("hungry",),
        statements=(st.rule("always sees the edge", "edge-touching",
                            "2.1 Roots, hunger and fertilization", ("dendria-sprites",)),
                    st.rule("only where it would be hungry", "plant-hungry", "2.3 A turn",
                            ("dendria-sprites",))), search=("dendria-sprites", 4, (10, 30))),
    "enclosed-capture": kind(
        "enclosed-sight", "move", "Capture an enclosed forest",
        "A forest with **no fertile {soil}** is judged by the {dendrids} it sees along "
        "its lines: it is protected only when it sees more of its owner's {dendrids} "
        "than of the other colour's.",
        "Move one of your {dendrids} and **capture the forest on {cell}**, which has no "
        "fertile {soil}.",
        "A forest with no fertile {soil} changes hands when, at a stop, it sees more of "
        "your {dendrids} than of its owner's: count the {dendrids} on its lines, and "
        "find a stop that tips the count.",
        _enemy_enclosed_forests, checks.grown, needs=("capture-unprotected",),
        statements=(st.rule("protected only when it sees more", "enclosed-sight",
                            "2.2 Conversions", ("dendria-sprites",)),),
        search=("dendria-sprites", 4, (10, 30))),
    "lagoon-power": kind(
        "lagoons", "move", "Down in power, across the water",
        "Lines pass over a **lagoon**, and power counts only cells: a journey may cross "
        "the water, and it ends on a cell of lower power than where it started (unless "
        "it wins a tree).",
        "Move your {dendrid} on **{cell}** so that its journey ends on a cell of the "
        "lowest power it can reach: power **{lowest_stop({where})}**.",
        "Lines run over the water: find the power of the cells along the lines of "
        "{cell}, across the lagoon too, and which of them a journey may end on.",
        _sprites_by_water, lambda cell, mover: checks.lowest_stop(cell),
        needs=("power-rule",),
        statements=(st.rule("power counts only cells", "lagoons",
                            "2.6 Boards of each edition", ("dendria-sprites",)),), search=("dendria-sprites", ATOLL, (6, 24)),
        overlays=("power",)),
    "height": kind(
        "hedu-place-height", "place", "The tallest stack",
        "A new stack gets **a piece for each region** next to it, counted once it "
        "stands there.",
        "Place the tallest stack you can: one that gets **{tallest_placement()|of(piece)}**.",
        "A placement can cut a region apart: count the regions next to the {soil} "
        "once the stack stands there.",
        _whole_game, lambda target, mover: checks.tallest_stack(), search=HEDU),
    "prisoner": kind(
        "hedu-prisoners", "place", "Take prisoners",
        "After a placement, each enemy stack that touches fewer regions than its "
        "height shrinks to that number, then each of the mover's own; then stacks "
        "grow. The pieces a stack loses are **prisoners** for the other colour.",
        "Place a stack that takes as many prisoners as a placement can take here: "
        "**{most_prisoners()|word}**.",
        "An enemy stack shrinks to its count of regions: look for a placement that "
        "leaves a tall enemy stack next to fewer regions.",
        _whole_game, lambda target, mover: checks.most_prisoners(mover),
        search=("hedu", 4, (6, 24))),
    "no-room": kind(
        "hedu-no-zero", "place", "No room left",
        "A new stack gets a piece for each region next to it, and a stack of no "
        "piece is no stack: an empty plot next to **no region** can take no stack.",
        "Place a stack after which **some empty plot can take no stack** at all.",
        "A plot that is a region on its own loses it when a stack stands there: look "
        "for a placement that leaves an empty plot alone between stacks.",
        _whole_game, lambda target, mover: checks.no_room(), search=HEDU),
    "control": kind(
        "hedu-control", "place", "Control regions",
        "A region is **controlled** by the player whose list of groups next to it, as "
        "(height, size) largest first, is the greater; equal lists: nobody controls it.",
        "Place a stack after which you control **{most_controlled()|of(region)}**, the "
        "most a placement gives you here.",
        "A new stack changes the lists of the regions next to it, and can cut a region "
        "apart: compare the lists of the regions around each plot.",
        _whole_game, lambda target, mover: checks.most_controlled(mover),
        search=("hedu", 4, (6, 24))),
    "value": kind(
        "hedu-value", "place", "Worth more",
        "A region is worth the **height of its controller's highest group** next to it.",
        "Place a stack after which the regions you control are worth "
        "**{most_region_value()|of(point)}** in all, the most a placement gives you here.",
        "A region you control is worth as much as your highest group next to it: a tall "
        "stack beside a region you hold, or one that wins a region, adds to the worth.",
        _whole_game, lambda target, mover: checks.most_region_value(mover),
        needs=("hedu-control",), search=("hedu", 4, (6, 24))),
    "score": kind(
        "hedu-score", "place", "The best score",
        "Each player scores the worth of the regions they control, plus their "
        "prisoners, plus half a point for the greater list of all their groups.",
        "Place a stack after which your score is **{best_score()}**, the highest a "
        "placement gives you here.",
        "Your score adds the worth of the regions you control, your prisoners and the "
        "half point, and a placement can change each of them: weigh them together.",
        _whole_game, lambda target, mover: checks.best_score(mover),
        needs=("hedu-control", "hedu-value", "hedu-reduce"), search=("hedu", 4, (6, 24))),
}


def _fields(game: Game, kind: Kind, cell: str) -> dict[str, str]:
    """The words a drill's sentences are written with: the edition's words,
    the target ``{cell}`` (the goal the prompt names: a fact field,
    ``{target(nourish, g1)}``, that the engine answers only when the cell is
    one of the kind's targets on the board, so the data cannot name a cell
    that is not what the prompt says, and a sentence naming another cell
    reads as false; ``{where}`` is the bare cell, for a field's argument:
    ``{lowest_stop({where})}``), and the players as
    fact fields the engine fills on the exercise's board (``{Mover}`` is
    ``{to_move()|cap}``, ``{Other}`` ``{not_to_move()|cap}``: see
    :mod:`.facts`)."""
    from .framework import edition_fields

    words = dict(edition_fields(game))
    name = next(n for n, k in KINDS.items() if k is kind)
    target = f"{{target({name}, {cell})}}" if game.board.has_name(cell) else cell
    words.update(Mover="{to_move()|cap}", Other="{not_to_move()|cap}", cell=target,
                 where=cell)
    if game.variant.family != "hedu":
        words.update(mine=f"{{score({game.to_move})}}",
                     theirs=f"{{score({_other(game.to_move)})}}")
    return words


def a_wrong_turn(ex: Exercise, game: Game) -> tuple[str, ...]:
    """A plausible wrong answer to ``ex`` from ``game``: the first whole
    turn of the exercise's kind, in the engine's order of legal steps, that
    its check refuses (steps: a first one, then slides, up to four steps
    and the end); () when none of those is refused."""
    verbs = {"plant": ("plant", "sow"), "move": ("move",), "place": ("place",)}.get(
        ex.turn, ())

    def walk(g: Game, turn: tuple[str, ...]) -> tuple[str, ...]:
        if not g.turn_under_way:
            return turn if not ex.judge(g).ok else ()
        if len(turn) >= 4:
            return ()
        for step in g.legal_steps():
            if step.verb not in ("slide", "end"):
                continue
            h = g.copy()
            h.play(step)
            found = walk(h, turn + (str(step),))
            if found:
                return found
        return ()

    for first in game.legal_steps():
        if verbs and first.verb not in verbs:
            continue
        g = game.copy()
        g.play(first)
        found = walk(g, (str(first),))
        if found:
            return found
    for turn in claim.whole_turns(game):      # (longer journeys: ask every whole turn)
        g = game.copy()
        g.play(*turn)
        if turn[0].split()[0] in (verbs or (turn[0].split()[0],)) and not ex.judge(g).ok:
            return tuple(turn)
    return ()


def _filled(sentence: str, words: dict[str, str]) -> str:
    """``sentence`` with its word fields (``{cell}``, ``{Mover}``, ``{soil}``)
    written in; its fact fields (``{score(dark)}``: a query, with brackets)
    are left for the lesson to fill from the engine (:mod:`.facts`), with
    the word fields in their arguments written in (``{lowest_stop({where})}``)."""
    return fact_fields.fill_words(sentence, words)


@dataclass
class OpeningExercise(Exercise):
    """An exercise that starts a new game from its very beginning (the
    opening, which no position string holds), whatever the page before it
    showed."""

    def game(self, previous: Game | None = None) -> Game:
        return super().game(None)


def _opening_rules(position: str) -> dict:
    """"dendria-classic h4" as a rules dict (a hexagon of side 4)."""
    ruleset, _, board = position.partition(" ")
    if not (board.startswith("h") and board[1:].isdigit()):
        raise DendriaError(f"an opening drill's position is a ruleset and a hexagon's "
                           f"side, like 'dendria-classic h4', not {position!r}")
    return {"ruleset": ruleset, "board": {"shape": "hexagon", "size": int(board[1:])}}


def drill_exercise(kind: Kind, position: str, cell: str, solution: Sequence[str],
                   level: int = 1, levels: int = 1, with_wrong: bool = True) -> Exercise:
    """One exercise of a drill of ``kind``: the position, the target (a cell,
    or "board" for a drill about the whole board), a solution, its level of
    ``levels``; ``with_wrong``: find a wrong answer for it too (the search
    for positions does without)."""
    if kind.opening:
        rules = _opening_rules(position)
        game = Game(rules)
        start: str | None = None
        make: type[Exercise] = OpeningExercise
    else:
        rules, start, make = None, position, Exercise
        game = Game.from_position(position)
    game.play(*kind.setup)
    words = _fields(game, kind, cell)
    claims: tuple[claim.Claim, ...] = (claim.to_move(game.to_move, at="start"),)
    if game.variant.family != "hedu" and game.board.has_name(cell):
        claims += (claim.piece(cell, game.pieces.get(cell), at="start", mentions=(cell,)),)
    ex = make(
        title=f"{kind.title}, level {level} of {levels}",
        text=_filled(kind.text, words),
        prompt=_filled(kind.prompt, words),
        start=start,
        rules=rules,
        setup=kind.setup,
        check=kind.check(cell, game.to_move),
        hint=_filled(kind.hint, words),
        solution=tuple(solution),
        turn=kind.turn,
        idea=kind.idea,
        level=level,
        claims=claims,
        statements=kind.statements,
        rules_covered=(kind.idea, *kind.needs),
        overlays=kind.overlays,
    )
    wrong = a_wrong_turn(ex, game) if with_wrong else ()
    if wrong:
        ex.wrong = (wrong,)
    return ex


def drill(name: str, found: Sequence[Found]) -> list[Exercise]:
    """The exercises of a drill of the kind ``name``, one per found
    position, in the order given (rising difficulty: levels 1, 2, ...)."""
    kind = KINDS[name]
    return [drill_exercise(kind, position, cell, solution, level, len(found))
            for level, (position, cell, solution) in enumerate(found, 1)]




def with_drills(pages: list[Page], *drill_pages: list[Exercise]) -> list[Page]:
    """``pages`` with each drill placed right after its idea: after the
    last page (not an exercise) that teaches the drill's idea or a rule it
    needs, and after the
    pages that continue that page's game (so that none of them continues
    from a drill's position). A drill whose idea no page teaches is a
    DendriaError."""
    out = list(pages)
    for one in drill_pages:
        if not one:
            continue
        idea = one[0].idea
        needs = set(one[0].rules_covered)
        teach = [k for k, p in enumerate(out)
                 if not isinstance(p, Exercise) and needs & set(p.rules_covered)]
        if not teach:
            raise DendriaError(f"no page teaches {idea!r}, the idea of the drill "
                               f"{one[0].title!r}")
        at = teach[-1] + 1
        while at < len(out) and out[at].start is None and out[at].rules is None:
            at += 1
        out[at:at] = one
    return out


__all__ = ["KINDS", "Found", "Kind", "OpeningExercise", "kind", "a_wrong_turn", "drill", "drill_exercise", "with_drills"]

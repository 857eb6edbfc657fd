"""The goals a puzzle sets: each tied to a rule a lesson teaches, each
judged by asking the engine through :class:`~dendria_widget.Game`.

A goal *measures* a whole turn: how many enemy trees it captures, how many
prisoners it takes, whether it saves a forest... (a number, from the pieces,
the scores and the explanations of the position before and after the turn:
engine facts, never a rule decided here). A puzzle asks for the best
measure any whole turn reaches from its position (its ``target``): a turn
meets the goal when its measure reaches the target.

Every sentence is written once with the edition's words as fields
(:func:`dendria_widget.lessons.framework.worded`): ``{soil}``, ``{dendrid}``,
``{plant}``... and the goal's own ``{n}`` (the target or the measure) and
``{mover}`` / ``{other}`` (the colours in words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import DendriaError
from ..explain import dendria as dendria_explain
from ..explain import hedu as hedu_explain
from ..game import Game
from ..lessons.framework import edition_fields

#: A measure: (the game before the turn, the game after it, the turn's steps) -> a number
Measure = Callable[[Game, Game, list[str]], float]


@dataclass(frozen=True)
class Goal:
    """One goal: ``name`` (short, for code and files), the ``lesson`` that
    teaches its rule (the lesson's name without its number, ``"capture"``
    for ``06_capture``, so that renumbering the lessons keeps the link:
    :func:`.links.lesson_of`), the editions (``families``: "dendria", "hedu") it is
    set in, its ``measure``, and its sentences, each written once:
    ``task`` (what the learner is asked, ``{n}`` the target), ``result`` (what
    a turn did, ``{n}`` its measure; used in a verdict), ``rule`` (the
    first hint: the rule in the lesson's words). ``start``: the measure a
    puzzle's target must beat (the position's own value, e.g. the lead
    now); ``ready``: whether the position suits the goal at all."""

    name: str
    title: str
    lesson: str
    families: tuple[str, ...]
    measure: Measure
    task: str
    result: str
    rule: str
    start: Callable[[Game], float] = lambda game: 0.0
    ready: Callable[[Game], bool] = lambda game: True

    def fields(self, game: Game, n: float) -> dict[str, object]:
        v = game.variant
        mover = game.to_move
        other = v.colours[1 - v.colours.index(mover)]
        words: dict[str, object] = dict(edition_fields(game))
        for kind in v.kinds:
            words[kind] = v.kind_word(kind, 1 if n == 1 else 2)
            words[kind + "s"] = v.kind_word(kind, 2)
            words[kind + "_one"] = v.kind_word(kind, 1)
            words[kind + "_group"] = v.group_word(kind, 1 if n == 1 else 2)
            words[kind + "_groups"] = v.group_word(kind, 2)
        rules = _RULE_WORDS[v.family if v.family == "hedu" else
                            "protection" if v.protection else "fertilized"]
        words.update({k: text.format(**words) for k, text in rules.items()})
        ahead = ("level" if n == 0 else f"{_number(n)} point{'' if n == 1 else 's'} ahead"
                 if n > 0 else f"{_number(-n)} point{'' if n == -1 else 's'} behind")
        words.update(soil_one=v.plot_word, ahead=ahead, n=_number(n), mover=v.colour_word(mover), other=v.colour_word(other),
                     s="" if n == 1 else "s", es="" if n == 1 else "es")
        return words

    def task_words(self, game: Game, target: float) -> str:
        """What the learner is asked, in the edition's words (``game``: the
        puzzle's position)."""
        return self.task.format(**self.fields(game, target))

    def result_words(self, game: Game, n: float) -> str:
        """What a turn with measure ``n`` did (``game``: the position before it)."""
        return self.result.format(**self.fields(game, n))

    def rule_words(self, game: Game) -> str:
        """The rule the goal turns on, in the edition's words (the first hint)."""
        return self.rule.format(**self.fields(game, 2))


#: the parts of a rule that differ between the editions, per edition
_RULE_WORDS = {
    "fertilized": {
        "capture_rule": "when your {dendrids} fertilize every fertile {soil} of it and one "
                        "of them is not fertilized by its owner",
        "keep_rule": "while the enemy {dendrids} do not fertilize every fertile {soil} of it",
        "score_rule": "The score adds the distinct sizes of your forests, one point for "
                      "every size where you have more forests, and half a point for the "
                      "larger forests."},
    "protection": {
        "capture_rule": "that its owner does not protect (a forest is protected when its "
                        "owner's {dendrids} fertilize every fertile {soil} of it)",
        "keep_rule": "while your own {dendrids} fertilize every fertile {soil} of it "
                     "(it is protected)",
        "score_rule": "The score adds up the leafiness of your forests (a forest of size s "
                      "is worth s(s+1)/2), and half a point for the larger forests."},
    "hedu": {
        "capture_rule": "", "keep_rule": "",
        "score_rule": "The score adds the values of the regions you control, your "
                      "prisoners, and half a point for the larger groups."},
}


def _number(n: float) -> str:
    """3 -> '3', 2.5 -> '2.5', 0 -> 'no'."""
    if n == 0:
        return "no"
    return str(int(n)) if float(n).is_integer() else str(n)


def _sides(before: Game) -> tuple[str, str]:
    colours = before.variant.colours
    mover = before.to_move
    return mover, colours[1 - colours.index(mover)]


def _became(before: Game, after: Game, was: Callable[[str], bool], now: str) -> int:
    """How many cells held a piece that ``was`` accepts before and hold ``now`` after."""
    ap = after.pieces
    return sum(1 for c, p in before.pieces.items() if was(p) and ap.get(c) == now)


# ----------------------------------------------------------- Dendria measures
def _captured(before: Game, after: Game, turn: list[str]) -> float:
    me, them = _sides(before)
    return _became(before, after, lambda p: p == f"{them} tree", f"{me} tree")


def _grown(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return _became(before, after, lambda p: p.endswith(" seed"), f"{me} tree")


def _sprouted(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return _became(before, after, lambda p: p.endswith(" seed"), f"{me} dendrid")


def _growths(before: Game, after: Game, turn: list[str]) -> float:
    """How many seedbeds the turn grew (its grow steps, each accepted by the engine)."""
    return sum(1 for st in turn if st.split()[0] == "grow")


def _starved(before: Game, after: Game, turn: list[str]) -> float:
    """Enemy seeds nourished before the turn and hungry after it."""
    _, them = _sides(before)
    was = dendria_explain.seeds(before)
    now = dendria_explain.seeds(after)
    return sum(1 for c, f in was.items()
               if f["piece"] == f"{them} seed" and not f["hungry"]
               and c in now and now[c]["piece"] == f["piece"] and now[c]["hungry"])


def _nourished_enemy_seeds(game: Game) -> int:
    """How many seeds of the colour not to move are nourished (a turn can
    make only those hungry)."""
    _, them = _sides(game)
    return sum(1 for f in dendria_explain.seeds(game).values()
               if f["piece"] == f"{them} seed" and not f["hungry"])


def _fertilized_gain(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return (len(dendria_explain.fertilized(after)[me])
            - len(dendria_explain.fertilized(before)[me]))


def _cut(before: Game, after: Game, turn: list[str]) -> float:
    _, them = _sides(before)
    return (len(dendria_explain.fertilized(before)[them])
            - len(dendria_explain.fertilized(after)[them]))


def _both(game: Game) -> int:
    f = dendria_explain.fertilized(game)
    return len(set(f["dark"]) & set(f["light"]))


def _fertilized_by_both(before: Game, after: Game, turn: list[str]) -> float:
    return float(_both(after))


def _largest_forest(game: Game, colour: str) -> int:
    return max((g["size"] for g in dendria_explain.groups(game)
                if g["colour"] == colour and g["kind"] == "forest"),
               default=0)


def _largest(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(_largest_forest(after, me))


def _threatened(game: Game, owner: str) -> int:
    """How many trees of ``owner`` the other colour could capture on this board."""
    colours = game.variant.colours
    return game.conversion_counts(colours[1 - colours.index(owner)])[1]


def _saved(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(_threatened(after, me) == 0)


def _margin(game: Game, me: str) -> float:
    s = game.score()
    return sum(s[c]["total"] * (1 if c == me else -1) for c in s)


def _lead(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return _margin(after, me)


def _lead_now(game: Game) -> float:
    return _margin(game, game.to_move)


# -------------------------------------------------------------- Hedu measures
def _prisoners(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(after.position()["prisoners"][me] - before.position()["prisoners"][me])


def _removed(before: Game, after: Game, turn: list[str]) -> float:
    _, them = _sides(before)
    ap = after.pieces
    return sum(1 for c, p in before.pieces.items() if p.split()[0] == them and c not in ap)


def _placed_height(before: Game, after: Game, turn: list[str]) -> float:
    words = turn[0].split()
    if words[0] != "place":
        return 0.0
    piece = after.pieces.get(words[1])
    return float(piece.split()[1]) if piece else 0.0


def _controlled(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(after.score()[me]["controlled_regions"])


def _value(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(after.score()[me]["regions"])


def _regions(before: Game, after: Game, turn: list[str]) -> float:
    return float(len(hedu_explain.regions(after)))


def _bonus(before: Game, after: Game, turn: list[str]) -> float:
    me, _ = _sides(before)
    return float(after.score()[me]["largest_groups_bonus"] > 0)


def _score_part(part: str) -> Callable[[Game], float]:
    def start(game: Game) -> float:
        return float(game.score()[game.to_move][part])
    return start


# ---------------------------------------------------------------- the goals
DENDRIA = ("dendria",)
HEDU = ("hedu",)

GOALS: tuple[Goal, ...] = (
    Goal("capture", "Capture", "capture", DENDRIA, _captured,
         "Capture {n} enemy {tree} this turn.",
         "captures {n} enemy {tree}",
         "A journey's stop may capture an enemy forest {capture_rule}."),
    Goal("save", "Save your forest", "capture", DENDRIA, _saved,
         "{other} could capture a forest of yours. Play a turn after which {other} "
         "can capture none of your trees.",
         "{n_saved}",
         "A forest stays yours {keep_rule}. Take away a line of sight, or fill a "
         "fertile {soil}.",
         ready=lambda game: _threatened(game, game.to_move) > 0),
    Goal("grow", "Grow a forest", "seedbeds", DENDRIA, _grown,
         "Turn {n} seed{s} into your trees this turn.",
         "turns {n} seed{s} into your trees",
         "A seedbed grows into your forest when your {dendrids} fertilize every "
         "fertile {soil} of it."),
    Goal("grow-two", "Two seedbeds in one journey", "journeys", DENDRIA, _growths,
         "Grow {n} seedbeds in one turn.",
         "grows {n} seedbed{s}",
         "A journey may stop on the way and convert at every stop: one {dendrid} "
         "can fertilize a seedbed at one stop and another seedbed further on."),
    Goal("sprout", "Sprout", "sprouting", DENDRIA, _sprouted,
         "Sprout {n} seed{s} into your {dendrids} this turn.",
         "sprouts {n} seed{s}",
         "A nourished seed of either colour becomes your {dendrid} when more of its "
         "nourishers are yours than the other colour's."),
    Goal("starve", "Make a seed hungry", "roots", DENDRIA, _starved,
         "Make {n} enemy seed{s} hungry this turn.",
         "makes {n} enemy seed{s} hungry",
         "A seed is hungry when one of its roots reaches the edge with no piece on "
         "it: move away the piece that nourished it.",
         ready=lambda game: _nourished_enemy_seeds(game) > 0),
    Goal("fertilize", "Fertilize", "fertilization", DENDRIA, _fertilized_gain,
         "Fertilize {n} more {soil_one}{s} with your {dendrids} this turn.",
         "fertilizes {n} more {soil_one}{s}",
         "A {dendrid} fertilizes every empty {soil} it sees, up to the first piece "
         "in each of its six directions."),
    Goal("cut", "Cut a line", "fertilization", DENDRIA, _cut,
         "Take {n} fertilized {soil_one}{s} away from the enemy {dendrids} this turn.",
         "takes {n} {soil_one}{s} from the enemy {dendrids}",
         "A {dendrid} sees only up to the first piece on each line: a piece put "
         "in the way cuts its line of sight."),
    Goal("both", "Fertilized by both", "fertilization", DENDRIA, _fertilized_by_both,
         "Leave {n} empty {soil_one}{s} fertilized by both colours after this turn.",
         "leaves {n} {soil_one}{s} fertilized by both colours",
         "An empty {soil} is fertilized by a colour when one of its {dendrids} sees it; "
         "a {soil} that {dendrids} of both colours see is fertilized by both.",
         start=lambda game: float(_both(game))),
    Goal("largest", "Your largest forest", "scoring", DENDRIA, _largest,
         "Make your largest forest {n} tree{s} big this turn.",
         "leaves your largest forest at {n} tree{s}",
         "Larger forests score more, and the half point goes to the colour whose "
         "forests, compared from the largest, are larger.",
         start=lambda game: float(_largest_forest(game, game.to_move))),
    Goal("lead", "Take the lead", "scoring", DENDRIA + HEDU, _lead,
         "Take the lead: finish this turn {n} point{s} ahead of {other}.",
         "finishes {ahead}",
         "{score_rule}",
         start=_lead_now, ready=lambda game: _lead_now(game) <= 0),
    # No "win the game with this turn": no position makes that puzzle. A
    # puzzle starts from a position string, which restarts the pass count
    # and the dendrid move limit, so in Dendria no single turn can end the
    # game; in Hedu a turn wins only at the very end, where the mover has 2
    # to 4 whole turns (30 mined games, side 4, greedy against random: a
    # winning turn in 25 positions, met by 25% to 67% of the whole turns,
    # never by at most 10%).
    # ------------------------------------------------------------- Hedu only
    Goal("prisoners", "Take prisoners", "hedu", HEDU, _prisoners,
         "Take {n} prisoner{s} with one placement.",
         "takes {n} prisoner{s}",
         "After a placement each enemy stack taller than the number of regions "
         "around it is lowered to that number; each piece taken off is your "
         "prisoner."),
    Goal("remove", "Clear a stack", "hedu", HEDU, _removed,
         "Remove {n} enemy stack{s} from the board with one placement.",
         "removes {n} enemy stack{s}",
         "An enemy stack with no region left around it loses every piece and "
         "leaves the board."),
    Goal("tall", "A tall stack", "hedu", HEDU, _placed_height,
         "Place a stack that stands {n} high once the board has settled.",
         "leaves a stack {n} high",
         "A new stack is as high as the number of regions around it once it "
         "stands; then the stacks are lowered and raised to their regions."),
    Goal("control", "Control regions", "hedu_score", HEDU, _controlled,
         "Control {n} region{s} after this placement.",
         "controls {n} region{s}",
         "A region is controlled by the colour whose groups around it, compared "
         "as (height, size) from the largest, are greater.",
         start=_score_part("controlled_regions")),
    Goal("value", "Region points", "hedu_score", HEDU, _value,
         "Score {n} point{s} from the regions you control after this placement.",
         "scores {n} point{s} from regions",
         "A controlled region is worth the height of its controller's highest "
         "group around it.",
         start=_score_part("regions")),
    Goal("split", "Split the regions", "hedu", HEDU, _regions,
         "Leave {n} regions on the board after this placement.",
         "leaves {n} region{s}",
         "A region is a set of connected empty {soils}: a stack can cut one in two."),
    Goal("bonus", "The half point", "hedu_score", HEDU, _bonus,
         "Win the half point for the larger groups with this placement.",
         "{n_bonus}",
         "Half a point goes to the colour whose groups, compared as (height, size) "
         "from the largest, are greater.",
         ready=lambda game: _score_part("largest_groups_bonus")(game) == 0),
)

#: results that are yes or no, in words (the {n_...} fields above)
_YES_NO = {"n_saved": ("leaves a forest of yours that {other} can capture",
                       "leaves no forest of yours that {other} can capture"),
           "n_bonus": ("does not win the half point", "wins the half point")}


def _with_yes_no(goal: Goal) -> Goal:
    for key, (no, yes) in _YES_NO.items():
        if goal.result == "{" + key + "}":
            return _YesNo(**{f: getattr(goal, f) for f in goal.__dataclass_fields__},
                          no=no, yes=yes)
    return goal


@dataclass(frozen=True)
class _YesNo(Goal):
    """A goal met or not (save, half point): its result in two sentences."""

    no: str = ""
    yes: str = ""

    def result_words(self, game: Game, n: float) -> str:
        return (self.yes if n else self.no).format(**self.fields(game, n))


GOALS = tuple(_with_yes_no(g) for g in GOALS)
BY_NAME = {g.name: g for g in GOALS}


def goal(name: str) -> Goal:
    """The goal called ``name``; a DendriaError names the goals there are."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise DendriaError(f"there is no puzzle goal {name!r} (the goals: "
                           f"{', '.join(BY_NAME)})") from None


def goals_for(game: Game) -> list[Goal]:
    """The goals set in ``game``'s edition."""
    family = game.variant.family
    return [g for g in GOALS if family in g.families]

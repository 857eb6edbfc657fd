"""A puzzle, its verdicts, and its proof.

A :class:`Puzzle` is a position, a goal and a target: the best measure any
whole turn of the side to move reaches (:mod:`.goals`). Its ``solutions``
are *every* whole turn that reaches the target, found by listing every
whole turn the engine allows from the position
(:func:`dendria_widget.lessons.claims.whole_turns`), so an answer is a
proof, not an engine's opinion. :func:`verify` proves it again from
scratch; :func:`candidates` finds puzzles in a position; :func:`trim` drops
the pieces that change no answer and moves the puzzle to the smallest
hexagon that keeps it.
"""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from ..errors import DendriaError
from ..game import Game
from ..lessons.claims import whole_turns
from ..notation import Step
from .goals import Goal, goal, goals_for

#: at most this share of the whole turns may meet a puzzle's goal
MAX_SHARE = 0.10
#: positions with more whole turns than this are not searched
TURN_LIMIT = 3000
#: puzzles with more whole turns than this are trimmed with fewer trials
BIG = 150


@dataclass(frozen=True)
class Verdict:
    """What :meth:`Puzzle.judge` says of a turn: ``right``, the ``words``
    (why, in the edition's words), the turn's ``measure`` and the ``turn``
    judged (step strings; [] when there was no whole turn to judge)."""

    right: bool
    words: str
    measure: float = 0.0
    turn: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return self.right


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module). ``position``: a position string
    (``Game.from_position`` reads it); ``goal``: the goal's short name;
    ``target``: the measure a turn must reach; ``solutions``: every whole
    turn that reaches it (each a tuple of step strings); ``wrong``: tempting
    turns that do not, with the words of their verdicts; ``turns``: how many
    whole turns the position has; ``rating``, ``rd``, ``volatility``: its
    Glicko-2 difficulty; ``found``: how often the greedy and the random
    players found an answer (shares, 0 to 1)."""

    id: str
    position: str
    goal: str
    target: float
    solutions: tuple[tuple[str, ...], ...]
    turns: int
    wrong: tuple[tuple[tuple[str, ...], str], ...] = ()
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06
    found: dict[str, float] = field(default_factory=dict)
    source: str = ""

    # ------------------------------------------------------------ reading
    def game(self) -> Game:
        """A fresh game at the puzzle's position."""
        return Game.from_position(self.position)

    @property
    def ruleset(self) -> str:
        return self.position.split()[0]

    @property
    def the_goal(self) -> Goal:
        return goal(self.goal)

    @property
    def goal_words(self) -> str:
        """The goal in the edition's words ('Capture 3 enemy trees this turn.')."""
        return self.the_goal.task_words(self.game(), self.target)

    @property
    def steps(self) -> int:
        """The steps of the shortest answer."""
        return min(len(s) for s in self.solutions)

    def hints(self) -> list[str]:
        """The staged hints: the rule, then the region, then the move."""
        game = self.game()
        g = self.the_goal
        answer = self.solutions[0]
        cells = _cells_of(answer)
        look = ", ".join(cells) if cells else "the whole board"
        first = _step_words(game, answer[0])
        return [g.rule_words(game),
                f"Look at {look}.",
                f"Start with {first}."]

    def hint_cells(self) -> list[str]:
        """The cells of the region hint (the cells the first answer names)."""
        return _cells_of(self.solutions[0])

    # ------------------------------------------------------------ judging
    def judge(self, game: Game) -> Verdict:
        """Is the first whole turn played in ``game`` (a game started at the
        puzzle's position) right? The verdict says why, in the edition's words."""
        if not isinstance(game, Game):
            raise DendriaError(f"judge takes a Game started at the puzzle's position, not "
                               f"{type(game).__name__}")
        if game.position_string() != self.position and game.step_count == 0:
            raise DendriaError("this game is not at the puzzle's position")
        history = game.history
        if not history or not history[0]:
            return Verdict(False, "Play a whole turn first.")
        if len(history) == 1 and game.turn_under_way:
            return Verdict(False, "Finish the turn first (End turn), then Check.")
        return self.judge_turn([str(s) for s in history[0]])

    def judge_turn(self, turn: Iterable[str]) -> Verdict:
        """The verdict on one whole turn (step strings) from the puzzle's position."""
        turn = [str(s) for s in turn]
        before = self.game()
        after = before.copy()
        for st in turn:
            refusal = after.refusal(st)
            if refusal is not None:
                return Verdict(False, f"{_step_words(before, st)} is not allowed here: "
                                      f"{refusal}.", 0.0, tuple(turn))
            after.play(st)
        if after.turn_under_way:
            return Verdict(False, "That turn is not finished (End turn).", 0.0, tuple(turn))
        g = self.the_goal
        m = g.measure(before, after, turn)
        said = ", ".join(_step_words(before, st) for st in turn)
        result = g.result_words(before, m)
        if m >= self.target:
            return Verdict(True, f"Right! This turn ({said}) {result}.", m, tuple(turn))
        best = g.result_words(before, self.target)
        return Verdict(False, f"Not this one: this turn ({said}) {result}, and a turn "
                              f"here {best}.", m, tuple(turn))

    # ------------------------------------------------------------ data
    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "position": self.position, "goal": self.goal,
                "target": self.target, "solutions": [list(s) for s in self.solutions],
                "turns": self.turns,
                "wrong": [{"turn": list(t), "words": w} for t, w in self.wrong],
                "rating": round(self.rating, 1), "rd": round(self.rd, 1),
                "volatility": self.volatility, "found": self.found, "source": self.source}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Puzzle:
        try:
            return cls(id=str(d["id"]), position=str(d["position"]), goal=str(d["goal"]),
                       target=float(d["target"]),
                       solutions=tuple(tuple(str(x) for x in s) for s in d["solutions"]),
                       turns=int(d["turns"]),
                       wrong=tuple((tuple(str(x) for x in w["turn"]), str(w["words"]))
                                   for w in d.get("wrong", ())),
                       rating=float(d.get("rating", 1500.0)), rd=float(d.get("rd", 350.0)),
                       volatility=float(d.get("volatility", 0.06)),
                       found={str(k): float(x) for k, x in d.get("found", {}).items()},
                       source=str(d.get("source", "")))
        except (KeyError, TypeError, ValueError) as e:
            raise DendriaError(f"a puzzle needs id, position, goal, target, solutions and "
                               f"turns ({e})") from None

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} {self.goal} rating {self.rating:.0f}>"


def _cells_of(turn: Iterable[str]) -> list[str]:
    out: list[str] = []
    for st in turn:
        words = st.split()
        if len(words) == 2 and words[1] not in out and words[0] not in ("komi", "side"):
            out.append(words[1])
    return out


def _step_words(game: Game, step: str) -> str:
    try:
        return game.variant.step_text(Step.parse(step, game.board))
    except DendriaError:
        return step


def puzzle_id(position: str, goal_name: str) -> str:
    """A puzzle's id: its edition, its goal and a digest of its position."""
    digest = hashlib.sha256(f"{position}|{goal_name}".encode()).hexdigest()[:8]
    short = {"dendria-classic": "classic", "dendria-sprites": "sprites"}
    ruleset = position.split()[0]
    return f"{short.get(ruleset, ruleset)}-{goal_name}-{digest}"


# ------------------------------------------------------------ every turn
@dataclass
class Survey:
    """Every whole turn of a position and each goal's measure of each."""

    position: str
    turns: list[list[str]]
    measures: dict[str, list[float]]


def survey(position: str, goals: Iterable[Goal] | None = None,
           limit: int = TURN_LIMIT) -> Survey:
    """List every whole turn from ``position`` and measure each for each
    goal (default: every goal of the edition). More than ``limit`` whole
    turns is a DendriaError."""
    before = Game.from_position(position)
    if before.is_over:
        raise DendriaError("the game is over at this position")
    chosen = list(goals) if goals is not None else goals_for(before)
    turns = _whole_turns(position, limit)
    measures: dict[str, list[float]] = {g.name: [] for g in chosen}
    work = before.copy()
    for turn in turns:
        work.play(*turn)
        for g in chosen:
            measures[g.name].append(g.measure(before, work, turn))
        for _ in turn:
            work.undo()
    return Survey(position, turns, measures)


@lru_cache(maxsize=512)
def _listed(position: str, limit: int) -> tuple[tuple[str, ...], ...] | str:
    """Every whole turn from ``position`` (the engine's, through
    ``whole_turns``), or the words of the DendriaError when there are more
    than ``limit``; kept for the trials that list one position for several
    goals."""
    try:
        return tuple(tuple(t) for t in whole_turns(Game.from_position(position), limit=limit))
    except DendriaError as e:
        return str(e)


def _whole_turns(position: str, limit: int) -> list[list[str]]:
    listed = _listed(position, limit)
    if isinstance(listed, str):
        raise DendriaError(listed)
    return [list(t) for t in listed]


def _answer_key(turn: Iterable[str]) -> frozenset[str]:
    return frozenset(turn)


def _meeting(s: Survey, g: Goal, target: float) -> list[list[str]]:
    return [t for t, m in zip(s.turns, s.measures[g.name]) if m >= target]


def _best_target(s: Survey, g: Goal, game: Game) -> float | None:
    """The puzzle's target for goal ``g`` at this position, or None when it
    makes no puzzle: the best measure must beat the position's own value
    (and lead to a lead, grow two seedbeds...) and be met by at most
    MAX_SHARE of the whole turns (and by one turn at least)."""
    values = s.measures.get(g.name)
    if not values or not g.ready(game):
        return None
    best = max(values)
    if best <= g.start(game) or best <= 0:
        return None
    if g.name == "grow-two" and best < 2:
        return None
    n = sum(1 for m in values if m >= best)
    if n > MAX_SHARE * len(values):
        return None
    return best


def _wrong_turns(s: Survey, g: Goal, target: float, k: int = 3) -> list[list[str]]:
    """The tempting wrong turns: the best measures below the target (a
    pass last), at most ``k``."""
    pairs = [(m, t == ["pass"], i) for i, (t, m) in enumerate(zip(s.turns, s.measures[g.name]))
             if m < target]
    pairs.sort(key=lambda p: (-p[0], p[1], p[2]))
    return [s.turns[i] for _m, _p, i in pairs[:k]]


def make_puzzle(s: Survey, g: Goal, target: float, source: str = "") -> Puzzle:
    """The puzzle for goal ``g`` at the surveyed position (its solutions,
    its wrong turns with their verdicts, its id)."""
    sols = sorted((tuple(t) for t in _meeting(s, g, target)), key=lambda t: (len(t), t))
    base = Puzzle(puzzle_id(s.position, g.name), s.position, g.name, target, tuple(sols),
                  len(s.turns), source=source)
    wrong = tuple((tuple(t), base.judge_turn(t).words) for t in _wrong_turns(s, g, target))
    return replace(base, wrong=wrong)


def candidates(position: str, limit: int = TURN_LIMIT, source: str = "",
               goals: Iterable[str] | None = None) -> list[Puzzle]:
    """Every puzzle the position makes (one per goal at most; only the
    ``goals`` named, when given)."""
    game = Game.from_position(position)
    if game.is_over or game.turn_under_way:
        return []
    # a goal the position does not suit makes no puzzle (_best_target): the
    # whole turns are listed only when some goal is ready
    wanted = [g for g in goals_for(game) if (goals is None or g.name in set(goals))
              and g.ready(game)]
    if not wanted:
        return []
    try:
        s = survey(position, wanted, limit=limit)
    except DendriaError:
        return []
    out = []
    for g in wanted:
        target = _best_target(s, g, game)
        if target is not None:
            out.append(make_puzzle(s, g, target, source))
    return out


# ---------------------------------------------------------------- proof
def verify(p: Puzzle, limit: int = 50_000) -> list[str]:
    """Prove the puzzle again from scratch, listing every whole turn: the
    problems found, in words ([] when it holds). Checks that the position
    reads, that the goal is the best any turn reaches and beats the
    position, that the solutions are exactly the whole turns that meet it,
    that at most 10% of the whole turns do, and that every listed wrong
    turn fails with words that say so."""
    problems: list[str] = []
    try:
        g = p.the_goal
        game = p.game()
    except DendriaError as e:
        return [f"the puzzle does not read: {e}"]
    if game.variant.family not in g.families:
        return [f"the goal {g.name} is not a goal of {game.variant.title}"]
    if p.id != puzzle_id(p.position, p.goal):
        problems.append(f"its id should be {puzzle_id(p.position, p.goal)}")
    try:
        s = survey(p.position, [g], limit=limit)
    except DendriaError as e:
        return problems + [f"its whole turns cannot be listed: {e}"]
    if len(s.turns) != p.turns:
        problems.append(f"the position has {len(s.turns)} whole turns, not {p.turns}")
    target = _best_target(s, g, game)
    if target is None:
        values = s.measures[g.name]
        n = sum(1 for m in values if m >= p.target)
        problems.append(f"the goal makes no puzzle here ({n} of {len(values)} whole turns "
                        f"meet it)")
    elif target != p.target:
        problems.append(f"the best turn reaches {target}, not {p.target}")
    meeting = {_answer_key(t) for t in _meeting(s, g, p.target)}
    listed = {_answer_key(t) for t in p.solutions}
    for sol in p.solutions:
        verdict = p.judge_turn(sol)
        if not verdict.right:
            problems.append(f"the solution {', '.join(sol)} is judged wrong: {verdict.words}")
    if meeting != listed:
        problems.append(f"{len(meeting - listed)} turns meet the goal but are not listed, "
                        f"{len(listed - meeting)} listed do not")
    if len(meeting) > MAX_SHARE * max(len(s.turns), 1):
        problems.append(f"{len(meeting)} of {len(s.turns)} whole turns meet the goal "
                        f"(more than {MAX_SHARE:.0%})")
    for turn, words in p.wrong:
        verdict = p.judge_turn(turn)
        if verdict.right:
            problems.append(f"the wrong turn {', '.join(turn)} meets the goal")
        elif verdict.words != words:
            problems.append(f"the wrong turn {', '.join(turn)} is now judged "
                            f"'{verdict.words}', not '{words}'")
    return problems


# ----------------------------------------------------------------- trim
def _same_answer(p: Puzzle, position: str, rename: dict[str, str] | None = None) -> Puzzle | None:
    """The puzzle moved to ``position`` if it keeps its answer there: the
    same goal target, the same solutions (cells renamed by ``rename``),
    still a puzzle; else None."""
    try:
        game = Game.from_position(position)
        if game.is_over:
            return None
        g = p.the_goal
        # a trial that opens far more turns than the puzzle has is not kept
        s = survey(position, [g], limit=max(2 * p.turns, 200))
    except DendriaError:
        return None
    target = _best_target(s, g, game)
    if target != p.target:
        return None
    want = {frozenset(_rename(st, rename) for st in sol) for sol in p.solutions}
    if {_answer_key(t) for t in _meeting(s, g, target)} != want:
        return None
    return make_puzzle(s, g, target, p.source)


def _rename(step: str, rename: dict[str, str] | None) -> str:
    if not rename:
        return step
    words = step.split()
    return " ".join(rename.get(w, w) for w in words)


def _far_pieces(game: Game, cells: Iterable[str]) -> list[str]:
    """The pieces more than one cell away from every one of ``cells``."""
    board = game.board
    near = [board.axial(board.cell(c)) for c in cells]

    def far(c: str) -> bool:
        q, r = board.axial(board.cell(c))
        return all(max(abs(q - a), abs(r - b), abs(q - a + r - b)) > 1 for a, b in near)
    return [c for c in game.pieces if far(c)]


def trim(p: Puzzle, budget: int = 6) -> Puzzle:
    """The puzzle with every piece that changes no answer taken off: first
    all the pieces away from the answers' cells at once, then one piece at
    a time (each kept off when the answer stays the same); then on the
    smallest hexagon board that keeps it. At most ``budget`` trials."""
    game = p.game()
    trials = 0
    if p.turns > BIG:          # each trial lists every whole turn again: fewer of them
        budget = min(budget, 3)
    used = {c for sol in p.solutions for c in _cells_of(sol)}
    far = _far_pieces(game, used) if used else []
    if far and len(far) < len(game.pieces):
        trials += 1
        try:
            position = game.edited(pieces={c: str(x) for c, x in game.pieces.items()
                                           if c not in far}).position_string()
            moved = _same_answer(p, position)
        except DendriaError:
            moved = None
        if moved is not None:
            p, game = moved, moved.game()
    for cell in list(game.pieces):
        if trials >= budget:
            break
        pieces = {c: str(piece) for c, piece in game.pieces.items() if c != cell}
        if not pieces:
            continue
        trials += 1
        try:
            position = game.edited(pieces=pieces).position_string()
        except DendriaError:
            continue
        moved = _same_answer(p, position)
        if moved is not None:
            p, game = moved, moved.game()
    while trials < budget:
        smaller = _smaller(game)
        if smaller is None:
            break
        trials += 1
        position, rename = smaller
        moved = _same_answer(p, position, rename)
        if moved is None:
            break
        p, game = moved, moved.game()
    return p


def _smaller(game: Game) -> tuple[str, dict[str, str]] | None:
    """The position on the hexagon one size smaller, when every piece fits
    (the same axial coordinates), and the renaming of the cells; None."""
    board = game.board
    spec = board.spec
    if spec.get("shape") != "hexagon" or spec["size"] <= 3:
        return None
    size = spec["size"] - 1
    rules = game.rules.to_dict()
    rules["board"] = {"shape": "hexagon", "size": size}
    small = Game(rules)
    sb = small.board
    rename: dict[str, str] = {}
    for i in board.plots:
        q, r = board.axial(i)
        j = sb.id_at(q, r)
        if j is not None:
            rename[board.name(i)] = sb.name(j)
    pieces = game.pieces
    if any(c not in rename for c in pieces):
        return None
    pos = game.position()
    pos["pieces"] = {rename[c]: piece for c, piece in pieces.items()}
    try:
        moved = Game.from_position(pos, rules=rules)
    except DendriaError:
        return None
    return moved.position_string(), rename


def share(p: Puzzle) -> float:
    """The share of the whole turns that meet the goal."""
    return len(p.solutions) / max(p.turns, 1)


def initial_rating(p: Puzzle, greedy: float, random_: float) -> float:
    """A first rating from how rare the answer is among the whole turns,
    how many steps it takes and how often the greedy and random players
    find it (shares 0..1): rare, long and missed by the players is hard."""
    rarity = math.log2(max(p.turns, 1) / max(len(p.solutions), 1))
    rating = (1000 + 120 * rarity + 60 * (p.steps - 1)
              - 350 * greedy - 250 * random_)
    return float(min(2600.0, max(600.0, round(rating, 1))))

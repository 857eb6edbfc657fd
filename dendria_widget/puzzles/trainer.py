"""The puzzle trainer, headless: a view-model the widget (:mod:`.widget`)
draws, and that tests and notebooks drive with plain calls.

    >>> import tempfile, pathlib
    >>> from dendria_widget.puzzles.progress import PuzzleProgress
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     t = TrainerSession(editions=["hedu"], progress=PuzzleProgress(
    ...         pathlib.Path(tmp) / "puzzles.json"))
    ...     _ = t.board.play(*t.puzzle.solutions[0])
    ...     t.check().right, t.view().streak
    (True, 1)

:class:`TrainerSession` serves a puzzle near the learner's rating (not yet
solved; within the chosen editions and goal), plays on a
:class:`~dendria_widget.session.board.BoardSession` (the board widget's own
session in the widget), judges the learner's turn (:meth:`check`, the
verdict in the edition's words), gives hints in stages (the rule, then the
region, then the move), and keeps the rating (Glicko-2: the learner's and
the puzzle's move with each first attempt), the streak and the solved
puzzles in :class:`~.progress.PuzzleProgress`. No threads: it works in
Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import DendriaError
from ..session.board import BoardSession
from . import EDITIONS, bank
from .glicko import Rating, attempt
from .goals import BY_NAME
from .progress import PuzzleProgress
from .puzzle import Puzzle, Verdict

#: the hint stages, in order
HINT_STAGES = ("rule", "region", "move")

#: a goal filter: a goal's name, several (a sequence, or names joined by
#: commas), or None for every goal
GoalFilter = str | Sequence[str] | None


def goal_names(goal: GoalFilter) -> tuple[str, ...] | None:
    """The goal filter as a tuple of names (None: every goal)."""
    if goal is None:
        return None
    names = goal.split(",") if isinstance(goal, str) else list(goal)
    out = tuple(dict.fromkeys(str(n).strip() for n in names if str(n).strip()))
    return out or None


@dataclass(frozen=True)
class TrainerView:
    """What the trainer shows: the puzzle, its goal in words, the
    learner's rating and its last change, the streak, the verdict and the
    hints shown so far, the filter."""

    puzzle_id: str
    edition: str
    goal: str
    goal_words: str
    puzzle_rating: float
    rating: float
    change: float
    streak: int
    solved: int
    verdict: str
    right: bool | None
    hints: tuple[str, ...]
    editions: tuple[str, ...]
    goal_filter: str | None
    note: str
    left: int


class TrainerSession:
    """The trainer's state and commands (see the module).

    ``TrainerSession(*, editions=EDITIONS, goal=None, progress=None,
    board=None, puzzles=None)``: ``editions`` and ``goal`` filter the
    puzzles served; ``progress`` a :class:`~.progress.PuzzleProgress`
    (default: the learner's file); ``board`` a BoardSession to play on (the
    widget's); ``puzzles`` the puzzles to serve (default: the shipped banks).
    """

    def __init__(self, *, editions: Iterable[str] = EDITIONS, goal: GoalFilter = None,
                 progress: PuzzleProgress | None = None, board: BoardSession | None = None,
                 puzzles: Sequence[Puzzle] | None = None) -> None:
        self.store = progress if progress is not None else PuzzleProgress()
        self._given = list(puzzles) if puzzles is not None else None
        self.editions: tuple[str, ...] = ()
        self.goals: tuple[str, ...] | None = None
        self.puzzle: Puzzle | None = None
        self.verdict: Verdict | None = None
        self.hints_shown = 0
        self.rated = False            # this puzzle's first attempt has been rated
        self.change = 0.0             # the learner's rating change at the last rated check
        self._filter(editions, goal)
        first = self._choose()
        self.board = board if board is not None else BoardSession(first.game(), quiz=True)
        self.board.quiz = True     # the learner finds the move: no cell of it on screen
        self._show(first)

    # ------------------------------------------------------------ choosing
    def _filter(self, editions: Iterable[str], goal: GoalFilter) -> None:
        eds = tuple(editions) if not isinstance(editions, str) else (editions,)
        unknown = [e for e in eds if e not in EDITIONS]
        if unknown or not eds:
            raise DendriaError(f"the trainer's editions are among {', '.join(EDITIONS)}, "
                               f"not {', '.join(unknown) or 'none'}")
        names = goal_names(goal)
        for name in names or ():
            if name not in BY_NAME:
                raise DendriaError(f"there is no puzzle goal {name!r} (the goals: "
                                   f"{', '.join(BY_NAME)})")
        pool = self._pool(eds, names)
        if not pool:
            said = " or ".join(repr(n) for n in names or ())
            raise DendriaError(f"no puzzle has the goal {said} in {' or '.join(eds)}")
        self.editions, self.goals = eds, names

    @property
    def goal_filter(self) -> str | None:
        """The goal filter as one string: a goal's name, several joined by
        commas (a lesson's goals), or None (every goal)."""
        return ",".join(self.goals) if self.goals else None

    def _pool(self, editions: Sequence[str], goals: tuple[str, ...] | None) -> list[Puzzle]:
        if self._given is not None:
            every = [p for p in self._given if p.ruleset in editions]
        else:
            every = [p for e in editions for p in bank(e)]
        return [p for p in every if goals is None or p.goal in goals]

    def puzzles(self) -> list[Puzzle]:
        """The puzzles the filter lets through."""
        return self._pool(self.editions, self.goals)

    def _choose(self) -> Puzzle:
        """The unsolved puzzle nearest the learner's rating (another than
        the one shown); when all are solved, the nearest of all."""
        pool = self.puzzles()
        data = self.store.read()         # once: on the site each read asks the drive
        solved = set(data["solved"])
        rating = float(data["rating"][0])
        moved = data["puzzles"]
        current = self.puzzle.id if self.puzzle is not None else None
        fresh = [p for p in pool if p.id not in solved and p.id != current]
        if not fresh:
            fresh = [p for p in pool if p.id != current] or pool

        def distance(p: Puzzle) -> tuple[float, str]:
            r = moved.get(p.id)
            return (abs((float(r[0]) if r else p.rating) - rating), p.id)
        return min(fresh, key=distance)

    def _puzzle_rating(self, p: Puzzle) -> Rating:
        return self.store.puzzle_rating(p.id, Rating(p.rating, p.rd, p.volatility))

    def _show(self, p: Puzzle) -> None:
        self.puzzle = p
        self.verdict = None
        self.hints_shown = 0
        self.rated = False
        self.board.serve(p.position, "A new puzzle.")
        self.board.game.set_annotations({"marks": {}, "arrows": []})
        self.board.sync()

    # ------------------------------------------------------------ commands
    def next(self) -> Puzzle:
        """Serve the next puzzle (near the learner's rating)."""
        p = self._choose()
        self._show(p)
        return p

    def set_filter(self, editions: Iterable[str] | None = None,
                   goal: GoalFilter = "") -> Puzzle:
        """Serve puzzles of these ``editions`` (default: as now) and this
        ``goal`` (a name, several names, None: every goal; "" keeps the goal
        filter as it is); a new puzzle is served."""
        eds = self.editions if editions is None else editions
        self._filter(eds, self.goals if goal == "" else goal)
        self.puzzle = None
        return self.next()

    def retry(self) -> None:
        """Back to the puzzle's position (hints and rating stay as they are)."""
        assert self.puzzle is not None
        self.verdict = None
        self.board.serve(self.puzzle.position, "The puzzle again, from its start.")
        self._mark_hints()

    def check(self) -> Verdict:
        """Judge the turn played on the board. The first whole turn judged
        on a puzzle is rated (a right answer after the move hint counts as
        a miss): the learner's and the puzzle's ratings move, and the streak."""
        p = self.puzzle
        assert p is not None
        verdict = p.judge(self.board.game)
        self.verdict = verdict
        if not verdict.turn:          # nothing to judge yet: not an attempt
            return verdict
        if not self.rated:
            solved = verdict.right and self.hints_shown < len(HINT_STAGES)
            learner = self.store.rating()
            before = learner.rating
            new_learner, new_puzzle = attempt(learner, self._puzzle_rating(p), solved)
            self.store.record(p.id, solved, new_learner, new_puzzle)
            self.change = new_learner.rating - before
            self.rated = True
        elif verdict.right:
            self.store.mark_solved(p.id)
        return verdict

    def hint(self) -> str:
        """The next hint: the rule, then the region (marked on the board),
        then the move. Pressed again, the last hint stays."""
        p = self.puzzle
        assert p is not None
        self.hints_shown = min(self.hints_shown + 1, len(HINT_STAGES))
        self._mark_hints()
        return p.hints()[self.hints_shown - 1]

    def _mark_hints(self) -> None:
        p = self.puzzle
        assert p is not None
        marks = {c: "?" for c in p.hint_cells()} if self.hints_shown >= 2 else {}
        self.board.game.set_annotations({"marks": marks, "arrows": []})
        self.board.sync()

    # ------------------------------------------------------------ the view
    def view(self) -> TrainerView:
        p = self.puzzle
        assert p is not None
        data = self.store.read()
        solved = set(data["solved"])
        game = p.game()
        return TrainerView(
            puzzle_id=p.id, edition=game.variant.title, goal=BY_NAME[p.goal].title,
            goal_words=p.goal_words,
            puzzle_rating=round(self._puzzle_rating(p).rating),
            rating=round(float(data["rating"][0])), change=round(self.change, 1),
            streak=int(data["streak"]), solved=len(data["solved"]),
            verdict=self.verdict.words if self.verdict is not None else "",
            right=self.verdict.right if self.verdict is not None else None,
            hints=tuple(p.hints()[:self.hints_shown]),
            editions=self.editions, goal_filter=self.goal_filter,
            note=self.store.note,
            left=sum(1 for q in self.puzzles() if q.id not in solved))

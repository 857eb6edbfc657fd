"""Lessons: step-through tutorials as data (pages, exercises, verdicts).

A :class:`Lesson` is a list of :class:`Page` objects; an :class:`Exercise`
is a page the learner plays on. Lessons live in ``lessons/data/lNN_<stem>.py``
(one module per notebook ``tutorials/NN_<stem>.ipynb``, each defining
``LESSON``); :func:`catalog` finds them all, in notebook order, and
:func:`load` one of them by name or number.

Everything here is headless: a lesson can be stepped, each page rendered to
SVG, and each exercise started, played and checked from code::

    >>> from dendria_widget import lessons
    >>> lesson = lessons.load("01")
    >>> lesson.name, len(lesson) > 3
    ('01_board', True)
    >>> ex = lesson.exercises()[0]
    >>> game = ex.start_game()
    >>> game.play(*ex.solution)          # doctest: +ELLIPSIS
    <Game ...>
    >>> ex.judge(game).ok
    True

Rules are never decided here: pages show what the engine says, and the
checks of exercises ask the engine (``explain``, ``Game``) about the position
the learner reached.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import DendriaError, IllegalStep
from ..explain.sentences import and_list
from ..game import Game
from ..notation import Step
from ..render.svg import themed_picture
from ..rules.variant import plural_of
from . import facts as fact_fields
from .claims import Claim

#: Every rule (and every option default) a lesson can teach, by id: what
#: the tests check the lessons cover, each id by some page.
RULE_IDS = {
    # the board (docs/rules.md section 1, what the games share)
    "board-soils": "the board is made of hexagonal cells, the soils (plots)",
    "lines": "straight lines run from a cell in six directions (a line each way that "
             "holds a cell)",
    "edge": "a line that meets no piece runs out at the edge of the board",
    "cell-names": "a cell is named by its row letter and its place in the row",
    # Dendria, definitions (2.1)
    "roots": "a seed's roots: its lines that hold at least one soil",
    "edge-literal": "classic: a cell on the edge has no root looking outwards",
    "edge-touching": "sprites: a line with no soil still sees the edge",
    "nourishers": "the first piece on a root nourishes the seed, whatever its colour or kind, "
                  "however far",
    "hungry": "a seed that sees the edge on some root is hungry",
    "nourished": "a seed whose every root ends on a piece is nourished",
    "plant-hungry": "a seed may only be planted where it would be hungry",
    "fertilized": "an empty soil a dendrid sees is fertilized by the dendrid's colour",
    "fertilized-blocked": "a dendrid's sight stops at the first piece on each line",
    # conversions (2.2)
    "sprout-majority": "a nourished seed sprouts when strictly more of its nourishers are "
                       "the mover's than the opponent's",
    "sprout-either-colour": "a seed of either colour may sprout into the mover's dendrid",
    "sprout-one-per-root": "each root gives at most one nourisher",
    "sprout-hungry-never": "a hungry seed cannot sprout",
    "seedbed": "touching seeds of one colour form a seedbed; touching trees a forest",
    "fertile-soils": "the empty soils touching a group are its fertile soils",
    "grow": "a seedbed of either colour becomes the mover's forest when the mover "
            "fertilizes every one of its fertile soils",
    "grow-after-plant": "classic: right after planting, the new seed's seedbed may grow",
    "grow-on-move": "other growths, and captures, happen only during a move",
    "capture-fertilized": "classic: an enemy forest changes hands when the mover fertilizes "
                          "every fertile soil of it and the owner misses one",
    "enclosed-never": "classic: a group with no fertile soil never grows nor changes hands",
    "capture-unprotected": "sprites: an enemy forest that is not protected may be captured",
    "protection": "sprites: a forest is protected when its owner fertilizes every fertile "
                  "soil of it",
    "enclosed-sight": "sprites: a group with no fertile soil is judged by the dendrids it sees",
    "judged-anew": "each conversion changes the board, and the next one is judged on the "
                   "new board",
    # a turn (2.3)
    "turns": "a turn is a plant, a move or a pass; plants and moves finish with an end step",
    "plant-sprout": "after planting, any eligible seeds may sprout",
    "sowing-non-touching": "sprites: the mover's pieces next to a new seed must not touch "
                           "each other",
    "journey-line": "a dendrid journeys along one straight line",
    "journey-jump": "a journey may pass over empty soils, seeds and the mover's own dendrids",
    "journey-block": "trees and enemy dendrids block a journey",
    "journey-stop": "a journey stops only on an empty soil",
    "journey-slides": "a journey may go on in several slides, in the same direction",
    "journey-convert": "at every stop the mover may sprout, grow and capture",
    "convert-at-start": "classic: no conversion before the first slide",
    "sprite-capture": "sprites: a sprite may stop on the first enemy sprite and remove it",
    "power": "sprites: a cell's power is the fewest soils on its six lines",
    "power-rule": "sprites: a journey must end on a cell of lower power, unless a tree was won",
    "no-dead-ends": "a step after which the turn could not be finished is refused",
    "pass-end": "the game ends after two passes in a row",
    "superko": "a turn may not bring back an earlier board",
    "move-limit": "classic: the game ends after ten turns by each player without a plant",
    "no-move-limit": "sprites: no move limit: turns without a sowing never end the game",
    # opening (2.4)
    "pie": "classic: Dark's first turn is one seed anywhere",
    "pie-swap": "then Light may swap sides instead of playing",
    "komi-pie": "sprites: one player sets the komi, the other chooses a side",
    # scoring (2.5)
    "score-distinct": "classic: the sum of the distinct sizes of your forests",
    "score-majority": "classic: a point for every size of which you have more forests",
    "score-half": "half a point for the larger forests, compared largest first",
    "leafiness": "sprites: a forest of size s scores s(s+1)/2",
    "komi": "Light adds the komi to its score",
    # boards (sprites edition)
    "modular": "sprites: boards made of seven-cell modules",
    "lagoons": "sprites: holes in a modular board that lines pass through",
    # Hedu (3)
    "hedu-stacks": "Hedu: stacks of one colour; a stack's height is its number of pieces",
    "hedu-regions": "Hedu: a region is a connected set of empty soils",
    "hedu-place-height": "Hedu: a new stack's height is the number of regions next to it",
    "hedu-no-zero": "Hedu: a placement of height 0 is not allowed",
    "hedu-reduce": "Hedu: after placing, enemy then friendly stacks shrink to their region "
                   "count",
    "hedu-increase": "Hedu: then stacks with fewer pieces than regions grow",
    "hedu-prisoners": "Hedu: pieces removed by shrinking are prisoners",
    "hedu-control": "Hedu: who controls a region, from the groups next to it",
    "hedu-value": "Hedu: a region's value is the height of its controller's highest group",
    "hedu-end": "Hedu: the game ends when no placement is left, or after two passes",
    "hedu-score": "Hedu: the score is the values of controlled regions, the prisoners and "
                  "the half point",
    "hedu-pie": "Hedu: the pie rule",
}

_NAME = re.compile(r"^(\d\d)_([a-z][a-z0-9_]*)$")


@dataclass(frozen=True)
class Verdict:
    """What an exercise's check says: ``ok`` and a sentence or two (``ok``
    None: neither right nor wrong, e.g. a hint the widget shows)."""

    ok: bool | None
    message: str

    def __bool__(self) -> bool:
        return bool(self.ok)


@dataclass
class Page:
    """One step of a lesson: a board, the overlays on it, a short text.

    ``start``: a position string, or a docs/notation.md position dict (with
    ``rules`` here or a ``"rules"`` key in it), or None to continue from the
    previous page's game (after its ``play`` steps). A first page with
    ``start=None`` and ``rules`` given starts a new game from its beginning
    (opening included). ``setup`` steps are played silently; ``play`` steps
    are played one by one when the learner presses *Play* (so a rule is seen
    happening). ``marks`` ({cell: label}) and ``arrows`` ([from, to]) are
    drawn as a teacher's notes. A page that continues from the previous one
    shows only its own marks and arrows (those of the earlier page were about
    the earlier point), unless ``keep_marks`` says to keep the earlier ones
    too (e.g. forest sizes that still hold). ``claims`` are the facts the
    text states, as data the engine checks (:mod:`.claims`; on an exercise,
    "end" means after its solution).
    """

    title: str
    text: str
    start: str | dict | None = None
    rules: dict | str | None = None
    setup: tuple[str, ...] = ()
    play: tuple[str, ...] = ()
    overlays: tuple[str, ...] = ()
    focus: str | None = None
    rules_covered: tuple[str, ...] = ()
    marks: dict = field(default_factory=dict)
    arrows: tuple[tuple[str, str], ...] = ()
    keep_marks: bool = False
    claims: tuple = ()
    #: the sentences as written, with their fields (``{fertile_soils(a1)}``,
    #: ``{soil}``: :mod:`.facts`), by part ("text", "prompt", "hint"); the
    #: lesson fills ``text``, ``prompt`` and ``hint`` from them when it is
    #: made (see :meth:`Lesson.fill`)
    templates: dict = field(default_factory=dict, repr=False, compare=False)
    #: what each sentence with a rule word states, and how it is checked
    #: (:mod:`.statements`: a rule, a fact of the position, a goal)
    statements: tuple = ()

    def game(self, previous: Game | None = None) -> Game:
        """The game shown, after ``setup`` and before ``play`` (fresh each call).
        ``previous``: the game to continue from when ``start`` is None."""
        if self.start is None:
            if previous is not None:
                game = previous.copy()
            elif self.rules is not None:
                game = Game(self.rules)
            else:
                raise DendriaError(f"the page {self.title!r} has no start position, and no "
                                   "page before it to continue from")
        elif isinstance(self.start, str):
            game = Game.from_position(self.start)
        else:
            game = Game.from_position(self.start, rules=self.rules)
        try:
            game.play(*self.setup)
        except IllegalStep as e:
            raise DendriaError(f"the page {self.title!r} cannot play its setup: {e}") from None
        if self.start is None and previous is not None and self.keep_marks:
            notes = previous.annotations
            marks = {**notes.get("marks", {}), **self.marks}
            arrows = list(notes.get("arrows", [])) + [list(a) for a in self.arrows]
        else:
            marks, arrows = dict(self.marks), [list(a) for a in self.arrows]
        if marks or arrows or game.annotations.get("marks") or game.annotations.get("arrows"):
            game.set_annotations({"marks": marks, "arrows": arrows})
        return game

    def played_game(self, previous: Game | None = None, upto: int | None = None) -> Game:
        """The game after ``setup`` and the first ``upto`` ``play`` steps (all
        of them by default)."""
        game = self.game(previous)
        steps = self.play if upto is None else self.play[:upto]
        try:
            game.play(*steps)
        except IllegalStep as e:
            raise DendriaError(f"the page {self.title!r} cannot play its steps: {e}") from None
        return game

    @property
    def is_exercise(self) -> bool:
        return False


@dataclass
class Exercise(Page):
    """A page the learner plays on, then presses *Check*.

    ``check(game)`` judges the game reached (its position or its facts, from
    the engine) and returns a :class:`Verdict`; ``hint`` is a sentence and
    ``hint_cells`` are highlighted after it; ``solution`` is a list of steps
    that solves it; ``wrong`` holds plausible legal answers that are wrong
    (the tests check that each gets a verdict that is not ok). Besides game
    steps, an answer may hold a teacher's actions (see :data:`TEACHER_ACTIONS`:
    ``"put d1 light seed"``, ``"mark d3 H"``...), for the exercises of
    setting up and annotating a position; :meth:`perform` plays either kind.
    ``turn``: the kind of turn the exercise asks for ("plant", "move",
    "place"; "" for any): :meth:`judge` refuses a turn of another kind, in
    the edition's words, before the check is asked. A check's messages are
    written in the words of the exercise's edition: written once with
    :func:`worded` where a check serves both editions, and in the sprites
    edition's words (sow, sprite, plot) in a sprites lesson; nothing rewords
    them afterwards."""

    prompt: str = ""
    check: Callable[[Game], Verdict] | None = None
    hint: str = ""
    hint_cells: tuple[str, ...] = ()
    solution: tuple[str, ...] = ()
    wrong: tuple[tuple[str, ...], ...] = ()
    auto_end: bool = False
    turn: str = ""
    idea: str = ""
    level: int = 0

    def start_game(self, previous: Game | None = None) -> Game:
        """A fresh game for the learner (the same as :meth:`Page.game`)."""
        return self.game(previous)

    @staticmethod
    def perform(game: Game, answer: Iterable[str]) -> Game:
        """Play an answer (the solution, a wrong answer) on ``game``, in place:
        game steps, and teacher's actions done as the board's Editor, Mark
        and Arrow modes do them. Returns ``game``."""
        for item in answer:
            action = teacher_action(item)
            if action is None:
                game.play(item)
            else:
                _do_teacher_action(game, *action)
        return game

    def judge(self, game: Game) -> Verdict:
        """``check(game)`` as a Verdict, whatever the check returns or raises
        (a check that fails on a strange position says so in words)."""
        if self.check is None:
            raise DendriaError(f"the exercise {self.title!r} has no check")
        verdict = self._unfinished(game)
        if verdict is None:
            verdict = self._wrong_kind_of_turn(game)
        if verdict is None:
            try:
                got = self.check(game)
            except DendriaError as e:
                got = Verdict(False, f"This position cannot be judged: {e}")
            if isinstance(got, tuple) and not isinstance(got, Verdict) and len(got) == 2:
                got = Verdict(bool(got[0]), str(got[1]))
            if not isinstance(got, Verdict):
                raise DendriaError(f"the check of the exercise {self.title!r} must give a "
                                   "Verdict")
            verdict = got
        return verdict

    def learner_steps(self, game: Game) -> list[Any] | None:
        """The steps played in ``game`` since the exercise's start (None when
        the exercise continues the page before it, whose game is unknown here)."""
        if self.start is None and self.rules is None:
            return None
        return game.steps[self.start_game().step_count:]

    def _plays_a_turn(self) -> bool:
        """Whether the exercise is solved by a turn of the game (not by a
        teacher's actions alone)."""
        return any(teacher_action(item) is None for item in self.solution)

    def _unfinished(self, game: Game) -> Verdict | None:
        """A Verdict (never right) while the learner's turn is not whole: a
        journey or a plant under way, or nothing played yet. A check is only
        asked about a whole turn."""
        if not self._plays_a_turn():
            return None
        if game.turn_under_way:
            return Verdict(False, "Your turn is not finished yet: finish it (press End turn "
                                  "when you are done), then Check.")
        steps = self.learner_steps(game)
        if steps is not None and not steps:
            return Verdict(False, "Nothing played yet: play your turn on the board, then "
                                  "Check.")
        return None

    def _wrong_kind_of_turn(self, game: Game) -> Verdict | None:
        """A Verdict when the learner's turn is not of the kind ``turn`` asks
        for (a plant where a move was asked...), else None."""
        if not self.turn:
            return None
        steps = self.learner_steps(game)
        if not steps:
            return None
        first = "plant" if steps[0].verb in ("plant", "sow") else steps[0].verb
        if first == self.turn:
            return None
        v = game.variant

        def kind(k: str) -> str:
            return v.kind_word(k) if k in v.kind_words else k

        asked = {"plant": lambda: f"{v.verb_word('plant')} a seed",
                 "move": lambda: f"move one of your {plural_of(kind('dendrid'))}",
                 "place": lambda: "place a stack"}
        did = {"plant": lambda: v.verb("plant").ing,
               "move": lambda: f"moving a {kind('dendrid')}", "pass": lambda: "passing",
               "place": lambda: "placing a stack", "swap": lambda: "swapping sides"}
        asked_words = asked[self.turn]() if self.turn in asked else self.turn
        did_words = did[first]() if first in did else first
        return Verdict(False, f"This exercise asks you to {asked_words}, not to solve it "
                              f"by {did_words}: press Retry and {asked_words}.")

    @property
    def is_exercise(self) -> bool:
        return True

    # ------------------------------------------------- hints, in stages
    def answer_cells(self, game: Game) -> list[str]:
        """The cells the solution names (its steps' cells, and the cells of
        its teacher's actions), in the order they come, each once."""
        out: list[str] = []
        for item in self.solution:
            action = teacher_action(item)
            if action is None:
                step = Step.parse(item, game.board)
                cells = [str(step.arg)] if step.cell is not None else []
            else:
                verb, args = action
                cells = args[:2] if verb == "arrow" else args[:1]
            out += [c for c in cells if isinstance(c, str) and c not in out]
        return out

    def hint_region(self, game: Game) -> list[str]:
        """The second stage of a hint: the part of the board to look at. It
        holds every cell the solution names and more (never just those, so
        it does not give the answer away): for each of them, the cells
        around a neighbour of it (the neighbour nearest the middle of the
        board, so the answer is not at the centre of what is marked), and the
        exercise's ``hint_cells``. Empty when the solution names no cell."""
        board = game.board
        answer = [board.cell(c) for c in self.answer_cells(game)]
        region: set[int] = set()
        for c in answer:
            around = board.neighbours[c]
            if not around:
                region.add(c)
                continue
            hub = max(around, key=lambda n: (len(board.neighbours[n]), -board.sort_key(n)))
            region |= {hub, *board.neighbours[hub]}
        if answer and region <= set(answer):      # (a board too small to widen)
            region |= {n for c in answer for n in board.neighbours[c]}
        region |= {board.cell(c) for c in self.hint_cells if board.has_name(c)}
        return board.names(region) if answer else []

    def solution_words(self, game: Game) -> list[str]:
        """The solution's steps as the game's edition writes them (the
        sprites edition sows: ``sow c3``), asked of the game's variant;
        teacher's actions as they are written."""
        variant = game.variant
        return [item if teacher_action(item) is not None
                else variant.step_text(Step.parse(item, game.board))
                for item in self.solution]


@dataclass
class Lesson:
    """A lesson: ``name`` (the notebook's stem, e.g. ``"02_roots"``), a
    ``title``, a one-line ``summary`` (for the index) and its ``pages``."""

    name: str
    title: str
    summary: str
    pages: list[Page] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not _NAME.match(self.name or ""):
            raise DendriaError(f"a lesson's name is its notebook's stem, like '02_roots', "
                               f"not {self.name!r}")
        if not self.pages:
            raise DendriaError(f"the lesson {self.name} has no pages")
        self.pages = list(self.pages)
        for p in self.pages:
            if not isinstance(p, Page):
                raise DendriaError(f"the lesson {self.name} holds something that is not a Page")
            unknown = [r for r in p.rules_covered if r not in RULE_IDS]
            if unknown:
                raise DendriaError(f"the page {p.title!r} of {self.name} names an unknown "
                                   f"rule {unknown[0]!r}")
            if not isinstance(p.claims, tuple) or not all(
                    isinstance(c, Claim) for c in p.claims):
                raise DendriaError(f"the page {p.title!r} of {self.name}: claims are a "
                                   "tuple of lessons.claims.Claim")
            if isinstance(p, Exercise) and p.check is None:
                raise DendriaError(f"the exercise {p.title!r} of {self.name} has no check")
        for k in range(len(self.pages)):
            self.fill(k)

    #: the parts of a page that are sentences a learner reads, which may
    #: hold fields (and the labels of its marks: part "mark CELL")
    PARTS = ("title", "text", "prompt", "hint")

    def text_of(self, k: int, part: str) -> str:
        """What page ``k`` shows as ``part``: "title", "text", "prompt",
        "hint", or "mark CELL" (the label of the teacher's mark on CELL)."""
        page = self.page(k)
        if part.startswith("mark "):
            return str(page.marks[part[5:]])
        return str(getattr(page, part))

    def boards(self, k: int) -> _Boards:
        """The boards page ``k``'s fields may be about, by ``at``: "0" (before
        its play steps; an exercise: its start), "end" (after them; an
        exercise: after its solution), "N" (after N play steps); each made
        when first asked."""
        return _Boards(self, k)

    def fill(self, k: int) -> None:
        """Fill page ``k``'s sentences from their templates: every field asked
        of the engine on the board it names. The templates are kept in
        ``page.templates``."""
        page = self.page(k)
        boards: _Boards | None = None
        for part in self.PARTS:
            written = getattr(page, part, "")
            if not isinstance(written, str) or not fact_fields.has_fields(written):
                continue
            boards = boards or self.boards(k)
            page.templates[part] = written
            try:
                setattr(page, part, fact_fields.render(written, boards).text)
            except DendriaError as e:
                raise DendriaError(f"{self.name}, page {k} ({page.title!r}), its {part}: "
                                   f"{e}") from None
        for cell, label in list(page.marks.items()):
            if not isinstance(label, str) or not fact_fields.has_fields(label):
                continue
            boards = boards or self.boards(k)
            page.templates[f"mark {cell}"] = label
            try:
                page.marks[cell] = fact_fields.render(label, boards).text
            except DendriaError as e:
                raise DendriaError(f"{self.name}, page {k} ({page.title!r}), its mark on "
                                   f"{cell}: {e}") from None

    def false_statements(self, k: int, texts: dict[str, str] | None = None
                         ) -> list[tuple[str, fact_fields.FalseStatement]]:
        """What page ``k``'s sentences state, read against their templates
        and asked of the engine now: ``[(part, statement)]`` for each field
        whose place says what the engine does not (``[]``: every fact holds).
        ``texts``: the sentences to read, by part (default: the page's own)."""
        page = self.page(k)
        out = []
        boards = self.boards(k)
        for part, template in page.templates.items():
            text = (texts or {}).get(part, self.text_of(k, part))
            out += [(part, f) for f in fact_fields.false_statements(template, text, boards)]
        return out

    @property
    def number(self) -> str:
        return self.name[:2]

    def __len__(self) -> int:
        return len(self.pages)

    def page(self, k: int) -> Page:
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(self.pages):
            raise DendriaError(f"the lesson {self.name} has pages 0 to {len(self.pages) - 1}, "
                               f"not {k!r}")
        return self.pages[k]

    def exercises(self) -> list[Exercise]:
        return [p for p in self.pages if isinstance(p, Exercise)]

    def drill(self, k: int) -> list[int]:
        """The pages of the drill exercise ``k`` belongs to: the exercises of
        this lesson that practise the same idea (``Exercise.idea``), by
        level, then in page order ([k] alone when it names no idea)."""
        page = self.page(k)
        if not isinstance(page, Exercise):
            raise DendriaError(f"page {k + 1} of {self.name} is not an exercise")
        if not page.idea:
            return [k]
        same = [j for j, p in enumerate(self.pages)
                if isinstance(p, Exercise) and p.idea == page.idea]
        return sorted(same, key=lambda j: (self.pages[j].level, j))  # type: ignore[attr-defined]

    def another(self, k: int) -> int | None:
        """Another position of the same idea as exercise ``k``: the next page
        of its drill (after the last, the first), None when the drill has no
        other position."""
        drill = self.drill(k)
        if len(drill) < 2:
            return None
        return drill[(drill.index(k) + 1) % len(drill)]

    def rules_covered(self) -> list[str]:
        """Every rule id some page of this lesson teaches, in page order."""
        return list(dict.fromkeys(r for p in self.pages for r in p.rules_covered))

    def _before(self, k: int) -> Game | None:
        """The game a page with no start continues from: the previous page's
        game after its play steps (an exercise: after its solution)."""
        if k == 0:
            return None
        p = self.page(k - 1)
        prev = self._before(k - 1) if p.start is None else None
        game = p.played_game(prev)
        if isinstance(p, Exercise) and p.solution:
            p.perform(game, p.solution)
        return game

    def game(self, k: int, played: int = 0) -> Game:
        """Page ``k``'s game after its setup and ``played`` of its play steps."""
        page = self.page(k)
        prev = self._before(k) if page.start is None else None
        return page.played_game(prev, upto=played)

    def start_game(self, k: int) -> Game:
        """A fresh game for the exercise on page ``k``."""
        return self.game(k, 0)

    def false_claims(self, k: int) -> list[tuple[Any, Any]]:
        """The claims of page ``k`` the engine does not back, each with the
        engine's answer: ``[]`` when every one holds. A claim is checked
        after the page's play steps (an exercise's: after its solution), or
        before them when its ``at`` is "start"."""
        page = self.page(k)
        out = []
        for claim in page.claims:
            if claim.at == "start":
                game = self.game(k, 0)
            else:
                game = self.game(k, len(page.play))
                if isinstance(page, Exercise):
                    page.perform(game, page.solution)
            actual = claim.actual(game)
            if actual != claim.expect:
                out.append((claim, actual))
        return out

    def scene_kwargs(self, k: int, width: float | None = None,
                     game: Game | None = None) -> dict:
        """The ``build_scene`` arguments for page ``k``: its overlays and focus
        (and, for ``game`` in the middle of a journey or after a plant, the
        selected dendrid and the cells it may go to or convert)."""
        page = self.page(k)
        kw: dict[str, Any] = {"overlays": tuple(page.overlays) + ("annotations",),
                              "focus": page.focus}
        if width is not None:
            kw["width"] = width
        if game is not None and game.turn_under_way:
            from ..interaction import journey_cell, targets

            kw["targets"] = targets(game)
            kw["selected"] = journey_cell(game)
        return kw

    def svg(self, k: int, played: int | None = None, width: float | None = None,
            theme: str = "light") -> str:
        """Page ``k`` as SVG, after its setup and its play steps (``played``:
        only that many of them), headless; ``theme``: "light" or "dark"."""
        from ..render.svg import game_svg

        page = self.page(k)
        game = self.game(k, len(page.play) if played is None else played)
        return game_svg(game, theme=theme, **self.scene_kwargs(k, width, game))

    def picture(self, k: int, played: int | None = None,
                width: float | None = None) -> dict[str, str]:
        """Page ``k``'s picture for a notebook, as a display bundle that
        follows the reader's theme: ``text/html`` holds the page in the
        light and the dark theme, and shows the one that matches JupyterLab's
        theme (``data-jp-theme-light``), VS Code's, or else the system's
        (``prefers-color-scheme``); where styles are stripped (an untrusted
        notebook) the light one shows."""
        light = self.svg(k, played, width)
        dark = self.svg(k, played, width, theme="dark")
        page = self.page(k)
        html = themed_picture(light, dark, f"The board of step {k + 1}: {page.title}")
        return {"text/html": html,
                "text/plain": f"[the board of step {k + 1} of {self.name}: {page.title}]"}

    def markdown(self, k: int) -> str:
        """Page ``k``'s title and text (and an exercise's prompt) as markdown,
        to read without the lesson widget: a page's "Press **Play**" cue is
        left out, as there is no Play button beside a picture."""
        page = self.page(k)
        kind = "Exercise: " if isinstance(page, Exercise) else ""
        parts = [f"**{kind}{page.title}** (step {k + 1} of {len(self)})",
                 static_text(page.text)]
        if isinstance(page, Exercise) and page.prompt:
            parts.append(static_text(page.prompt))
        return "\n\n".join(p for p in parts if p)

    def caption(self, k: int, played: int | None = None) -> str:
        """What a picture of page ``k`` after ``played`` of its play steps
        shows, for a page that plays steps ("" for one that does not): before
        its steps, or after which of them (in the edition's words)."""
        page = self.page(k)
        if not page.play:
            return ""
        n = len(page.play) if played is None else played
        if n == 0:
            return "*Before the steps of this page.*"
        game = self.game(k, 0)
        words = []
        for step in page.play[:n]:
            words.append(game.variant.step_text(Step.parse(step, game.board)))
            game.play(step)
        return f"*After {and_list(words)}.*" if n < len(page.play) else \
            f"*After the steps of this page: {', '.join(words)}.*"

    def show(self, k: int, played: int | None = None, width: float | None = None,
             text: bool = True) -> None:
        """In a notebook: display page ``k``'s text (``text=False``: only the
        caption, for a second picture of the same page) and its board, as
        SVG after its play steps (``played``: only that many of them), so a
        saved notebook shows every page without a kernel."""
        from IPython.display import Markdown, display

        parts = [self.markdown(k)] if text else []
        caption = self.caption(k, played)
        if caption:
            parts.append(caption)
        if parts:
            display(Markdown("\n\n".join(parts)))
        display(self.picture(k, played, width), raw=True)

    def __repr__(self) -> str:
        return f"<Lesson {self.name}: {self.title} ({len(self.pages)} pages)>"


#: A teacher's actions, which an exercise's answers may hold beside game
#: steps (the board's Editor, Mark and Arrow modes; ``board.put``,
#: ``board.mark``, ``board.arrow`` from code): "put d1 light seed" (Hedu:
#: "put d1 white 2"), "remove d1", "mark d3 H" (the label: the rest of the
#: words), "arrow d3 d1".
TEACHER_ACTIONS = {"put": "put CELL PIECE", "remove": "remove CELL",
                   "mark": "mark CELL LABEL", "arrow": "arrow FROM TO"}


def teacher_action(item: str) -> tuple[str, list[str]] | None:
    """``(verb, words)`` when ``item`` is a teacher's action, else None (a
    game step). A teacher's action written wrongly is a DendriaError."""
    words = item.split() if isinstance(item, str) else []
    if not words or words[0] not in TEACHER_ACTIONS:
        return None
    verb, args = words[0], words[1:]
    wanted = {"put": 3, "remove": 1, "mark": 2, "arrow": 2}[verb]
    if len(args) < wanted or (verb in ("remove", "arrow") and len(args) != wanted):
        raise DendriaError(f"{item!r} is not a teacher's action: write it like "
                           f"'{TEACHER_ACTIONS[verb]}'")
    return verb, args


def _do_teacher_action(game: Game, verb: str, args: list[str]) -> None:
    """One teacher's action on ``game`` in place (a put or remove makes the
    edited position the game's start, as the Editor does)."""
    board = game.board
    for cell in args[:1] + (args[1:2] if verb == "arrow" else []):
        if not board.has_name(cell):
            raise DendriaError(f"there is no cell {cell!r} on this board")
    if verb in ("put", "remove"):
        pieces: dict[str, str] = dict(game.pieces)
        if verb == "put":
            pieces[args[0]] = " ".join(args[1:])
        else:
            pieces.pop(args[0], None)
        game._replace_with(game.edited(pieces=pieces))
        return
    marks: dict[str, str] = dict(game.annotations["marks"])
    arrows: list[list[str]] = [list(a) for a in game.annotations["arrows"]]
    if verb == "mark":
        marks[args[0]] = " ".join(args[1:])
    elif args not in arrows:
        arrows.append(list(args))
    game.set_annotations({"marks": marks, "arrows": arrows})


def edition_fields(game: Game) -> dict[str, str]:
    """The words of ``game``'s edition, as fields for a lesson's sentence
    written once: the one table, :meth:`~dendria_widget.rules.variant.Variant.words`
    (``{dendrid}``, ``{plant}``, ``{soil}``... and their capitals)."""
    return game.variant.words()


class _Boards(dict):
    """A lesson page's boards by ``at`` (see :meth:`Lesson.boards`), each made
    by the engine when a field first asks for it."""

    def __init__(self, lesson: Lesson, k: int) -> None:
        super().__init__()
        self.lesson, self.k = lesson, k
        self.update({"0": None, "end": None})
        self.update({str(n): None for n in range(1, len(lesson.page(k).play))})

    def __getitem__(self, at: str) -> Game:
        got = super().get(at)
        if got is None:
            if at not in self:
                raise KeyError(at)
            page = self.lesson.page(self.k)
            if at == "end":
                got = self.lesson.game(self.k, len(page.play))
                if isinstance(page, Exercise) and page.solution:
                    page.perform(got, page.solution)
            else:
                got = self.lesson.game(self.k, int(at))
            self[at] = got
        return got


def worded(game: Game, sentence: str, **facts: object) -> str:
    """``sentence`` (written once, with the fields of :func:`edition_fields`
    and ``facts``, and fact fields such as ``{fertile_soils(g1)}`` that the
    engine answers on ``game``: :mod:`.facts`) in the words of ``game``'s
    edition::

        worded(game, "{Plant} a seed on an empty {soil}.")
        # classic: 'Plant a seed on an empty soil.'  sprites: 'Sow a seed on an empty plot.'
    """
    sentence = fact_fields.fill_facts(sentence, game)
    return sentence.format(**edition_fields(game), **facts)


def piece_words(game: Game, piece: str) -> str:
    """A piece of the notation ('light dendrid') in the edition's words
    ('light sprite'; Hedu: 'white stack of 2')."""
    return game.variant.piece_words(piece)


def steps_of(game: Game, verb: str) -> list[str | int | None]:
    """The cells of the steps with this verb played in ``game`` (in order),
    e.g. ``steps_of(game, "sprout")`` -> ``["d4"]``: what a check asks to
    know what the learner did."""
    return [s.arg for s in game.steps if s.verb == verb]


def planted(game: Game) -> list[str]:
    """The cells where seeds were planted (or sown) in ``game``, in order."""
    return [str(cell) for cell in steps_of(game, "plant") + steps_of(game, "sow")]


#: How a page's text asks the learner to press the lesson widget's *Play*
#: button ("Press **Play**: Dark plants on c3."); a picture of the page has
#: no such button, so :meth:`Lesson.markdown` leaves the cue out.
PLAY_CUE = re.compile(r"Press \*\*Play\*\*(?: to see this page's steps)?(?:[:.]\s*|\s+|$)")


def static_text(text: str) -> str:
    """A page's text for a picture (no Play button beside it): without the
    "Press **Play**" cue, the sentence after it starting with a capital."""
    out, at = [], 0
    for m in PLAY_CUE.finditer(text):
        out.append(text[at:m.start()])
        at = m.end()
        rest = text[at:]
        # "Press **Play**: the dendrid slides" -> "The dendrid slides", when the
        # cue began a sentence and what follows is a word (not a cell name)
        starts = not "".join(out).strip() or "".join(out).rstrip().endswith((".", "!", "?"))
        word = re.match(r"[a-z]+\b", rest)
        if starts and word and not re.match(r"[a-z]+\d", rest):
            out.append(rest[0].upper())
            at += 1
    out.append(text[at:])
    return re.sub(r"[ \t]{2,}", " ", "".join(out)).strip()


def words(cells: Iterable[str]) -> str:
    """Cell names as words: 'd4', 'd4 and e5', 'c1, d4 and e5'; 'none'."""
    return and_list(cells) or "none"


def _modules() -> list[str]:
    from . import data

    names = sorted(m.name for m in pkgutil.iter_modules(data.__path__)
                   if re.match(r"^l\d\d_[a-z0-9_]+$", m.name))
    return names


def catalog() -> list[Lesson]:
    """Every lesson, in notebook order (the data modules present)."""
    out = []
    for mod in _modules():
        m = importlib.import_module(f"{__package__}.data.{mod}")
        lesson = getattr(m, "LESSON", None)
        if not isinstance(lesson, Lesson):
            raise DendriaError(f"the lesson module {mod} defines no LESSON")
        out.append(lesson)
    return out


def load(name: str | int) -> Lesson:
    """A lesson by name (``"02_roots"``) or number (``"02"``, ``2``)."""
    if isinstance(name, int) and not isinstance(name, bool):
        key = f"{name:02d}"
    elif isinstance(name, str):
        key = name.strip()
        if key.isdigit():
            key = f"{int(key):02d}"
    else:
        raise DendriaError(f"a lesson is named like '02_roots' or numbered like '02', "
                           f"not {name!r}")
    for mod in _modules():
        num, stem = mod[1:3], mod[1:]
        if key in (num, stem):
            m = importlib.import_module(f"{__package__}.data.{mod}")
            return m.LESSON
    known = ", ".join(m[1:] for m in _modules()) or "none yet"
    raise DendriaError(f"there is no lesson {name!r} (the lessons: {known})")


__all__ = [
    "RULE_IDS",
    "TEACHER_ACTIONS",
    "Exercise",
    "Lesson",
    "Page",
    "Verdict",
    "catalog",
    "load",
    "planted",
    "static_text",
    "steps_of",
    "teacher_action",
    "words",
]

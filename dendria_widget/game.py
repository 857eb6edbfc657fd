"""``Game``: the friendly, named API over the rules engines.

>>> from dendria_widget import Game
>>> g = Game("dendria-classic", size=5)
>>> g.play("plant c5", "end")          # Dark's opening seed; play returns the game
<Game 'dendria-classic h5 5/6/4s2/8/9/8/7/6/5 light' phase=swap>
>>> g.phase, g.to_move
('swap', 'light')
>>> g.undo()
Step('end')

Steps are docs/notation.md strings (``"plant g7"``, ``"slide d4"``, ``"end"``) or
:class:`~dendria_widget.notation.Step` objects. An illegal step raises
:class:`~dendria_widget.errors.IllegalStep` whose message is the reason, and
leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, NamedTuple, Optional, Sequence, TypeAlias, TypeGuard

from . import checks
from .checks import LARGEST, brief, brief_first, is_number, is_whole, whole_number_text
from .errors import BadPosition, BadRecord, DendriaError, IllegalStep
from .files import PathLike, path_text, read_bytes, write_atomic
from .geometry import DIRECTION_NAMES, Board
from .notation import Step, format_position, parse_position, read_rows
from .rules import engine_for, resolve_rules
from .rules.options import Rules
from .rules.outcome import Outcome, Termination
from .rules.variant import variant_for

if TYPE_CHECKING:  # names for the type hints only
    from .notation import Piece
    from .rules.refusal import Refusal
    from .rules.variant import Variant

#: What ``ruleset=`` takes: a ruleset name ('dendria-classic', 'dendria-sprites',
#: 'hedu'), a docs/notation.md rules dict, or the Rules of a game.
RulesSpec: TypeAlias = str | dict | Rules
#: What ``board=`` takes: a docs/notation.md board dict, a preset name, a
#: hexagon's side, a list of module centres, or a Board.
BoardSpec: TypeAlias = dict | str | int | list | tuple | Board

RECORD_FORMAT = "dendria-widget-record"
RECORD_VERSION = 1


class Journey(NamedTuple):
    """A Dendria journey in progress (``Game.journey``), by cell names:
    ``start`` where the dendrid began, ``at`` where it stands now,
    ``direction`` None before the first slide, else the locked direction
    ('E', 'W', 'NE', 'NW', 'SE', 'SW'), ``line`` the plots further on in that
    direction up to the board's edge (() before the first slide), ``slides``
    the number of slides so far."""

    start: str
    at: str
    direction: Optional[str]
    line: tuple[str, ...]
    slides: int


class Effect(NamedTuple):
    """One piece a step changed (``Game.last_effects()``): the cell's name
    and the piece strings ``before`` and ``after`` (None for an empty plot)."""

    cell: str
    before: Optional[str]
    after: Optional[str]


#: the two seats: "first" makes the game's first step (player 1)
SEATS = ("first", "second")


def seat_flip_after(flip: int, step: Sequence) -> int:
    """The seat flip after ``step`` (a Step or an engine step): 0 while the
    first seat plays the first colour, 1 once they are exchanged. A swap
    exchanges the colours; a side choice gives the chosen colour to the
    second seat. The one place that says who plays which colour."""
    verb = step[0]
    if verb == "swap":
        return flip ^ 1
    if verb == "side":
        return 1 ^ step[1]
    return flip


class Game:
    """One game of Dendria (classic or sprites edition) or Hedu.

    ``Game(ruleset="dendria-classic", size=None, board=None, **options)``:
    ``size`` makes a hexagon board of that side; ``board`` is a docs/notation.md
    board dict, a preset name or a list of module centres; ``options``
    override the edition's defaults (docs/rules.md section 5), e.g.
    ``Game("dendria-classic", size=7, superko="off")``.

    Main attributes: ``pieces`` (cell name -> piece string), ``to_move``,
    ``phase``, ``is_over``, ``winner``, ``history``; methods ``play``,
    ``legal_steps``, ``why_illegal``, ``undo``, ``redo``, ``score``,
    ``to_record`` / ``from_record``, ``position_string`` / ``from_position``.

    What the views draw, by cell names (nothing outside the engine needs
    its internals):

    - ``journey``: None, or the Dendria journey in progress as a
      :class:`Journey` (``start``, ``at``, ``direction``, ``line``, ``slides``);
    - ``last_effects()``: the pieces the last step changed, each an
      :class:`Effect` ``(cell, before, after)``, in the order the rules
      changed them (a grow or capture: every piece of the group; a Hedu
      placement: the new stack, then every reduction, removal and increase);
    - ``last_turn_cells()``: the cells the last turn touched (the turn in
      progress if one has begun): the cells its steps name and every piece
      they changed;
    - ``group_at(cell)``: the cells of the group holding ``cell`` (seedbed,
      forest or host; Hedu: one colour and one height), () for an empty plot.

    What the computer players weigh: ``turn_under_way``, ``piece_count(colour,
    kind)``, ``conversion_counts(colour)`` (the pieces it may grow and
    capture); and ``version``, a key that changes with every change of the
    game, for a view's caches.
    """

    def __init__(self, ruleset: RulesSpec = "dendria-classic", size: int | None = None,
                 board: BoardSpec | None = None, *,
                 options: dict | None = None, _start: dict | None = None, **more: Any) -> None:
        self.rules = resolve_rules(ruleset, board=board, size=size, options=options, **more)
        self.engine = engine_for(self.rules)
        self._variant = variant_for(self.rules)
        self._start = _start  # the position dict this game started from, or None
        self.state = self.engine.State(self.rules, self._engine_position(_start))
        self._redo: list[Step] = []
        # (engine version, legal steps) of legal_steps()
        self._legal: tuple[int, list[Step]] | None = None
        self.comments: dict[int, str] = {}     # turn index -> comment
        self.annotations: dict[str, Any] = {"marks": {}, "arrows": []}

    # ------------------------------------------------------------ building
    @classmethod
    def from_position(cls, position: str | dict, rules: RulesSpec | None = None,
                      **options: Any) -> Game:
        """A game in normal play from a position: a position string, or a
        docs/notation.md position dict (``{"to_move", "pieces", "komi",
        "prisoners"}``), with ``rules`` (a rules dict or ruleset name) or a
        ``"rules"`` key in the dict. The position is the only earlier board
        for the repetition rule."""
        if isinstance(position, str):
            rules_dict, rows, to_move, extras = parse_position(position)
            rules_obj = resolve_rules(rules_dict, options=options or None)
            hedu = variant_for(rules_obj).family == "hedu"
            pieces = read_rows(rules_obj.board, rows, hedu)
            pos = {"to_move": to_move, "pieces": pieces}
            if "komi" in extras:
                try:
                    pos["komi"] = checks.loads(extras["komi"], BadPosition)
                except BadPosition:
                    raise BadPosition(f"komi must be a number, not {brief(extras['komi'])}") from None
            if "prisoners" in extras:
                counts = [whole_number_text(x) for x in extras["prisoners"].split(",")]
                if len(counts) != 2 or None in counts:
                    raise BadPosition("prisoners are written prisoners=B,W with two whole "
                                      f"numbers from 0 to {LARGEST}")
                pos["prisoners"] = {"black": counts[0], "white": counts[1]}
            return cls(rules_obj, _start=pos)
        if not isinstance(position, dict):
            raise BadPosition("a position is a position string or a dict with "
                              "'to_move' and 'pieces'")
        given: dict = dict(position)
        if "rules" in given:
            if rules is not None:
                raise BadPosition("give the rules once: in the dict or as an argument")
            rules = given.pop("rules")
            if "position" in given:
                given = given["position"]
        if rules is None:
            rules = "dendria-classic"
        return cls(resolve_rules(rules, options=options or None), _start=given)

    def _engine_position(self, pos: dict[str, Any] | None) -> dict[str, Any] | None:
        if pos is None:
            return None
        eng = self.engine
        colours = eng.COLOURS
        if not isinstance(pos, dict):
            raise BadPosition(f"a position is a dict with 'to_move' and 'pieces', "
                              f"not {brief(pos)}")
        allowed = {"to_move", "pieces", "komi", "prisoners"}
        extra = set(pos) - allowed
        if extra:
            raise BadPosition(f"unknown key {brief_first(extra)} in the position "
                              f"(keys: {', '.join(sorted(allowed))})")
        to_move = pos.get("to_move", colours[0])
        if not isinstance(to_move, str) or to_move not in colours:
            raise BadPosition(f"to_move must be {colours[0]!r} or {colours[1]!r}, "
                              f"not {brief(to_move)}")
        pieces = pos.get("pieces", {})
        if not isinstance(pieces, dict):
            raise BadPosition("'pieces' must map cell names to pieces")
        board = self.rules.board
        cells: dict[int, int] = {}   # plot id -> the engine's piece code
        given: dict[int, str] = {}   # plot id -> the name it was given by
        for name, piece in pieces.items():
            if not board.has_name(name):
                raise BadPosition(f"there is no cell {brief(name)} on this board")
            i = board.cell(name)
            if i in given:
                raise BadPosition(f"the cell {board.name(i)} is given twice in the pieces "
                                  f"({given[i]!r} and {name!r}): give each cell once")
            given[i] = name
            try:
                cells[i] = eng.parse_piece(piece)
            except DendriaError as e:
                raise BadPosition(f"{board.name(i)}: {e}") from None
        out: dict[str, Any] = {"cells": cells, "to_move": colours.index(to_move)}
        if "komi" in pos:
            if self.variant.family == "hedu":
                raise BadPosition("komi is a Dendria setting; Hedu has prisoners")
            k = pos["komi"]
            if not is_number(k) or not -LARGEST <= k <= LARGEST:
                raise BadPosition(f"komi must be a number from -{LARGEST} to {LARGEST}, "
                                  f"not {brief(k)}")
            out["komi"] = k
        if "prisoners" in pos:
            if self.variant.family != "hedu":
                raise BadPosition("prisoners are a Hedu setting; Dendria has komi")
            pr = pos["prisoners"]
            if not isinstance(pr, dict) or set(pr) - {"black", "white"}:
                raise BadPosition("prisoners must be like {\"black\": 0, \"white\": 0}")
            vals = []
            for c in ("black", "white"):
                v = pr.get(c, 0)
                if not is_whole(v) or not 0 <= v <= LARGEST:
                    raise BadPosition(f"prisoners of {c} must be a whole number from 0 to "
                                      f"{LARGEST}, not {brief(v)}")
                vals.append(v)
            out["prisoners"] = vals
        return out

    # ----------------------------------------------------------- the rules
    @property
    def board(self) -> Board:
        """The geometry.Board this game is played on."""
        return self.rules.board

    @property
    def options(self) -> dict[str, Any]:
        """Every option's value (a copy)."""
        return dict(self.rules.options)

    @property
    def ruleset(self) -> str:
        return self.rules.ruleset

    @property
    def variant(self) -> Variant:
        """What this ruleset calls things and which ideas its options turn on
        (a :class:`~dendria_widget.rules.variant.Variant`)."""
        return self._variant

    # -------------------------------------------------------------- steps
    def _step(self, step: Step | str) -> Step:
        """The engine's step from a Step or a docs/notation.md string (read once);
        IllegalStep when unreadable."""
        if isinstance(step, Step):
            return step.bind(self.board)
        return self.state.parse(step)

    def legal_steps(self) -> list[Step]:
        """Every legal step now, as Step objects (``str()`` gives the notation).

        Until the game changes, :meth:`play` trusts a step taken from this
        list without judging it again."""
        st = self.state
        steps = st.legal()
        self._legal = (st.version, steps)
        return list(steps)

    def _known_legal(self, step: Step | str) -> TypeGuard[Step]:
        """Is ``step`` one of the very Step objects that legal_steps() gave
        for the game as it is now? (then it needs no second judgement)"""
        c = self._legal
        if c is None or c[0] != self.state.version:
            return False
        return id(step) in map(id, c[1])   # compared in C, no Step.__eq__

    def why_illegal(self, step: Step | str) -> str | None:
        """The reason a step is refused now, in the edition's words, or None
        when it is legal (:meth:`refusal` gives the reason as data)."""
        try:
            st = self._step(step)
        except IllegalStep as e:
            return e.reason
        refused = self.state.refusal(st)
        return None if refused is None else str(refused)

    def refusal(self, step: Step | str) -> Refusal | None:
        """Why a step is refused now, as data: a
        :class:`~dendria_widget.rules.refusal.Refusal` (``code`` and facts;
        ``str()`` is the sentence), or None when it is legal. A step that
        cannot be read raises IllegalStep."""
        return self.state.refusal(self._step(step))

    def is_legal(self, step: Step | str) -> bool:
        return self.why_illegal(step) is None

    def play(self, *steps: Step | str) -> Game:
        """Play one or more steps in order. If one is refused, the steps of
        this call already played are taken back and IllegalStep is raised
        (its message says which step and why): the game is unchanged.

        A Step taken from :meth:`legal_steps` on the game as it still is
        is played at once, without judging it a second time."""
        if len(steps) == 1 and self._known_legal(steps[0]):
            if self._redo:
                self._play_one(steps[0])
            else:   # the loop of players and the lab: straight to the engine
                self.state.push(steps[0])
            return self
        done = 0
        redo, comments = list(self._redo), dict(self.comments)
        try:
            for step in steps:
                if self._known_legal(step):
                    st = step
                else:
                    st = self._step(step)
                    refused = self.state.refusal(st)
                    if refused is not None:
                        raise IllegalStep(f"{self.variant.step_text(st)}: {refused}", step,
                                          refusal=refused)
                self._play_one(st)
                done += 1
        except IllegalStep:
            for _ in range(done):
                self.state.undo()
            self._redo, self.comments = redo, comments
            raise
        return self

    def push(self, step: Step | str) -> Game:
        """Play one step WITHOUT judging it (as python-chess's ``push`` and
        OpenSpiel's ``ApplyAction``): for computer players and the lab, with
        steps taken from :meth:`legal_steps`. An illegal step here leaves
        the game in a state the rules never reach; use :meth:`play` for
        anything a person typed. A string is read as in :meth:`play`."""
        self._play_one(step if type(step) is Step and step.board is self.board
                       else self._step(step))
        return self

    def pop(self) -> Step | None:
        """Take back the last step and return it (None at the start): the
        partner of :meth:`push`, the same as :meth:`undo` (redo can play it
        again)."""
        return self.undo()

    def _play_one(self, st: Step) -> None:
        """Apply an engine step known to be legal, and keep the redo list
        and the comments in step with it."""
        state = self.state
        redo = self._redo
        if redo:
            turns_before = len(state.turns) + (1 if state.current else 0)
            state.push(st)
            if redo[-1] == st:
                redo.pop()
            else:
                redo.clear()
                # the turns taken back are gone for good, and so are their
                # comments (they would otherwise stick to the new turns)
                for k in [k for k in self.comments if k >= turns_before]:
                    del self.comments[k]
        else:
            state.push(st)

    def undo(self) -> Step | None:
        """Take back the last step; returns it as a Step (None at the start)."""
        st = self.state.undo()
        if st is None:
            return None
        self._redo.append(st)
        return st

    def redo(self) -> Step | None:
        """Play again the last step taken back; returns it (None if none)."""
        if not self._redo:
            return None
        st = self._redo.pop()
        self.state.apply(st)
        return st

    def can_undo(self) -> bool:
        return self.state.step_count > 0

    def can_redo(self) -> bool:
        return bool(self._redo)

    def go_to(self, index: int) -> Game:
        """Undo or redo until exactly ``index`` steps have been played."""
        if not isinstance(index, int) or index < 0:
            raise DendriaError(f"a step index is a whole number >= 0, not {index!r}")
        while self.state.step_count > index and self.undo():
            pass
        while self.state.step_count < index and self.redo():
            pass
        return self

    @property
    def step_count(self) -> int:
        """How many steps have been played (``len(game.steps)``, without
        building the list)."""
        return self.state.step_count

    @property
    def steps(self) -> list[Step]:
        """Every step played, in order (Step objects)."""
        return self.state.steps()

    @property
    def future(self) -> list[Step]:
        """Steps that redo would play, next first."""
        return self._redo[::-1]

    @property
    def history(self) -> list[list[Step]]:
        """The turns so far, each a list of Steps (an unfinished turn last)."""
        turns = [list(t) for t in self.state.turns]
        if self.state.current:
            turns.append(list(self.state.current))
        return turns

    def turn_movers(self) -> list[str]:
        """The colour that played each turn of ``history`` (swap, komi and
        side choices included), e.g. ['dark', 'light', 'light', ...]."""
        movers = self.state.step_movers()
        out = []
        k = 0
        for turn in self.history:
            out.append(self.state.colour_name(movers[k]))
            k += len(turn)
        return out

    # -------------------------------------------------------------- facts
    @property
    def pieces(self) -> dict[str, Piece]:
        """Cell name -> piece string ('dark seed', 'white 2'), in cell order."""
        return self.state.pieces()

    @property
    def to_move(self) -> str:
        """The colour whose step comes next ('dark', 'light', 'black', 'white')."""
        return self.state.colour_name(self.state.to_move)

    @property
    def seat_flip(self) -> int:
        """0 while the first seat plays the first colour, 1 once a swap or
        a side choice has exchanged them (see :func:`seat_flip_after`)."""
        flip = 0
        for step in self.state.steps():
            flip = seat_flip_after(flip, step)
        return flip

    @property
    def seats(self) -> dict[str, str]:
        """The colour each seat plays now: ``{"first": "dark", "second":
        "light"}``, exchanged after a swap or a side choice. The first seat
        starts with the first colour (the one that moves first in a new
        game: it makes the game's first step)."""
        colours = self.state.COLOURS
        flip = self.seat_flip
        return {"first": colours[flip], "second": colours[1 ^ flip]}

    @property
    def seat_to_move(self) -> str:
        """'first' or 'second': the seat whose step comes next."""
        return SEATS[self.state.to_move ^ self.seat_flip]

    @property
    def phase(self) -> str:
        """docs/notation.md phase: komi, side, opening, swap, turn, plant, move, over."""
        return self.state.phase

    @property
    def turns_without_plant(self) -> int:
        """Dendria: the turns in a row with no plant (moves and passes), the
        count the dendrid move limit ends the game on (0 in Hedu)."""
        return int(getattr(self.state, "dmoves", 0))

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, as data: None while it goes on, then an
        :class:`~dendria_widget.rules.outcome.Outcome` (``termination``,
        ``winner``, ``scores``, ``facts``)."""
        st = self.state
        if not st.over:
            return None
        score = st.score()
        facts = {"turns": st.dmoves} if st.end_reason is Termination.MOVE_LIMIT else {}
        return Outcome(st.end_reason, st.winner(),
                       {c: score[c]["total"] for c in st.COLOURS}, facts)

    @property
    def end_reason(self) -> str | None:
        """How the game ended, in the edition's words ('two passes in a
        row'); None while it goes on (:attr:`outcome` is the same as data)."""
        outcome = self.outcome
        if outcome is None:
            return None
        from .explain.refusals import ending_text   # the words: one layer up
        return ending_text(outcome, self.variant)

    @property
    def winner(self) -> str | None:
        """None while the game goes on; then a colour or 'draw'."""
        return self.state.winner()

    @property
    def leader(self) -> str:
        """Who leads on the score now: a colour, or 'draw' (the winner once
        the game is over)."""
        return self.state.leader()

    def score(self) -> dict[str, dict]:
        """Each colour's score as if the game ended now, with its breakdown."""
        return self.state.score()

    @property
    def journey(self) -> Journey | None:
        """The Dendria journey in progress as a :class:`Journey`, or None."""
        j = self.state.journey()
        if j is None:
            return None
        start, at, d, slides = j
        b = self.board
        line = tuple(b.name(i) for i in b.rays[at][d]) if d >= 0 else ()
        return Journey(b.name(start), b.name(at), DIRECTION_NAMES[d] if d >= 0 else None,
                       line, slides)

    def last_effects(self) -> list[Effect]:
        """The pieces the last step changed: a list of :class:`Effect`
        ``(cell, before, after)`` with piece strings (None: empty), in the
        order the rules changed them; [] at the start or after a step that
        changed no piece (end, pass, swap, move)."""
        name, piece = self.board.name, self.state.code_name
        return [Effect(name(i), piece(a), piece(b)) for i, a, b in self.state.last_changes()]

    def last_turn_cells(self) -> list[str]:
        """Names of the cells the last turn touched (the turn in progress if
        one has begun), each once, in the order its steps touched them."""
        return [self.board.name(i) for i in self.state.last_turn_cells()]

    def group_at(self, cell: str) -> tuple[str, ...]:
        """The cell names (sorted by row, then index) of the group holding
        the piece on ``cell``; () for an empty plot. UnknownCell for a name
        that is not on this board."""
        return tuple(self.board.names(self.state.group_at(self.board.cell(cell))))

    # ------------------------------------------- what the players weigh
    @property
    def version(self) -> tuple[int, int]:
        """A key that changes whenever the game does (a step played, taken
        back or redone, the game replaced in place by an edit or a load):
        what a view asked of the position holds while it stays the same."""
        st = self.state
        return (id(st), st.version)

    @property
    def turn_under_way(self) -> bool:
        """True once a turn's first step is played and until it ends (a
        Dendria plant or journey before End turn); a whole-turn step (a
        Hedu placement, a pass, a swap, a komi or side choice) leaves it
        False."""
        return bool(self.state.current)

    @property
    def choosing_sides(self) -> bool:
        """True during the komi-pie choices, before any piece: Player 1 sets
        the komi, then Player 2 picks a side (no turn is played then, so
        there is no turn to end and none to pass)."""
        return self.phase in ("komi", "side")

    def _colour_index(self, colour: str) -> int:
        colours = self.state.COLOURS
        try:
            return colours.index(colour)
        except ValueError:
            raise DendriaError(f"{brief(colour)} is not a colour of {self.variant.title}: "
                               f"they are {colours[0]} and {colours[1]}") from None

    def piece_count(self, colour: str, kind: str | None = None) -> int:
        """How many pieces of ``colour`` stand on the board; only those of
        ``kind`` when given (Dendria: 'seed', 'tree', 'dendrid'; Hedu:
        'stack', the same as every stack)."""
        c = self._colour_index(colour)
        st = self.state
        if kind is None:
            return st.colour_mask(c).bit_count()
        v = self._variant
        kinds = v.kinds
        try:
            k = kinds.index(kind)
        except ValueError:
            names = ", ".join(kinds[:-1]) + " and " + kinds[-1] if len(kinds) > 1 else kinds[0]
            raise DendriaError(f"{brief(kind)} is not a kind of piece in {v.title}: "
                               f"{'they are' if len(kinds) > 1 else 'it is'} {names}") from None
        if v.family == "hedu":
            return st.colour_mask(c).bit_count()
        return st.pieces_of(c, k).bit_count()

    def conversion_counts(self, colour: str) -> tuple[int, int]:
        """Dendria: ``(grow, capture)``, how many pieces are in the seedbeds
        of ``colour`` that it may grow and in the enemy forests it may
        capture, on the board as it is, whoever is to move (the engine's
        growth and capture rules, docs/rules.md 2.2; what a computer player
        weighs a turn ahead). Hedu has no conversions: ``(0, 0)``."""
        c = self._colour_index(colour)
        if self._variant.family == "hedu":
            return (0, 0)
        st = self.state
        grow = capture = 0
        growable, capturable = st.growable, st.capturable
        for g in st.groups(c, 0):
            if growable(g, c):
                grow += g.bit_count()
        for g in st.groups(1 - c, 1):
            if capturable(g, c):
                capture += g.bit_count()
        return (grow, capture)

    # ------------------------------------------------------------ records
    def position(self) -> dict:
        """The docs/notation.md position dict of the board now."""
        st = self.state
        pos = {"to_move": self.to_move, "pieces": self.pieces}
        if self.variant.family == "hedu":
            pos["prisoners"] = {"black": st.prisoners[0], "white": st.prisoners[1]}
        else:
            pos["komi"] = st.komi
        return pos

    def position_string(self) -> str:
        """The one-line position string (see dendria_widget.notation)."""
        st = self.state
        if self.variant.family == "hedu":
            extras = [("prisoners", f"{st.prisoners[0]},{st.prisoners[1]}")]
        else:
            extras = [("komi", checks.dumps(st.komi))] if st.komi else []
        return format_position(self.rules, self.pieces, self.to_move, extras)

    def comment(self, text: str, turn: int | None = None) -> None:
        """Attach a comment to a turn (default: the latest turn); turns count
        from 0 in ``history``. An empty text removes the comment."""
        last = max(len(self.history) - 1, 0)
        if turn is None:
            turn = last
        if not isinstance(text, str):
            raise DendriaError(f"a comment is a string, not {brief(text)}")
        if not is_whole(turn) or not 0 <= turn <= last:
            raise DendriaError(f"a comment belongs to a turn: a whole number from 0 to "
                               f"{last}, not {brief(turn)}")
        if text:
            self.comments[turn] = text
        else:
            self.comments.pop(turn, None)

    def to_record(self) -> dict:
        """The JSON-ready game record: rules, start, turns with comments,
        the steps that redo would replay, and annotations."""
        turns = []
        for k, t in enumerate(self.history):
            entry: dict[str, Any] = {"steps": [str(s) for s in t]}
            if k in self.comments:
                entry["comment"] = self.comments[k]
            turns.append(entry)
        rec: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION,
               "rules": self.rules.to_dict(), "start": copy.deepcopy(self._start),
               "turns": turns, "redo": [str(s) for s in self.future]}
        # comments of turns that were taken back (redo would bring them back)
        later = {str(k): v for k, v in sorted(self.comments.items()) if k >= len(turns)}
        if later:
            rec["redo_comments"] = later
        if self.annotations["marks"] or self.annotations["arrows"]:
            rec["annotations"] = {"marks": dict(self.annotations["marks"]),
                                  "arrows": [list(a) for a in self.annotations["arrows"]]}
        return rec

    def to_json(self, indent: int | None = None) -> str:
        """The record as strict JSON text (see ``to_record``)."""
        return checks.dumps(self.to_record(), indent=indent)

    def save(self, path: PathLike, overwrite: bool = False) -> bool:
        """Write the record (``to_json``) to the file ``path``, through a
        temporary file beside it moved into place: a failure leaves the old
        file as it was and no partial file. A file already at ``path`` is
        replaced only with ``overwrite=True`` (else
        :class:`~dendria_widget.files.ExistingFile`, a ``BadFile``, names
        it); returns True when a file was replaced."""
        return write_atomic(path, self.to_json(indent=1) + "\n", overwrite=overwrite,
                            what="the record")

    @classmethod
    def load(cls, path: PathLike) -> Game:
        """A game from the record file ``path`` (only a regular file is read,
        of a bounded size: a FIFO or a device is refused at once)."""
        data = read_bytes(path, what="a record")
        try:
            return cls.from_record(data)
        except BadRecord as e:
            raise BadRecord(f"{path_text(path)}: {e}") from None

    @classmethod
    def from_record(cls, record: dict | str | bytes | bytearray) -> Game:
        """A game from a record (a dict, or its JSON text). Replays every
        step; raises BadRecord naming the step that does not replay."""
        if isinstance(record, (str, bytes, bytearray)):
            record = checks.loads(record, BadRecord, "the record")
        if not isinstance(record, dict):
            raise BadRecord("a record is a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise BadRecord(f"not a dendria-widget record (format {brief(record.get('format'))})")
        version = record.get("version", RECORD_VERSION)
        if not is_whole(version) or version != RECORD_VERSION:
            raise BadRecord(f"this is a record of version {brief(version)}; "
                            f"this dendria-widget reads version {RECORD_VERSION}")
        known = {"format", "version", "rules", "start", "turns", "redo", "redo_comments",
                 "annotations"}
        extra = set(record) - known
        if extra:
            raise BadRecord(f"unknown key {brief_first(extra)} in the record")
        try:
            given: Any = record.get("rules")     # JSON: resolve_rules judges it
            rules = resolve_rules(given)
            game = cls(rules, _start=record.get("start"))
        except DendriaError as e:
            raise BadRecord(f"the record's rules or start are wrong: {e}") from None
        turns = record.get("turns", [])
        if not isinstance(turns, list):
            raise BadRecord("'turns' must be a list")
        for k, turn in enumerate(turns):
            if not isinstance(turn, dict) or not isinstance(turn.get("steps"), list):
                raise BadRecord(f"turn {k + 1} must be an object with a list of 'steps'")
            if set(turn) - {"steps", "comment"}:
                raise BadRecord(f"unknown key {brief_first(set(turn) - {'steps', 'comment'})} "
                                f"in turn {k + 1} (keys: steps, comment)")
            for s in turn["steps"]:
                try:
                    game.play(s)
                except IllegalStep as e:
                    raise BadRecord(f"turn {k + 1} does not replay: {e}") from None
            if "comment" in turn:
                if not isinstance(turn["comment"], str):
                    raise BadRecord(f"the comment of turn {k + 1} must be a string, "
                                    f"not {brief(turn['comment'])}")
                game.comment(turn["comment"], k)
        redo = record.get("redo", [])
        if not isinstance(redo, list):
            raise BadRecord("'redo' must be a list of steps")
        for s in redo:
            try:
                game.play(s)
            except IllegalStep as e:
                raise BadRecord(f"the redo steps do not replay: {e}") from None
        for _ in redo:
            game.undo()
        later = record.get("redo_comments", {})
        if not isinstance(later, dict):
            raise BadRecord("'redo_comments' must map turn numbers to comments")
        for k, text in later.items():
            turn = whole_number_text(k, len(turns) + len(redo))
            if turn is None or turn < len(turns) or not isinstance(text, str):
                raise BadRecord(f"bad entry {brief(k)} in 'redo_comments': it maps the number "
                                "of a turn taken back to a comment")
            game.comments[turn] = text
        ann = record.get("annotations")
        if ann is not None:
            game.set_annotations(ann)
        return game

    def set_annotations(self, ann: dict) -> None:
        """Replace the teacher's marks ({cell: label}) and arrows ([[from, to]])."""
        if not isinstance(ann, dict) or set(ann) - {"marks", "arrows"}:
            raise BadRecord("annotations are {\"marks\": {...}, \"arrows\": [...]}")
        marks = ann.get("marks", {})
        arrows = ann.get("arrows", [])
        board = self.board
        if not isinstance(marks, dict) or not isinstance(arrows, (list, tuple)):
            raise BadRecord("annotation marks are a dict, arrows a list")
        named = {}
        for name, label in marks.items():
            if not board.has_name(name) or not isinstance(label, str):
                raise BadRecord(f"bad mark {brief(name)}: {brief(label)} (a mark is a cell "
                                "name and a label)")
            cell = board.name(board.cell(name))
            if cell in named:
                raise BadRecord(f"the cell {cell} is marked twice: give each cell one mark")
            named[cell] = label
        pairs = []
        for a in arrows:
            if (not isinstance(a, (list, tuple)) or len(a) != 2
                    or not all(board.has_name(x) for x in a)):
                raise BadRecord(f"bad arrow {brief(a)}: an arrow is [from cell, to cell]")
            pairs.append([board.name(board.cell(x)) for x in a])
        self.annotations = {"marks": named, "arrows": pairs}

    def copy(self) -> Game:
        """An independent game: same position, history, redo steps, comments
        and annotations (the engine state is cloned, nothing is replayed)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.state = self.state.clone()
        new._redo = list(self._redo)
        new.comments = dict(self.comments)
        new.annotations = {"marks": dict(self.annotations["marks"]),
                           "arrows": [list(a) for a in self.annotations["arrows"]]}
        return new

    def edited(self, pieces: dict[str, str] | None = None,
               to_move: str | None = None) -> Game:
        """A new game from this position with ``pieces`` ({cell: piece}, all
        of them) or ``to_move`` changed, as the board's Editor makes it: the
        edited position is its start, the marks and arrows stay. A position
        the rules do not allow raises a DendriaError that says why."""
        pos = self.position()
        if pieces is not None:
            pos["pieces"] = dict(pieces)
        if to_move is not None:
            pos["to_move"] = to_move
        new = Game.from_position(pos, rules=self.rules)
        new.set_annotations(self.annotations)
        return new

    def _replace_with(self, other: Game) -> Game:
        """Become ``other`` in place: its rules, position, history, redo
        steps, comments and annotations (a copy of them). The board widget's
        editor, loads and new games use it, so that the ``Game`` a notebook
        holds stays the game the board shows."""
        if not isinstance(other, Game):
            raise DendriaError(f"a game can only take over another Game, not {type(other).__name__}")
        new = other.copy()
        self.__dict__.clear()
        self.__dict__.update(new.__dict__)
        return self

    @property
    def from_start(self) -> bool:
        """True when this game began at the rules' start (opening included),
        not from a given position: then who plays which colour follows from
        the steps (swap, side)."""
        return self._start is None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_record() == other.to_record()

    def __repr__(self) -> str:
        return f"<Game {self.position_string()!r} phase={self.phase}>"

    def _repr_svg_(self) -> str:
        # the one lazy import of a higher layer, as python-chess does for its SVG
        from .render.svg import game_svg
        return game_svg(self)

"""Steps and the one-line position string.

Position string (FEN-like; spaces separate fields)::

    RULESET BOARD ROWS TO_MOVE [key=value ...]

- ``RULESET``: ``dendria-classic``, ``dendria-sprites`` or ``hedu``.
- ``BOARD``: ``h7`` for the hexagon of side 7, or ``m`` followed by the module
  centres ``q,r`` joined by ``;`` (``m0,0;3,-1;...``).
- ``ROWS``: the rows from top (row a) to bottom, joined by ``/``; in a row a
  number is that many empty plots and a letter is a piece: Dendria ``s t d``
  for dark seed, tree, dendrid and ``S T D`` for light; Hedu ``b`` or ``w``
  followed by the stack's height (one digit), e.g. ``b2``.
- ``TO_MOVE``: the colour to move (``dark``/``light`` or ``black``/``white``).
- then optional ``komi=K`` (Dendria), ``prisoners=B,W`` (Hedu), and options
  that differ from the edition's defaults, ``name=value`` with JSON values
  (``superko=off``, ``dendrid_move_limit=null``).

Example: ``dendria-classic h3 3/4/1s1S1/4/3 light``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from . import checks
from .checks import LARGEST, brief, is_whole, whole_number_text
from .errors import BadPosition, IllegalStep, UnknownCell

if TYPE_CHECKING:  # for the type hints only
    from .geometry import Board
    from .rules.options import Rules

#: Dendria's step verbs that name a cell.
DENDRIA_CELL_VERBS = ("plant", "sprout", "grow", "capture", "move", "slide")
#: Step verbs that name a cell (Dendria and Hedu).
CELL_VERBS = DENDRIA_CELL_VERBS + ("place",)
#: Every verb of a Dendria step ('sow' is the sprites edition's 'plant').
DENDRIA_VERBS = DENDRIA_CELL_VERBS + ("sow", "end", "pass", "swap", "komi", "side")
#: Every verb of a Hedu step.
HEDU_VERBS = ("place", "pass", "swap")
#: The colours a ``side`` step names (Dendria's komi-pie opening), by index.
SIDE_WORDS = ("dark", "light")


def parse_words(text: str) -> list[str]:
    """Split a step string into lower-case words; refuse what is not a string."""
    if not isinstance(text, str):
        raise IllegalStep(f"a step must be a string like 'plant g7', not {brief(text)}")
    words = text.strip().lower().split()
    if not words:
        raise IllegalStep("an empty step: write a step like 'plant g7' or 'pass'")
    return words


def parse_cell(board: Board, word: str) -> int:
    """The id of the cell named ``word`` in a step; IllegalStep naming it."""
    try:
        return board.cell(word)
    except UnknownCell as e:
        raise IllegalStep(str(e)) from None


#: words the notation reads as another verb (the sprites edition sows)
VERB_SYNONYMS = {"sow": "plant"}


class Step(tuple):
    """One step of a turn, as python-chess's ``Move``: a small immutable,
    hashable value the engines use as it is.

    As a tuple it is ``(verb, engine argument)``: a cell id for the verbs
    that name a cell (``plant sprout grow capture move slide place``), the
    whole number of ``komi``, the colour index of ``side``, else None; a
    step of a cell verb keeps its ``board`` to name the cell when printed.
    ``str(step)`` is the docs/notation.md step string (``'plant g7'``);
    :meth:`parse` reads one. ``step.verb``, ``step.arg`` (the cell's name,
    the komi, the colour word, or None) and ``step.cell`` (the cell id or
    None) read it. A step hashes as its tuple, so it meets the engine's
    plain tuples in sets and dicts. ``Step("plant", "g7")`` (a name, no
    board) is a step not yet tied to a board: it equals the same step of
    any board (steps of different boards compare by their notation), and
    :meth:`bind` ties it to one (do that before using it as a key).
    """

    board: Board | None  # the board a cell verb's id belongs to

    def __new__(cls, verb: str, arg: str | int | None = None,
                board: Board | None = None) -> Step:
        if verb in CELL_VERBS and isinstance(arg, str):
            if board is not None:
                arg = parse_cell(board, arg)
            else:
                arg = arg.strip().lower()
        elif verb == "side" and isinstance(arg, str):
            if arg not in SIDE_WORDS:
                raise IllegalStep(f"'side' takes dark or light, not {brief(arg)}")
            arg = SIDE_WORDS.index(arg)
        self = tuple.__new__(cls, (verb, arg))
        self.board = board if verb in CELL_VERBS and isinstance(arg, int) else None
        return self

    @classmethod
    def parse(cls, text: str, board: Board) -> Step:
        """The step a docs/notation.md string names on ``board`` (``sow`` reads as
        ``plant``); IllegalStep saying what cannot be read."""
        words = parse_words(text)
        verb = VERB_SYNONYMS.get(words[0], words[0])
        if verb in CELL_VERBS:
            if len(words) != 2:
                # in the words typed: a sprites player sows ('sow' takes a cell
                # name: "cell" is the notation's word, docs/notation.md)
                raise IllegalStep(f"'{words[0]}' takes a cell name, like '{words[0]} g7': "
                                  f"{text!r}")
            return cls(verb, parse_cell(board, words[1]), board)
        if verb in ("end", "pass", "swap"):
            if len(words) != 1:
                raise IllegalStep(f"'{verb}' takes nothing after it: {text!r}")
            return cls(verb)
        if verb == "komi":
            komi = whole_number_text(words[1]) if len(words) == 2 else None
            if komi is None:
                raise IllegalStep(f"'komi' takes a whole number from 0 to {LARGEST}, "
                                  f"like 'komi 3': {brief(text)}")
            return cls("komi", komi)
        if verb == "side":
            if len(words) != 2 or words[1] not in SIDE_WORDS:
                raise IllegalStep(f"'side' takes dark or light: {text!r}")
            return cls("side", SIDE_WORDS.index(words[1]))
        raise IllegalStep(f"unknown step {words[0]!r}")

    def bind(self, board: Board) -> Step:
        """This step on ``board`` (the same step when it is already there);
        IllegalStep when it is no step of the notation (a verb without its
        cell, a cell id that is no plot, a komi that is no whole number...)."""
        verb, arg = self
        if verb not in CELL_VERBS:
            if (verb in ("end", "pass", "swap") and arg is None
                    or verb == "komi" and is_whole(arg) and 0 <= arg <= LARGEST
                    or verb == "side" and is_whole(arg) and arg in (0, 1)):
                return self
            raise IllegalStep(f"not a step: {brief(verb)} with {brief(arg)} (steps are "
                              "like 'plant g7', 'komi 3', 'side dark' or 'pass')")
        if self.board is board:
            if arg in board:
                return self
            raise IllegalStep(f"'{verb}' names a cell that is not a plot of this board")
        if isinstance(arg, str):
            name = arg
        elif self.board is not None:
            name = self.board.name(arg)
        else:  # a cell verb without a cell name
            raise IllegalStep(f"'{verb}' takes a cell name, like '{verb} g7', not {brief(arg)}")
        return Step(verb, parse_cell(board, name), board)

    @property
    def verb(self) -> str:
        return self[0]

    @property
    def arg(self) -> str | int | None:
        """The cell's name, the komi, the colour word, or None."""
        verb, arg = self
        if self.board is not None:
            return self.board.name(arg)
        if verb == "side" and arg is not None:
            return SIDE_WORDS[arg]
        return arg

    @property
    def cell(self) -> int | None:
        """The engine id of the cell the step names (None if none or unbound)."""
        return self[1] if self.board is not None else None

    def __str__(self) -> str:
        arg = self.arg
        return self[0] if arg is None else f"{self[0]} {arg}"

    def __repr__(self) -> str:
        return f"Step({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Step):
            if self.board is other.board:
                return tuple.__eq__(self, other)
            return str(self) == str(other)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = tuple.__hash__

    def __reduce__(self) -> tuple[type[Step], tuple[str, int | str | None, Board | None]]:
        return (Step, (self[0], self[1], self.board))

    def __copy__(self) -> Step:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Step:
        return self


class Piece(str):
    """One piece, as python-chess's ``Piece``: the string is its docs/notation.md
    name (``'dark seed'``, ``'white 2'``), so it compares, hashes and writes
    to JSON as that string; ``colour``, ``kind`` (Dendria: seed, tree,
    dendrid) and ``height`` (Hedu) read it without parsing. The engines
    hand out one shared Piece per kind of piece."""

    colour: str
    kind: str | None
    height: int | None

    def __new__(cls, colour: str, kind: str | None = None, height: int | None = None) -> Piece:
        self = str.__new__(cls, f"{colour} {kind if height is None else height}")
        self.colour = colour
        self.kind = kind
        self.height = height
        return self

    def __getnewargs__(self) -> tuple[str, str | None, int | None]:  # type: ignore[override]
        return (self.colour, self.kind, self.height)

    def __copy__(self) -> Piece:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Piece:
        return self


DENDRIA_LETTERS = {"s": "dark seed", "t": "dark tree", "d": "dark dendrid",
                   "S": "light seed", "T": "light tree", "D": "light dendrid"}
DENDRIA_LETTER_OF = {v: k for k, v in DENDRIA_LETTERS.items()}
DIGITS = "0123456789"


def piece_letter(piece: Piece) -> str:
    """Letter(s) of a piece string in the position string."""
    if piece in DENDRIA_LETTER_OF:
        return DENDRIA_LETTER_OF[piece]
    return piece.colour[0] + str(piece.height)


def format_position(rules: Rules, pieces: Mapping[str, Piece], to_move: str,
                    extras: Iterable[tuple[str, str]] = ()) -> str:
    """The position string of a board (``pieces``: cell name -> piece)."""
    board = rules.board
    spec = board.spec
    if spec["shape"] == "hexagon":
        bpart = f"h{spec['size']}"
    else:
        bpart = "m" + ";".join(f"{q},{r}" for q, r in spec["modules"])
    rows = []
    for row in board.rows:
        out = []
        run = 0
        for i in row:
            piece = pieces.get(board.name(i))
            if piece is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(piece_letter(piece))
        if run:
            out.append(str(run))
        rows.append("".join(out))
    fields = [rules.ruleset, bpart, "/".join(rows), to_move]
    fields += [f"{k}={v}" for k, v in extras]
    for name, value in sorted(rules.changed_options().items()):
        fields.append(f"{name}={value if isinstance(value, str) else json.dumps(value)}")
    return " ".join(fields)


def _signed(text: str) -> int | None:
    """The whole number of '3' or '-3' (ASCII digits), or None."""
    value = whole_number_text(text[1:] if text.startswith("-") else text)
    return None if value is None else -value if text.startswith("-") else value


def parse_position(text: str) -> tuple[dict[str, Any], str, str, dict[str, str]]:
    """Read a position string: returns (rules dict, pieces, to_move, extras).

    Raises BadPosition naming what is wrong."""
    if not isinstance(text, str):
        raise BadPosition(f"a position string must be a string, not {type(text).__name__}")
    fields = text.split()
    if len(fields) < 4:
        raise BadPosition("a position string needs at least four fields: "
                          "RULESET BOARD ROWS TO_MOVE (e.g. 'dendria-classic h7 ... dark')")
    ruleset, bpart, rows_text, to_move = fields[:4]
    board: dict[str, Any]
    if bpart.startswith("h") and whole_number_text(bpart[1:]) is not None:
        board = {"shape": "hexagon", "size": whole_number_text(bpart[1:])}
    elif bpart.startswith("m"):
        mods = [[_signed(x) for x in pair.split(",")] for pair in bpart[1:].split(";")]
        if any(len(m) != 2 or None in m for m in mods):
            raise BadPosition(f"cannot read the modules of board {brief(bpart)} (module "
                              "centres q,r of whole numbers, joined by ;)")
        board = {"shape": "modular", "modules": mods}
    else:
        raise BadPosition(f"cannot read the board {brief(bpart)} "
                          "(use h7, or m with module centres)")
    options: dict[str, Any] = {}
    extras: dict[str, str] = {}
    for field in fields[4:]:
        if "=" not in field:
            raise BadPosition(f"cannot read {brief(field)}: extra fields are name=value")
        key, value = field.split("=", 1)
        if key in ("komi", "prisoners"):
            extras[key] = value
            continue
        try:
            options[key] = checks.loads(value, BadPosition)
        except BadPosition:
            options[key] = value
    rules = {"ruleset": ruleset, "board": board, "options": options}
    return rules, rows_text, to_move, extras


def read_rows(board: Board, rows_text: str, hedu: bool) -> dict[str, str]:
    """Cell name -> piece string from the ROWS field."""
    rows = rows_text.split("/")
    if len(rows) != len(board.rows):
        raise BadPosition(f"the board has {len(board.rows)} rows but the position "
                          f"string gives {len(rows)}")
    pieces: dict[str, str] = {}
    for r, (text, row) in enumerate(zip(rows, board.rows)):
        k = 0
        pos = 0
        while pos < len(text):
            ch = text[pos]
            if ch in DIGITS:
                end = pos
                while end < len(text) and text[end] in DIGITS:
                    end += 1
                run = whole_number_text(text[pos:end], len(row))
                if run is None:
                    raise BadPosition(f"row {r + 1} of the position describes more than "
                                      f"{len(row)} plots, but the board's row has {len(row)}")
                k += run
                pos = end
                continue
            if hedu:
                if ch not in "bw" or pos + 1 >= len(text) or text[pos + 1] not in DIGITS:
                    raise BadPosition(f"cannot read {text[pos:pos + 2]!r} in row {r + 1}: "
                                      "a Hedu stack is b or w and its height, like b2")
                piece = ("black " if ch == "b" else "white ") + text[pos + 1]
                pos += 2
            else:
                if ch not in DENDRIA_LETTERS:
                    raise BadPosition(f"unknown piece letter {ch!r} in row {r + 1} "
                                      "(use s t d for dark, S T D for light)")
                piece = DENDRIA_LETTERS[ch]
                pos += 1
            if k >= len(row):
                raise BadPosition(f"row {r + 1} of the position describes more than "
                                  f"{len(row)} plots, but the board's row has {len(row)}")
            pieces[board.name(row[k])] = piece
            k += 1
        if k != len(row):
            raise BadPosition(f"row {r + 1} of the position describes {k} plots "
                              f"but the board's row has {len(row)}")
    return pieces

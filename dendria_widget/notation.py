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
from typing import NamedTuple

from . import checks
from .checks import brief, whole_number_text
from .errors import BadPosition

DENDRIA_LETTERS = {"s": "dark seed", "t": "dark tree", "d": "dark dendrid",
                   "S": "light seed", "T": "light tree", "D": "light dendrid"}
DENDRIA_LETTER_OF = {v: k for k, v in DENDRIA_LETTERS.items()}
DIGITS = "0123456789"


class Step(NamedTuple):
    """One step of a turn: ``verb`` and its argument (a cell name like 'g7',
    a whole number for ``komi``, a colour for ``side``, or None).

    ``str(step)`` is the NOTATION.md step string, e.g. ``'plant g7'``.
    """

    verb: str
    arg: object = None

    def __str__(self):
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"

    def __repr__(self):
        return f"Step({str(self)!r})"


def piece_letter(piece):
    """Letter(s) of a piece string in the position string."""
    if piece in DENDRIA_LETTER_OF:
        return DENDRIA_LETTER_OF[piece]
    colour, height = piece.split()
    return colour[0] + height


def format_position(rules, pieces, to_move, extras=()):
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


def _signed(text):
    """The whole number of '3' or '-3' (ASCII digits), or None."""
    value = whole_number_text(text[1:] if text.startswith("-") else text)
    return None if value is None else -value if text.startswith("-") else value


def parse_position(text):
    """Read a position string: returns (rules dict, pieces, to_move, extras).

    Raises BadPosition naming what is wrong."""
    if not isinstance(text, str):
        raise BadPosition(f"a position string must be a string, not {type(text).__name__}")
    fields = text.split()
    if len(fields) < 4:
        raise BadPosition("a position string needs at least four fields: "
                          "RULESET BOARD ROWS TO_MOVE (e.g. 'dendria-classic h7 ... dark')")
    ruleset, bpart, rows_text, to_move = fields[:4]
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
    options = {}
    extras = {}
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


def read_rows(board, rows_text, hedu):
    """Cell name -> piece string from the ROWS field."""
    rows = rows_text.split("/")
    if len(rows) != len(board.rows):
        raise BadPosition(f"the board has {len(board.rows)} rows but the position "
                          f"string gives {len(rows)}")
    pieces = {}
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

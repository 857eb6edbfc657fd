"""The ``analyze`` command (docs/notation.md, "The analysis command").

One JSON object in, one JSON object out::

    {"rules": {...}, "position": {...}, "play": ["plant e5", "end"]}

- ``rules`` (optional): a docs/notation.md rules dict; missing means
  ``{"ruleset": "dendria-classic"}`` (hexagon of side 7, the edition's
  defaults). Inside it ``board`` and ``options`` are optional too.
- ``position`` (optional): ``{"to_move", "pieces", "komi" (Dendria),
  "prisoners" (Hedu)}``, every key optional (``to_move`` defaults to the
  first colour, ``pieces`` to an empty board). With it the game is in normal
  play from that board; without it the game starts from its beginning.
- ``play`` (optional): steps applied in order.

:func:`analyze` returns ``(output dict, exit status)``: the analysis and 0,
or ``{"error": {...}}`` and 1. It never raises: an unexpected exception
becomes an error object whose reason begins with ``internal error``.

Nothing here decides a rule: the game is built with :class:`~dendria_widget.Game`
and the output comes from ``explain.dendria.dendria_analysis`` or
``explain.hedu.hedu_analysis``. This module only checks the *shape* of the
input (keys and JSON types) so that every mistake gets a clear message.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from typing import TYPE_CHECKING, Any

from . import checks
from .checks import is_number, is_whole
from .errors import DendriaError, IllegalStep

if TYPE_CHECKING:  # for the type hints only
    from .game import Game

TOP_KEYS = ("rules", "position", "play")
RULES_KEYS = ("ruleset", "board", "options")
POSITION_KEYS = ("to_move", "pieces", "komi", "prisoners")
DEFAULT_RULES = {"ruleset": "dendria-classic"}


class BadInput(DendriaError):
    """Malformed analyze input (wrong JSON, key or type)."""


# ------------------------------------------------------------------ JSON
def parse_json(text: str | bytes | bytearray) -> Any:
    """The input object from its JSON text (str, or bytes in UTF-8); BadInput
    naming the problem (see ``checks.loads``: NaN, Infinity, numbers too
    long, a key twice in one object are refused too)."""
    if isinstance(text, (str, bytes, bytearray)) and not text.strip():
        raise BadInput("the input is empty: give one JSON object, like "
                       '{"play": ["plant g7", "end"]}')
    return checks.loads(text, BadInput)


# ------------------------------------------------------------ the shape
def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _check_keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise BadInput(f"unknown key {key!r} in {where} "
                           f"(allowed: {', '.join(allowed)})")


def _check_object(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise BadInput(f"{where} must be a JSON object, not {_kind(value)}")


def check_rules(rules: Any) -> None:
    """Keys and types of a docs/notation.md rules dict (values are checked by
    resolve_rules and the board builders)."""
    _check_object(rules, "'rules'")
    _check_keys(rules, RULES_KEYS, "'rules'")
    if "ruleset" not in rules:
        raise BadInput("'rules' needs a 'ruleset' (dendria-classic, dendria-sprites or hedu)")
    if not isinstance(rules["ruleset"], str):
        raise BadInput(f"'rules.ruleset' must be a string, not {_kind(rules['ruleset'])}")
    if "board" in rules:
        board = rules["board"]
        _check_object(board, "'rules.board'")
        shape = board.get("shape")
        if not isinstance(shape, str):
            raise BadInput("'rules.board' needs a 'shape': \"hexagon\" or \"modular\"")
        if shape == "hexagon":
            _check_keys(board, ("shape", "size"), "'rules.board'")
            if "size" in board and not is_whole(board["size"]):
                raise BadInput(f"'rules.board.size' must be a whole number, "
                               f"not {_kind(board['size'])}")
        elif shape == "modular":
            _check_keys(board, ("shape", "modules"), "'rules.board'")
            mods = board.get("modules")
            if not isinstance(mods, list):
                raise BadInput("'rules.board.modules' must be a list of [q, r] "
                               f"module centres, not {_kind(mods)}")
            for k, m in enumerate(mods):
                if not (isinstance(m, list) and len(m) == 2 and all(map(is_whole, m))):
                    raise BadInput(f"'rules.board.modules[{k}]' must be a pair [q, r] "
                                   f"of whole numbers, not {json.dumps(m)}")
        # other shapes: Board.from_spec names them
    if "options" in rules:
        _check_object(rules["options"], "'rules.options'")


def check_position(position: Any) -> None:
    """Keys and types of a position dict (cells, pieces and values are
    checked by Game)."""
    _check_object(position, "'position'")
    _check_keys(position, POSITION_KEYS, "'position'")
    if "to_move" in position and not isinstance(position["to_move"], str):
        raise BadInput(f"'position.to_move' must be a colour name, "
                       f"not {_kind(position['to_move'])}")
    if "pieces" in position:
        pieces = position["pieces"]
        _check_object(pieces, "'position.pieces'")
        for cell, piece in pieces.items():
            if not isinstance(piece, str):
                raise BadInput(f"the piece on {cell!r} must be a string like "
                               f"'dark seed' or 'black 2', not {_kind(piece)}")
    if "komi" in position:
        k = position["komi"]
        if not is_number(k):
            raise BadInput(f"'position.komi' must be a number, not {_kind(k)}")
    if "prisoners" in position:
        pr = position["prisoners"]
        _check_object(pr, "'position.prisoners'")
        _check_keys(pr, ("black", "white"), "'position.prisoners'")
        for colour, v in pr.items():
            if not is_whole(v):
                raise BadInput(f"'position.prisoners.{colour}' must be a whole number, "
                               f"not {_kind(v)}")


def check_input(data: Any) -> None:
    """Keys and types of the whole input object."""
    _check_object(data, "the input")
    _check_keys(data, TOP_KEYS, "the input")
    if "rules" in data:
        check_rules(data["rules"])
    if "position" in data:
        check_position(data["position"])
    if "play" in data:
        play = data["play"]
        if not isinstance(play, list):
            raise BadInput(f"'play' must be a list of step strings, not {_kind(play)}")
        for k, step in enumerate(play):
            if not isinstance(step, str):
                raise BadInput(f"play[{k}] must be a step string like 'plant g7', "
                               f"not {_kind(step)}")


# ---------------------------------------------------------- the game
def _module_missing(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is None
    except ImportError:
        return True


def build_game(data: dict[str, Any]) -> Game:
    """The Game the input describes, before ``play``."""
    from .game import Game
    from .rules import resolve_rules
    from .rules.variant import variant_for

    rules = resolve_rules(data.get("rules", DEFAULT_RULES))
    if variant_for(rules).family == "hedu" and _module_missing("dendria_widget.rules.hedu"):
        raise BadInput("the Hedu engine is not available in this version")
    if "position" in data:
        return Game.from_position(data["position"], rules=rules)
    return Game(rules)


def analysis(game: Game) -> dict[str, Any]:
    """The docs/notation.md output object of a game."""
    if game.variant.family == "hedu":
        if _module_missing("dendria_widget.explain.hedu"):
            raise BadInput("the Hedu analysis is not available in this version")
        mod = importlib.import_module("dendria_widget.explain.hedu")
        return mod.hedu_analysis(game)
    from .explain.dendria import dendria_analysis
    return dendria_analysis(game)


def play_steps(game: Game, steps: list[str]) -> dict[str, Any] | None:
    """Apply steps in order; None, or the error object of the first refused."""
    for index, text in enumerate(steps):
        reason = game.why_illegal(text)
        if reason is None:
            try:
                game.play(text)
            except IllegalStep as e:  # why_illegal and apply disagree: still report it
                reason = e.reason
        if reason is not None:
            return {"error": {"index": index, "step": text, "reason": reason}}
    return None


def analyze_data(data: Any) -> tuple[dict[str, Any], int]:
    """(output, exit status) for an already-parsed input object."""
    check_input(data)
    game = build_game(data)
    err = play_steps(game, data.get("play", []))
    if err is not None:
        return err, 1
    return analysis(game), 0


def analyze(text: str | bytes | bytearray) -> tuple[dict[str, Any], int]:
    """(output dict, exit status) for the JSON text (str or bytes) of an input.

    Never raises: malformed input gives ``{"error": {"reason": ...}}`` and 1;
    an unexpected exception gives a reason beginning with ``internal error``."""
    try:
        return analyze_data(parse_json(text))
    except DendriaError as e:
        return {"error": {"reason": str(e)}}, 1
    except RecursionError:
        return {"error": {"reason": "the input is nested too deeply"}}, 1
    except Exception as e:  # noqa: BLE001 - the command must never show a traceback
        return {"error": {"reason": f"internal error (a bug in dendria-widget, please "
                                    f"report it): {type(e).__name__}: {e}"}}, 1


def dumps(obj: object, pretty: bool = False) -> str:
    """The output's strict JSON text (keys in the order built, ASCII only)."""
    return checks.dumps(obj, indent=2 if pretty else None)


__all__ = ["analyze", "analyze_data", "parse_json", "check_input", "build_game",
           "analysis", "play_steps", "dumps", "BadInput", "DEFAULT_RULES"]

"""Rule options and editions (docs/rules.md section 5).

An edition is a preset of options; any option can be overridden on any
edition of the same game. ``resolve_rules`` turns a docs/notation.md rules dict
(or keyword arguments) into a validated :class:`Rules`.
"""

from __future__ import annotations

from typing import Any, Union

from ..checks import LARGEST, is_whole, brief
from ..errors import BadRules
from ..geometry import Board

RULESETS = ("dendria-classic", "dendria-sprites", "hedu")

#: An option's value: a word, true or false, a whole number, or null.
OptionValue = Union[str, bool, int, None]


class OptionSpec:
    """One option: its allowed values and what it means (``doc``: written
    once for every edition, with the edition's words as fields, ``{soil}``,
    ``{dendrid}``, ``{planting}``...; :meth:`Variant.option_doc
    <dendria_widget.rules.variant.Variant.option_doc>` fills them in)."""

    def __init__(self, name: str, values: tuple[OptionValue, ...] | None, doc: str,
                 kind: str = "choice") -> None:
        self.name = name
        self.values = values  # tuple of allowed values, or None for numbers
        self.doc = doc
        self.kind = kind  # "choice", "bool", "int>=1|null", "int>=0|null"

    def check(self, value: object) -> OptionValue:
        """The value if this option allows it; BadRules naming the option otherwise."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise BadRules(f"option {self.name!r} must be true or false, "
                               f"not {brief(value)}")
            return value
        if self.kind.startswith("int"):
            low = 1 if self.kind == "int>=1|null" else 0
            if value is None:
                return None
            if not is_whole(value) or not low <= value <= LARGEST:
                raise BadRules(f"option {self.name!r} must be a whole number from {low} "
                               f"to {LARGEST} or null, not {brief(value)}")
            return value
        values = self.values or ()       # a choice always lists its values
        if not isinstance(value, str) or value not in values:
            allowed = ", ".join(repr(v) for v in values)
            raise BadRules(f"option {self.name!r} cannot be {brief(value)} "
                           f"(allowed: {allowed})")
        return value


DENDRIA_OPTIONS = {spec.name: spec for spec in (
    OptionSpec("edge_sight", ("literal", "touching"),
               "literal: an empty ray is not a root; touching: an empty ray sees the edge"),
    OptionSpec("sowing", ("any", "non-touching"),
               "non-touching: the mover's pieces next to a new seed must not touch each other"),
    OptionSpec("grow_after_plant", ("planted", "none"),
               "planted: after {planting}, the new seed's seedbed may grow once"),
    OptionSpec("sprout_on_move", (True, False),
               "seeds may sprout at the stops of a journey", kind="bool"),
    OptionSpec("convert_at_start", (True, False),
               "conversions are allowed before the first slide of a journey", kind="bool"),
    OptionSpec("capture", ("fertilized", "unprotected"),
               "fertilized: every fertile {soil} fertilized by the mover, one not by the owner; "
               "unprotected: any forest its owner does not protect"),
    OptionSpec("enclosed_groups", ("never", "sight"),
               "groups with no fertile {soil}: never convert, or judged by the {dendrids} they see"),
    OptionSpec("sprite_capture", (True, False),
               "a journey may end on the first enemy {dendrid} in the way, removing it", kind="bool"),
    OptionSpec("power_rule", (True, False),
               "a journey must end on a cell of lower power, unless the mover gained trees",
               kind="bool"),
    OptionSpec("superko", ("positional", "off"),
               "positional: a turn may not end on a board seen before (passes exempt)"),
    OptionSpec("dendrid_move_limit", None,
               "the game ends after this many turns in a row without {a_plant} "
               "({dendrid} moves or passes) by each player",
               kind="int>=1|null"),
    OptionSpec("opening", ("pie", "komi-pie", "none"),
               "pie: one seed then Light may swap; komi-pie: komi, then side, then Dark"),
    OptionSpec("komi_max", None,
               "largest komi the first player may set (null: the number of plots)",
               kind="int>=0|null"),
    OptionSpec("scoring", ("distinct-sizes", "leafiness"),
               "distinct-sizes: sum of distinct forest sizes plus majorities; "
               "leafiness: s(s+1)/2 for every forest"),
)}

HEDU_OPTIONS = {spec.name: spec for spec in (
    OptionSpec("superko", ("positional", "off"),
               "positional: a turn may not end on a board seen before (passes exempt)"),
    OptionSpec("opening", ("pie", "none"),
               "pie: after Black's first placement White may swap"),
    OptionSpec("end_on_double_pass", (True, False),
               "the game also ends after two passes in a row", kind="bool"),
)}

DEFAULTS: dict[str, dict[str, OptionValue]] = {
    "dendria-classic": {
        "edge_sight": "literal", "sowing": "any", "grow_after_plant": "planted",
        "sprout_on_move": True, "convert_at_start": False, "capture": "fertilized",
        "enclosed_groups": "never", "sprite_capture": False, "power_rule": False,
        "superko": "positional", "dendrid_move_limit": 10, "opening": "pie",
        "komi_max": None, "scoring": "distinct-sizes",
    },
    "dendria-sprites": {
        "edge_sight": "touching", "sowing": "non-touching", "grow_after_plant": "none",
        "sprout_on_move": True, "convert_at_start": True, "capture": "unprotected",
        "enclosed_groups": "sight", "sprite_capture": True, "power_rule": True,
        "superko": "positional", "dendrid_move_limit": None, "opening": "komi-pie",
        "komi_max": None, "scoring": "leafiness",
    },
    "hedu": {"superko": "positional", "opening": "pie", "end_on_double_pass": True},
}

DEFAULT_BOARDS = {
    "dendria-classic": {"shape": "hexagon", "size": 7},
    "dendria-sprites": {"shape": "hexagon", "size": 6},
    "hedu": {"shape": "hexagon", "size": 7},
}


def option_specs(ruleset: str) -> dict[str, OptionSpec]:
    """The OptionSpec table of a ruleset's game."""
    return HEDU_OPTIONS if ruleset == "hedu" else DENDRIA_OPTIONS


class Rules:
    """A ruleset, a board and every option's value (validated, immutable)."""

    __slots__ = ("ruleset", "board", "options", "_key")
    ruleset: str
    board: Board
    options: dict[str, OptionValue]
    _key: tuple[str, str, tuple[tuple[str, OptionValue], ...]]

    def __init__(self, ruleset: str, board: Board, options: dict[str, OptionValue]) -> None:
        object.__setattr__(self, "ruleset", ruleset)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "options", dict(options))
        object.__setattr__(self, "_key", (ruleset, repr(board), tuple(sorted(options.items()))))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable; make new ones with resolve_rules")

    def __getattr__(self, name: str) -> Any:
        # an option's value (its type depends on the option: see OptionSpec)
        try:
            return self.options[name]
        except KeyError:
            raise AttributeError(name) from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @property
    def game(self) -> str:
        return "hedu" if self.ruleset == "hedu" else "dendria"

    def changed_options(self) -> dict[str, OptionValue]:
        """The options that differ from the edition's defaults."""
        base = DEFAULTS[self.ruleset]
        return {k: v for k, v in self.options.items() if base[k] != v}

    def to_dict(self, full: bool = False) -> dict[str, Any]:
        """The docs/notation.md rules dict (only changed options unless full)."""
        return {"ruleset": self.ruleset, "board": dict(self.board.spec),
                "options": dict(self.options) if full else self.changed_options()}

    def __repr__(self) -> str:
        return f"Rules({self.to_dict()!r})"


def resolve_rules(ruleset: str | Rules | dict[str, Any] = "dendria-classic",
                  board: Board | dict[str, Any] | str | int | list | tuple | None = None,
                  size: int | None = None, options: dict[str, Any] | None = None,
                  **more: Any) -> Rules:
    """Validated Rules from a ruleset name, a board (spec dict, Board, preset
    name or list of module centres) or a hexagon ``size``, and option overrides.

    Also accepts a whole docs/notation.md rules dict as ``ruleset``.
    """
    if options is not None and not isinstance(options, dict):
        raise BadRules("the options must be a dict of option names and values, "
                       f"not {brief(options)}")
    if isinstance(ruleset, Rules):
        if board is None and size is None and not options and not more:
            return ruleset
        merged = dict(ruleset.changed_options())
        merged.update(options or {})
        merged.update(more)
        return resolve_rules(ruleset.ruleset, board if board is not None else
                             (None if size is not None else ruleset.board), size, merged)
    if isinstance(ruleset, dict):
        extra = set(ruleset) - {"ruleset", "board", "options"}
        if extra:
            raise BadRules(f"unknown key {sorted(extra)[0]!r} in the rules "
                           "(expected ruleset, board, options)")
        if "ruleset" not in ruleset:
            raise BadRules("the rules need a 'ruleset'")
        opts = ruleset.get("options", {})
        if not isinstance(ruleset["ruleset"], str):
            raise BadRules(f"'ruleset' must be a name like 'dendria-classic', "
                           f"not {brief(ruleset['ruleset'])}")
        if not isinstance(opts, dict):
            raise BadRules("the rules' 'options' must be an object of option names")
        return resolve_rules(ruleset["ruleset"], ruleset.get("board", board), size,
                             {**opts, **(options or {})}, **more)
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise BadRules(f"unknown ruleset {brief(ruleset)} "
                       f"(use one of {', '.join(RULESETS)})")
    if options is not None and not isinstance(options, dict):
        raise BadRules("the options must be a dict of option names and values, "
                       f"not {brief(options)}")
    specs = option_specs(ruleset)
    values = dict(DEFAULTS[ruleset])
    given = dict(options or {})
    given.update(more)
    for name, value in given.items():
        if not isinstance(name, str) or name not in specs:
            raise BadRules(f"unknown option {brief(name)} for {ruleset} "
                           f"(options: {', '.join(sorted(specs))})")
        values[name] = specs[name].check(value)
    if board is not None and size is not None:
        raise BadRules("give either a board or a size, not both")
    if size is not None:
        board_obj = Board.from_spec({"shape": "hexagon", "size": size})
    elif board is None:
        board_obj = Board.from_spec(DEFAULT_BOARDS[ruleset])
    elif isinstance(board, Board):
        board_obj = board
    elif isinstance(board, dict):
        board_obj = Board.from_spec(board)
    elif isinstance(board, str):
        from ..boards import preset
        board_obj = preset(board)
    elif isinstance(board, int) and not isinstance(board, bool):
        board_obj = Board.hexagon(board)
    elif isinstance(board, (list, tuple)):
        board_obj = Board.modular(board)
    else:
        raise BadRules(f"cannot make a board from {brief(board)} (give a size, "
                       "a board dict, a preset name or a list of module centres)")
    return Rules(ruleset, board_obj, values)

"""Plain values from outside: numbers and JSON text, checked once for every layer.

Whatever a person types or a file holds reaches the package as text, numbers
or JSON. These helpers read them strictly, so that no input can stop Python
itself (a whole number too long to convert, NaN and Infinity, nesting too
deep, bytes that are not UTF-8): each problem becomes the caller's
:class:`~dendria_widget.errors.DendriaError` with a sentence naming it.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable, Iterable, NoReturn, TypeGuard

from .errors import DendriaError

#: The largest komi or prisoner count in absolute value (far above any
#: score on the largest board): larger numbers are refused, not computed.
LARGEST = 10 ** 9

#: A JSON whole number with more digits than this is refused while reading
#: (Python's own limit is 4,300 digits; no value of the package needs 20).
MAX_DIGITS = 100


def is_whole(value: object) -> TypeGuard[int]:
    """True for an int (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeGuard[int | float]:
    """True for a finite int or float (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return is_whole(value) or math.isfinite(value)


def brief(value: object) -> str:
    """A short description of a value for a message (never thousands of digits)."""
    if is_whole(value) and not -LARGEST <= value <= LARGEST:
        return "a number out of range"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "an infinite number"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a whole number too long to write, a loop
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number_text(text: object, most: int = LARGEST) -> int | None:
    """The int a string of ASCII digits stands for, or None when ``text`` is
    not such a string or stands for a number above ``most``."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit():
        return None
    if len(text.lstrip("0")) > len(str(most)):
        return None
    value = int(text)
    return value if value <= most else None


def _no_constant(error: type[DendriaError]) -> Callable[[str], NoReturn]:
    def refuse(name: str) -> NoReturn:
        raise error(f"{name} is not a JSON number (use a finite number)")
    return refuse


def _no_long_int(error: type[DendriaError]) -> Callable[[str], int]:
    def read(text: str) -> int:
        if len(text.lstrip("-")) > MAX_DIGITS:
            raise error(f"a whole number of {len(text.lstrip('-'))} digits is too long "
                        f"(at most {MAX_DIGITS} digits)")
        return int(text)
    return read


def _read_float(error: type[DendriaError]) -> Callable[[str], float]:
    def read(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise error(f"the number {text[:20]}{'...' if len(text) > 20 else ''} "
                        "is too large")
        return value
    return read


def _no_duplicates(error: type[DendriaError]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise error(f"the key {key!r} appears twice in one object")
            out[key] = value
        return out
    return build


def loads(text: object, error: type[DendriaError], what: str = "the input") -> Any:
    """Strict JSON: the value of ``text`` (str, or bytes in UTF-8), or
    ``error`` with a sentence: not UTF-8, not JSON, NaN or Infinity, a number
    too long or too large, a key twice in one object, nesting too deep."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise error(f"{what} is not UTF-8 text (byte {e.start + 1} cannot be read)") from None
    if not isinstance(text, str):
        raise error(f"{what} must be JSON text, not {type(text).__name__}")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates(error),
                          parse_constant=_no_constant(error), parse_int=_no_long_int(error),
                          parse_float=_read_float(error))
    except json.JSONDecodeError as e:
        raise error(f"{what} is not valid JSON: {e.msg} "
                    f"(line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise error(f"{what} is not valid JSON: it is nested too deeply") from None


def dumps(obj: object, indent: int | None = None) -> str:
    """Strict JSON text (never NaN or Infinity: ValueError if a value is one)."""
    return json.dumps(obj, indent=indent, allow_nan=False)


def brief_first(keys: Iterable[object]) -> str:
    """``brief`` of the first of some keys in sorted order (keys of any type)."""
    return sorted(brief(k) for k in keys)[0]

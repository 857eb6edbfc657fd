"""The learner's puzzle progress: their Glicko-2 rating, their streak, the
puzzles solved, every attempt, and the puzzles' own ratings as the
learner's attempts moved them.

Kept like the lessons' progress (:mod:`dendria_widget.lessons.progress`):
one small JSON file beside it, ``puzzles.json`` in the same folder
(:func:`dendria_widget.store.home`: ``$DENDRIA_WIDGET_HOME`` when set; on
the site, the site's drive), a :class:`~dendria_widget.store.JsonStore`:
read at every question, and every change is one read-change-write under
the store's lock, applied to what the file holds at that moment, so two
notebooks open at once add to each other's progress instead of writing
over it. Files written before (version 1, by the trainer's own lock file)
read as they are. Where the file cannot be kept (a browser-only kernel
with no drive, a home that is not writable, a file that cannot be used)
the progress lasts the session, the file is left as it was, and
:attr:`note` says why.
"""

from __future__ import annotations

import copy
import logging
from pathlib import Path
from typing import Any, Callable

from ..files import path_text
from ..lessons.progress import progress_path
from ..store import JsonStore, StoreError, home_is_chosen, in_browser, on_drive
from .glicko import Rating

FILE_NAME = "puzzles.json"
VERSION = 1
log = logging.getLogger(__name__)


def puzzle_progress_path() -> Path:
    """Where the puzzle progress lives: beside the lessons' progress file."""
    return progress_path().with_name(FILE_NAME)


def _empty() -> dict[str, Any]:
    return {"version": VERSION, "rating": [1500.0, 350.0, 0.06], "streak": 0,
            "best_streak": 0, "solved": [], "attempts": [], "puzzles": {}}


def _check(doc: dict[str, Any]) -> None:
    """A puzzle progress document, or a ValueError saying what is wrong
    (a missing part is filled in on reading: a file with none is new)."""
    if "rating" in doc and not (isinstance(doc["rating"], list) and len(doc["rating"]) == 3
                                and all(isinstance(x, (int, float)) for x in doc["rating"])):
        raise ValueError("its rating is not three numbers")
    for key, kind in (("solved", list), ("attempts", list), ("puzzles", dict)):
        if key in doc and not isinstance(doc[key], kind):
            raise ValueError(f"its '{key}' is not a {'list' if kind is list else 'table'}")
    for key in ("streak", "best_streak"):
        if key in doc and (isinstance(doc[key], bool) or not isinstance(doc[key], int)):
            raise ValueError(f"its {key.replace('_', ' ')} is not a whole number")


def _filled(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with every part it lacks at its empty value."""
    return {**_empty(), **doc}


class PuzzleProgress:
    """The learner's puzzle progress, kept in ``path`` (default
    :func:`puzzle_progress_path`). Every read goes to the file; every change
    is one locked read-change-write (:meth:`JsonStore.update`)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else puzzle_progress_path()
        self.store = JsonStore(self.path, VERSION, _check, what="the puzzle progress file")
        self._memory: dict[str, Any] | None = None
        self.note = ""
        if in_browser() and not home_is_chosen() and not on_drive(self.path):
            self._keep_in_memory("this kernel runs in the browser, where files are not kept")

    @property
    def kept(self) -> bool:
        """True when the progress is kept in the file between sessions."""
        return self._memory is None

    def _keep_in_memory(self, why: str, data: dict[str, Any] | None = None) -> None:
        self._memory = _filled(data or {})
        self.note = f"Your puzzle progress is kept for this session only: {why}."

    def _unusable(self, e: StoreError, data: dict[str, Any] | None = None) -> None:
        log.warning("cannot use %s", path_text(self.path), exc_info=True)
        if e.reason == "newer":
            why = (f"{path_text(self.path)} was written by a newer version of "
                   "dendria-widget, so it is kept as it is for that version")
        elif e.reason in ("bad", "unreadable"):
            why = f"{e}; the file is left as it is, unchanged"
        else:
            why = f"{e}"
        self._keep_in_memory(why, data)

    # ---------------------------------------------------------- storage
    def read(self) -> dict[str, Any]:
        """Everything kept (a fresh dict, every part filled in)."""
        if self._memory is not None:
            return copy.deepcopy(self._memory)
        try:
            return _filled(self.store.read())
        except StoreError as e:
            self._unusable(e)
            return copy.deepcopy(self._memory or _empty())

    def change(self, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        """Apply ``edit`` (which changes the dict in place) to what the file
        holds now, under the store's lock, and write it; returns what was
        written (or kept in memory when the file cannot be used)."""
        if self._memory is not None:
            edit(self._memory)
            return copy.deepcopy(self._memory)

        def apply(doc: dict[str, Any]) -> dict[str, Any]:
            full = _filled(doc)
            edit(full)
            return full
        try:
            return self.store.update(apply)
        except StoreError as e:
            base: dict[str, Any] = {}
            if e.reason in ("unwritable", "locked"):
                try:
                    base = self.store.read()
                except StoreError:
                    pass
            self._unusable(e, base)
            assert self._memory is not None
            edit(self._memory)
            return copy.deepcopy(self._memory)

    # ------------------------------------------------------------ asking
    def rating(self) -> Rating:
        r = self.read()["rating"]
        return Rating(float(r[0]), float(r[1]), float(r[2]))

    def streak(self) -> int:
        return int(self.read()["streak"])

    def solved(self) -> list[str]:
        return [str(x) for x in self.read()["solved"]]

    def attempts(self) -> list[dict[str, Any]]:
        return list(self.read()["attempts"])

    def puzzle_rating(self, puzzle_id: str, start: Rating) -> Rating:
        """The puzzle's rating as this learner's attempts moved it (``start``
        when they never tried it)."""
        r = self.read()["puzzles"].get(puzzle_id)
        return start if r is None else Rating(float(r[0]), float(r[1]), float(r[2]))

    def record(self, puzzle_id: str, solved: bool, learner: Rating, puzzle: Rating) -> None:
        """Remember one rated attempt: the new ratings, the streak, the solve."""
        def edit(data: dict[str, Any]) -> None:
            data["rating"] = [learner.rating, learner.rd, learner.volatility]
            data["puzzles"][puzzle_id] = [puzzle.rating, puzzle.rd, puzzle.volatility]
            data["attempts"].append({"id": puzzle_id, "solved": solved,
                                     "rating": round(learner.rating, 1)})
            data["streak"] = data["streak"] + 1 if solved else 0
            data["best_streak"] = max(int(data.get("best_streak", 0)), data["streak"])
            if solved and puzzle_id not in data["solved"]:
                data["solved"].append(puzzle_id)
        self.change(edit)

    def mark_solved(self, puzzle_id: str) -> None:
        """Remember a solve that is not rated (after a retry)."""
        def edit(data: dict[str, Any]) -> None:
            if puzzle_id not in data["solved"]:
                data["solved"].append(puzzle_id)
        self.change(edit)

    def reset(self) -> None:
        """Forget everything (a fresh file)."""
        if self._memory is not None and not (in_browser() and not home_is_chosen()
                                             and not on_drive(self.path)):
            self._memory, self.note = None, ""
        def edit(data: dict[str, Any]) -> None:
            data.clear()
            data.update(_empty())
        self.change(edit)

    def __repr__(self) -> str:
        return f"<PuzzleProgress ({self.path if self.kept else 'this session only'})>"
